package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"runtime/pprof"
	"strconv"
	"strings"
	"time"

	"github.com/cotuong-ai/cotuong/levels"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// splitList splits a comma-separated flag value, dropping empty items.
func splitList(s string) []string {
	var out []string
	for _, f := range strings.Split(s, ",") {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	return out
}

// buildConfigs returns the level configurations named in levelList ("all", "none", or names)
// followed by the product of the -depth, -time and -hash lists when any of them is given.
func buildConfigs(levelList, depths, times, hashes string) ([]Config, error) {
	var cfgs []Config
	hashList := splitList(hashes)
	defHash := 16
	var hs []int
	for _, h := range hashList {
		n, err := strconv.Atoi(h)
		if err != nil || n <= 0 {
			return nil, fmt.Errorf("-hash %q: want a positive number of MiB", h)
		}
		hs = append(hs, n)
	}
	switch strings.ToLower(strings.TrimSpace(levelList)) {
	case "none", "":
	case "all":
		for _, l := range levels.All() {
			cfgs = append(cfgs, Config{Name: l.Name, Depth: l.Depth, Nodes: l.Nodes, Time: l.Time, HashMiB: defHash})
		}
	default:
		for _, name := range splitList(levelList) {
			l, err := levels.Parse(name)
			if err != nil {
				return nil, fmt.Errorf("-levels: %w", err)
			}
			cfgs = append(cfgs, Config{Name: l.Name, Depth: l.Depth, Nodes: l.Nodes, Time: l.Time, HashMiB: defHash})
		}
	}
	ds, ts := splitList(depths), splitList(times)
	if len(ds) == 0 && len(ts) == 0 && len(hs) == 0 {
		return cfgs, nil
	}
	var dv []int
	for _, d := range ds {
		n, err := strconv.Atoi(d)
		if err != nil || n < 0 {
			return nil, fmt.Errorf("-depth %q: want plies >= 0 (0 = no cap)", d)
		}
		dv = append(dv, n)
	}
	var tv []time.Duration
	for _, t := range ts {
		v, err := time.ParseDuration(t)
		if err != nil || v < 0 {
			return nil, fmt.Errorf("-time %q: want a duration such as 200ms", t)
		}
		tv = append(tv, v)
	}
	if len(dv) == 0 {
		dv = []int{0}
	}
	if len(tv) == 0 {
		tv = []time.Duration{0}
	}
	if len(hs) == 0 {
		hs = []int{defHash}
	}
	for _, d := range dv {
		for _, t := range tv {
			if d == 0 && t == 0 {
				return nil, fmt.Errorf("a configuration needs a depth or a time limit (-depth or -time)")
			}
			for _, h := range hs {
				var parts []string
				if d > 0 {
					parts = append(parts, "d"+strconv.Itoa(d))
				}
				if t > 0 {
					parts = append(parts, t.String())
				}
				if len(hs) > 1 || h != defHash {
					parts = append(parts, strconv.Itoa(h)+"MiB")
				}
				cfgs = append(cfgs, Config{Name: strings.Join(parts, "/"), Depth: d, Time: t, HashMiB: h})
			}
		}
	}
	return cfgs, nil
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var (
		gameList  = fs.String("game", "xiangqi,chess", "games to run: xiangqi, chess or both (comma-separated)")
		levelList = fs.String("levels", "all", "levels to run: all, none, or names or numbers on the ladder (e.g. beginner,5,master), each with its depth cap, node cap and time")
		depths    = fs.String("depth", "", "extra configurations: depth caps in plies (comma-separated)")
		times     = fs.String("time", "", "extra configurations: time budgets (comma-separated, e.g. 50ms,200ms)")
		hashes    = fs.String("hash", "", "extra configurations: TT sizes in MiB (comma-separated)")
		reps      = fs.Int("n", 3, "repetitions of every search")
		posDir    = fs.String("positions", "", "directory with <game>.tsv position files (default: the built-in testdata)")
		only      = fs.String("only", "", "run only these position labels (comma-separated)")
		outDir    = fs.String("out", "bench-out", "directory for bench.csv and the plots")
		plotFmt   = fs.String("plotfmt", "svg", "plot format: svg or png")
		cpuprof   = fs.String("cpuprofile", "", "write a CPU profile to this file")
		quiet     = fs.Bool("quiet", false, "no progress lines on stderr")
	)
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0 // -h asked for the usage: not an error
		}
		return 2
	}
	fail := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "bench: "+format+"\n", a...)
		return 2
	}
	if *reps < 1 {
		return fail("-n %d: want at least 1", *reps)
	}
	games := splitList(*gameList)
	if len(games) == 0 {
		return fail("-game: no game")
	}
	configs, err := buildConfigs(*levelList, *depths, *times, *hashes)
	if err != nil {
		return fail("%v", err)
	}
	if len(configs) == 0 {
		return fail("no configuration: give -levels or -depth/-time/-hash")
	}
	onlySet := map[string]bool{}
	for _, l := range splitList(*only) {
		onlySet[l] = true
	}
	positions := map[string][]Prepared{}
	for _, g := range games {
		if g != "xiangqi" && g != "chess" {
			return fail("-game %q: want xiangqi or chess", g)
		}
		entries, err := loadEntries(g, *posDir)
		if err != nil {
			return fail("%v", err)
		}
		for _, e := range entries {
			if len(onlySet) > 0 && !onlySet[e.Label] {
				continue
			}
			p, err := prepare(e)
			if err != nil {
				return fail("%v", err)
			}
			positions[g] = append(positions[g], p)
		}
		if len(positions[g]) == 0 {
			return fail("%s: no position matches -only %q", g, *only)
		}
	}
	if err := os.MkdirAll(*outDir, 0o755); err != nil {
		return fail("%v", err)
	}
	if *cpuprof != "" {
		f, err := os.Create(*cpuprof)
		if err != nil {
			return fail("-cpuprofile: %v", err)
		}
		if err := pprof.StartCPUProfile(f); err != nil {
			f.Close()
			return fail("-cpuprofile: %v", err)
		}
		defer func() {
			pprof.StopCPUProfile()
			f.Close()
		}()
	}
	ctx, cancel := signal.NotifyContext(context.Background(), os.Interrupt)
	defer cancel()
	var progress io.Writer
	if !*quiet {
		progress = stderr
	}
	rows := runAll(ctx, games, positions, configs, *reps, progress)
	if ctx.Err() != nil {
		fmt.Fprintln(stderr, "bench: interrupted; writing what was measured")
	}
	csvPath := filepath.Join(*outDir, "bench.csv")
	f, err := os.Create(csvPath)
	if err != nil {
		return fail("%v", err)
	}
	if err := writeCSV(f, rows); err != nil {
		f.Close()
		return fail("%s: %v", csvPath, err)
	}
	if err := f.Close(); err != nil {
		return fail("%s: %v", csvPath, err)
	}
	writeSummary(stdout, rows, *reps)
	files, err := writePlots(*outDir, *plotFmt, rows)
	if err != nil {
		return fail("plots: %v", err)
	}
	fmt.Fprintf(stdout, "\nwrote %s and %s\n", csvPath, strings.Join(files, ", "))
	return 0
}
