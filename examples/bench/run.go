package main

import (
	"context"
	"encoding/csv"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/cotuong-ai/cotuong/gamesearch"
)

// Config is one search configuration: a level of the level table or one given by flags.
type Config struct {
	Name    string
	Depth   int           // plies; 0 = no cap
	Nodes   int64         // node cap; 0 = none (a level's cap)
	Time    time.Duration // wall-clock budget; 0 = none
	HashMiB int           // transposition table size
}

// Budget is the time budget in milliseconds used on the plots' x axis.
func (c Config) Budget() float64 { return float64(c.Time) / float64(time.Millisecond) }

// Row is one line of the CSV: one search of one position under one configuration.
type Row struct {
	Game   string
	Config Config
	Entry  Entry
	Rep    int // 1-based repetition
	Sample
}

// Right is "yes"/"no", or "" when the position has no expected answer.
func (r Row) Right() string {
	if !r.Entry.HasAnswer() {
		return ""
	}
	if r.Entry.Right(r.Move) {
		return "yes"
	}
	return "no"
}

// NPS is nodes per second of the search (0 when it took no measurable time).
func (r Row) NPS() int64 {
	if r.Elapsed <= 0 {
		return 0
	}
	return int64(float64(r.Nodes) / r.Elapsed.Seconds())
}

// csvHeader is the CSV's header line.
var csvHeader = []string{"game", "config", "depth_limit", "nodes_limit", "time_limit_ms", "hash_mib", "position",
	"category", "rep", "move", "best", "avoid", "right", "depth", "seldepth", "score", "nodes",
	"time_ms", "nps"}

func (r Row) record() []string {
	return []string{r.Game, r.Config.Name, strconv.Itoa(r.Config.Depth), strconv.FormatInt(r.Config.Nodes, 10),
		strconv.FormatInt(r.Config.Time.Milliseconds(), 10), strconv.Itoa(r.Config.HashMiB),
		r.Entry.Label, r.Entry.Category, strconv.Itoa(r.Rep), r.Move,
		strings.Join(r.Entry.Best, " "), strings.Join(r.Entry.Avoid, " "), r.Right(),
		strconv.Itoa(r.Depth), strconv.Itoa(r.SelDepth), strconv.Itoa(r.Score),
		strconv.FormatInt(r.Nodes, 10), fmt.Sprintf("%.3f", float64(r.Elapsed)/float64(time.Millisecond)),
		strconv.FormatInt(r.NPS(), 10)}
}

// writeCSV writes the header and one line per row.
func writeCSV(w io.Writer, rows []Row) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(csvHeader); err != nil {
		return err
	}
	for _, r := range rows {
		if err := cw.Write(r.record()); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// runAll searches every position under every configuration reps times, writing a progress
// line per search to progress (nil = none).
func runAll(ctx context.Context, games []string, positions map[string][]Prepared, configs []Config, reps int, progress io.Writer) []Row {
	total := 0
	for _, g := range games {
		total += len(positions[g]) * len(configs) * reps
	}
	var rows []Row
	start := time.Now()
	for _, g := range games {
		for _, c := range configs {
			for _, p := range positions[g] {
				for rep := 1; rep <= reps; rep++ {
					if ctx.Err() != nil {
						return rows
					}
					s := p.Search(ctx, gamesearch.Limits{Depth: c.Depth, Nodes: c.Nodes, Time: c.Time}, c.HashMiB)
					r := Row{Game: g, Config: c, Entry: p.Entry, Rep: rep, Sample: s}
					rows = append(rows, r)
					if progress != nil {
						mark := ""
						switch r.Right() {
						case "yes":
							mark = " right"
						case "no":
							mark = " WRONG"
						}
						fmt.Fprintf(progress, "[%d/%d %s] %s %-7s %-11s rep %d: %-6s%s depth %d nodes %d %.0f ms\n",
							len(rows), total, time.Since(start).Round(time.Second), g, c.Name, p.Label, rep,
							r.Move, mark, r.Depth, r.Nodes, float64(r.Elapsed)/float64(time.Millisecond))
					}
				}
			}
		}
	}
	return rows
}

// Agg is the summary of one game under one configuration.
type Agg struct {
	Game      string
	Config    Config
	Positions int     // positions searched
	Answered  int     // positions with an expected answer
	Solved    int     // answered positions right in every repetition
	RightRate float64 // right searches / searches of answered positions
	Depth     float64 // mean completed depth
	Nodes     float64 // mean nodes
	TimeMS    float64 // mean time
	NPS       float64 // total nodes / total time
}

// aggregate summarises rows per game and configuration, in the order they first appear.
func aggregate(rows []Row) []Agg {
	type key struct{ game, cfg string }
	var order []key
	groups := map[key][]Row{}
	for _, r := range rows {
		k := key{r.Game, r.Config.Name}
		if _, ok := groups[k]; !ok {
			order = append(order, k)
		}
		groups[k] = append(groups[k], r)
	}
	var out []Agg
	for _, k := range order {
		rs := groups[k]
		a := Agg{Game: k.game, Config: rs[0].Config}
		allRight := map[string]bool{}
		var rightN, answeredN int
		var depth, nodes int64
		var elapsed time.Duration
		for _, r := range rs {
			if _, ok := allRight[r.Entry.Label]; !ok {
				a.Positions++
				allRight[r.Entry.Label] = true
				if r.Entry.HasAnswer() {
					a.Answered++
				}
			}
			if r.Entry.HasAnswer() {
				answeredN++
				if r.Right() == "yes" {
					rightN++
				} else {
					allRight[r.Entry.Label] = false
				}
			}
			depth += int64(r.Depth)
			nodes += r.Nodes
			elapsed += r.Elapsed
		}
		for _, r := range rs {
			if r.Entry.HasAnswer() && allRight[r.Entry.Label] {
				a.Solved++
				allRight[r.Entry.Label] = false // count once
			}
		}
		n := float64(len(rs))
		a.Depth = float64(depth) / n
		a.Nodes = float64(nodes) / n
		a.TimeMS = float64(elapsed) / float64(time.Millisecond) / n
		if elapsed > 0 {
			a.NPS = float64(nodes) / elapsed.Seconds()
		}
		if answeredN > 0 {
			a.RightRate = float64(rightN) / float64(answeredN)
		}
		out = append(out, a)
	}
	return out
}

// writeSummary prints the per-configuration table and the per-position table.
func writeSummary(w io.Writer, rows []Row, reps int) {
	aggs := aggregate(rows)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "game\tconfig\tdepth≤\tnodes≤\ttime ms\thash MiB\tsolved\tright %%\tmean depth\tmean nodes\tmean ms\tknodes/s\t\n")
	for _, a := range aggs {
		lim := "-"
		if a.Config.Depth > 0 {
			lim = strconv.Itoa(a.Config.Depth)
		}
		nodes := "-"
		if a.Config.Nodes > 0 {
			nodes = strconv.FormatInt(a.Config.Nodes, 10)
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%d\t%d\t%d/%d\t%.0f\t%.1f\t%.0f\t%.1f\t%.0f\t\n", a.Game, a.Config.Name, lim, nodes,
			a.Config.Time.Milliseconds(), a.Config.HashMiB, a.Solved, a.Answered, 100*a.RightRate, a.Depth,
			a.Nodes, a.TimeMS, a.NPS/1000)
	}
	tw.Flush()
	fmt.Fprintf(w, "(solved = right in all %d repetitions; right %% over all searches of positions with an answer)\n\n", reps)

	// Per position: the move chosen (first repetition), right/wrong mark and depth.
	type key struct{ game, cfg, label string }
	first := map[key]Row{}
	var games []string
	var cfgs []string
	gameLabels := map[string][]string{}
	for _, r := range rows {
		k := key{r.Game, r.Config.Name, r.Entry.Label}
		if _, ok := first[k]; !ok {
			first[k] = r
		}
		if !slices.Contains(games, r.Game) {
			games = append(games, r.Game)
		}
		if !slices.Contains(cfgs, r.Config.Name) {
			cfgs = append(cfgs, r.Config.Name)
		}
		if !slices.Contains(gameLabels[r.Game], r.Entry.Label) {
			gameLabels[r.Game] = append(gameLabels[r.Game], r.Entry.Label)
		}
	}
	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "game\tposition\texpected")
	for _, c := range cfgs {
		fmt.Fprintf(tw, "\t%s", c)
	}
	fmt.Fprintln(tw, "\t")
	for _, g := range games {
		for _, l := range gameLabels[g] {
			var exp string
			for _, c := range cfgs {
				if r, ok := first[key{g, c, l}]; ok {
					exp = strings.Join(r.Entry.Best, "/")
					if len(r.Entry.Avoid) > 0 {
						if exp != "" {
							exp += " "
						}
						exp += "not " + strings.Join(r.Entry.Avoid, "/")
					}
					if exp == "" {
						exp = "-"
					}
					break
				}
			}
			if len(exp) > 28 {
				exp = exp[:27] + "…"
			}
			fmt.Fprintf(tw, "%s\t%s\t%s", g, l, exp)
			for _, c := range cfgs {
				r, ok := first[key{g, c, l}]
				if !ok {
					fmt.Fprintf(tw, "\t")
					continue
				}
				mark := ""
				switch r.Right() {
				case "yes":
					mark = "+"
				case "no":
					mark = "x"
				}
				fmt.Fprintf(tw, "\t%s%s d%d", r.Move, mark, r.Depth)
			}
			fmt.Fprintln(tw, "\t")
		}
	}
	tw.Flush()
	fmt.Fprintln(w, "(move of the first repetition: + right, x wrong; dN = completed depth)")
}
