package main

import (
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"runtime/debug"
)

func main() {
	err := run(os.Args[1:])
	switch {
	case errors.Is(err, flag.ErrHelp): // -h asked for the usage: not an error
	case err != nil:
		fmt.Fprintln(os.Stderr, "tune:", err)
		os.Exit(2)
	}
}

func run(args []string) error {
	fl := flag.NewFlagSet("tune", flag.ContinueOnError)
	gameName := fl.String("game", "xiangqi", "game: xiangqi or chess")
	seed := fl.Uint64("seed", 1, "seed of the random openings")
	games := fl.Int("games", 200, "self-play games to generate (0: only read -data)")
	nodes := fl.Int64("nodes", 4000, "search nodes per self-play move")
	random := fl.Int("random", 8, "at most this many random plies open each game")
	maxPlies := fl.Int("maxplies", 300, "a game not over after this many plies is a draw")
	lambda := fl.Float64("lambda", 0.5, "weight of the game result in the label (the rest is the search score)")
	data := fl.String("data", "", "data file: written after self-play, or read when -games is 0")
	out := fl.String("out", "", "write the weights as Go source here (default: standard output)")
	iters := fl.Int("iters", 2000, "gradient descent iterations")
	rate := fl.Float64("rate", 1, "Adam step size, centipawns")
	l2 := fl.Float64("l2", 0, "L2 pull of each weight towards its current value, per centipawn²")
	testData := fl.String("test", "", "held-out data file: its error is reported before and after the fit")
	fixMaterial := fl.Bool("fixmaterial", false, "keep the material values, fit only the positional terms")
	if err := fl.Parse(args); err != nil {
		return err
	}
	if *games < 0 || *nodes <= 0 || *iters < 0 || *lambda < 0 || *lambda > 1 {
		return errors.New("-games and -iters must be >= 0, -nodes > 0, -lambda within 0..1")
	}
	k, err := kitFor(*gameName)
	if err != nil {
		return err
	}
	params := k.params
	var ps []position
	var header string
	if *games > 0 {
		cfg := genConfig{Seed: *seed, Games: *games, Nodes: *nodes, Random: *random, MaxPlies: *maxPlies, Lambda: *lambda, K: 1}
		header = dataHeader(k.name, buildID(), cfg)
		ps = selfPlay(k, cfg, func(g, kept int) {
			if g%10 == 0 || g == *games {
				fmt.Fprintf(os.Stderr, "games %d/%d, positions %d\n", g, *games, kept)
			}
		})
		if *data != "" {
			f, err := os.Create(*data)
			if err != nil {
				return err
			}
			if err := writeData(f, header, ps); err != nil {
				f.Close()
				return err
			}
			if err := f.Close(); err != nil {
				return err
			}
		}
	} else {
		if *data == "" {
			return errors.New("-games 0 needs -data, the file of positions to fit")
		}
		f, err := os.Open(*data)
		if errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("data file %s does not exist (generate it with -games N -data %s)", *data, *data)
		} else if err != nil {
			return err
		}
		ps, header, err = readData(f, k)
		f.Close()
		if err != nil {
			return fmt.Errorf("%s: %w", *data, err)
		}
		if header == "" {
			header = "unrecorded (" + *data + " has no header line)"
		}
	}
	if len(ps) == 0 {
		return errors.New("no positions to fit")
	}
	set, err := samples(k, ps)
	if err != nil {
		return err
	}
	mg, eg := make([]float64, len(params)), make([]float64, len(params))
	for i, p := range params {
		mg[i], eg[i] = float64(p.MG), float64(p.EG)
	}
	var fixed []bool
	if *fixMaterial {
		fixed = make([]bool, len(params))
		for i := 0; i < k.materials; i++ {
			fixed[i] = true
		}
	}
	k0 := fitK(set, mg, eg)
	before := meanError(set, k0, mg, eg)
	kk, mse := fit(set, mg, eg, fitConfig{K: k0, Iters: *iters, Rate: *rate, Fixed: fixed, L2: *l2})
	fmt.Fprintf(os.Stderr, "positions %d, K %.4f, error %.6f -> %.6f\n", len(set), kk, before, mse)
	if *testData != "" {
		f, err := os.Open(*testData)
		if err != nil {
			return err
		}
		tps, _, err := readData(f, k)
		f.Close()
		if err != nil {
			return fmt.Errorf("%s: %w", *testData, err)
		}
		tset, err := samples(k, tps)
		if err != nil {
			return err
		}
		mg0, eg0 := make([]float64, len(params)), make([]float64, len(params))
		for i, p := range params {
			mg0[i], eg0[i] = float64(p.MG), float64(p.EG)
		}
		fmt.Fprintf(os.Stderr, "held out %d positions, error %.6f -> %.6f\n", len(tset),
			meanError(tset, kk, mg0, eg0), meanError(tset, kk, mg, eg))
	}
	for i, p := range params {
		fmt.Fprintf(os.Stderr, "%-32s %5d %5d -> %6.1f %6.1f\n", p.Name, p.MG, p.EG, mg[i], eg[i])
	}
	src, err := k.source(mg, eg, provenance{
		Data: header, Build: buildID(), Positions: len(set), K: kk, MSE: mse, L2: *l2, Iters: *iters,
	})
	if err != nil {
		return err
	}
	if *out == "" {
		_, err = os.Stdout.Write(src)
		return err
	}
	return os.WriteFile(*out, src, 0o644)
}

// buildID names the build: the VCS revision (with "+dirty" for local changes) when the
// binary records it, else the module version.
func buildID() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "unknown"
	}
	rev, dirty := "", false
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	if rev == "" {
		return bi.Main.Version + " (no VCS stamp: build with -buildvcs=true) " + bi.GoVersion
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	if dirty {
		rev += "+dirty"
	}
	return rev + " " + bi.GoVersion
}
