package main

import (
	"fmt"
	"math"
	"path/filepath"
	"slices"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
)

// plotX is a configuration's x position on the budget plots: its time budget in ms, or its
// mean measured time when it has no time budget (a depth-only configuration).
func plotX(a Agg) float64 {
	if a.Config.Time > 0 {
		return a.Config.Budget()
	}
	return math.Max(a.TimeMS, 0.001)
}

// writePlots draws depth.<ext>, nodes.<ext> and solved.<ext> into dir and returns their
// paths. ext is "svg" or "png".
func writePlots(dir, ext string, rows []Row) ([]string, error) {
	if ext != "svg" && ext != "png" {
		return nil, fmt.Errorf("plot format %q: want svg or png", ext)
	}
	aggs := aggregate(rows)
	var games, cfgs []string
	for _, a := range aggs {
		if !slices.Contains(games, a.Game) {
			games = append(games, a.Game)
		}
		if !slices.Contains(cfgs, a.Config.Name) {
			cfgs = append(cfgs, a.Config.Name)
		}
	}
	series := func(game string, y func(Agg) float64) (plotter.XYs, []string) {
		var pts []Agg
		for _, a := range aggs {
			if a.Game == game {
				pts = append(pts, a)
			}
		}
		slices.SortStableFunc(pts, func(a, b Agg) int {
			switch {
			case plotX(a) < plotX(b):
				return -1
			case plotX(a) > plotX(b):
				return 1
			}
			return 0
		})
		xys := make(plotter.XYs, len(pts))
		names := make([]string, len(pts))
		for i, a := range pts {
			xys[i] = plotter.XY{X: plotX(a), Y: y(a)}
			names[i] = a.Config.Name
		}
		return xys, names
	}
	var files []string
	save := func(p *plot.Plot, name string) error {
		path := filepath.Join(dir, name+"."+ext)
		if err := p.Save(16*vg.Centimeter, 10*vg.Centimeter, path); err != nil {
			return fmt.Errorf("saving %s: %w", path, err)
		}
		files = append(files, path)
		return nil
	}
	line := func(title, ylabel, name string, y func(Agg) float64, logY bool) error {
		p := plot.New()
		p.Title.Text = title
		p.X.Label.Text = "time budget (ms)"
		p.Y.Label.Text = ylabel
		if logY {
			p.Y.Scale = plot.LogScale{}
			p.Y.Tick.Marker = plot.LogTicks{Prec: -1}
		} else {
			p.Y.Min = 0
		}
		p.Add(plotter.NewGrid())
		var args []any
		labelled := map[float64]bool{} // one configuration name per x position
		maxX, maxY := 0.0, 0.0
		for _, g := range games {
			xys, names := series(g, y)
			args = append(args, g, xys)
			var lx plotter.XYs
			var ln []string
			for i, xy := range xys {
				maxX = math.Max(maxX, xy.X)
				maxY = math.Max(maxY, xy.Y)
				if !labelled[xy.X] {
					labelled[xy.X] = true
					lx = append(lx, xy)
					ln = append(ln, names[i])
				}
			}
			if len(lx) == 0 {
				continue
			}
			lab, err := plotter.NewLabels(plotter.XYLabels{XYs: lx, Labels: ln})
			if err != nil {
				return err
			}
			for i := range lab.TextStyle {
				lab.TextStyle[i].XAlign = -0.5
				lab.TextStyle[i].YAlign = 0.3
			}
			p.Add(lab)
		}
		// Points, not lines: configurations differ in depth caps as well as in time.
		if err := plotutil.AddScatters(p, args...); err != nil {
			return err
		}
		p.X.Min = 0
		p.X.Max = maxX * 1.12 // room for the last label
		if logY {
			p.Y.Max = maxY * 8 // room for the legend
		} else {
			p.Y.Max = maxY * 1.3
		}
		p.Legend.Top = true
		p.Legend.Left = true
		p.Legend.XOffs = vg.Points(30)
		return save(p, name)
	}
	if err := line("Completed depth against time budget", "mean completed depth (plies)", "depth",
		func(a Agg) float64 { return a.Depth }, false); err != nil {
		return files, err
	}
	if err := line("Nodes against time budget", "mean nodes per search", "nodes",
		func(a Agg) float64 { return math.Max(a.Nodes, 1) }, true); err != nil {
		return files, err
	}

	// Solved positions per configuration, one bar per game.
	p := plot.New()
	p.Title.Text = "Solved positions per level"
	p.Y.Label.Text = "positions solved (right in every repetition)"
	p.Add(plotter.NewGrid())
	w := vg.Points(18)
	maxAnswered := 0
	for gi, g := range games {
		vals := make(plotter.Values, len(cfgs))
		for ci, c := range cfgs {
			for _, a := range aggs {
				if a.Game == g && a.Config.Name == c {
					vals[ci] = float64(a.Solved)
					maxAnswered = max(maxAnswered, a.Answered)
				}
			}
		}
		bars, err := plotter.NewBarChart(vals, w)
		if err != nil {
			return files, err
		}
		bars.LineStyle.Width = vg.Length(0)
		bars.Color = plotutil.Color(gi)
		bars.Offset = w * vg.Length(float64(gi)-float64(len(games)-1)/2)
		p.Add(bars)
		p.Legend.Add(g, bars)
	}
	p.Legend.Top = true
	p.Legend.Left = true
	p.NominalX(cfgs...)
	p.Y.Min = 0
	p.Y.Max = math.Ceil(float64(maxAnswered)*1.35) + 1 // headroom for the legend
	if err := save(p, "solved"); err != nil {
		return files, err
	}
	return files, nil
}
