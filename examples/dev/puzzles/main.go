// Command puzzles writes a puzzle set of package puzzles: it plays the self-play games of a
// range of seeds (levels of the ladder against each other, package engine's Strength), screens
// their positions and keeps those the verifier accepts at full strength. Everything is bounded
// by node counts, not time, so the same flags write the same file.
//
//	go run ./examples/dev/puzzles -game xiangqi -seeds 1-400 -max 320 -out puzzles/xiangqi.tsv
//	go run ./examples/dev/puzzles -game chess -seeds 1-40 -max 8 -out puzzles/chess.tsv
//
// Seeds are taken in order; with -max the run stops after the first seed that brings the
// count to at least that many, and the file holds the puzzles of the seeds played. A seed's
// puzzles depend on the seed alone, so -concurrency N plays N seeds at once (one generator
// each) and writes the same file as one at a time. -v prints each verified candidate to
// standard error, -progress one line per seed.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/cotuong-ai/cotuong/engine"
	"github.com/cotuong-ai/cotuong/puzzles"
)

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

func run(args []string, out, errOut io.Writer) int {
	fs := flag.NewFlagSet("puzzles", flag.ContinueOnError)
	fs.SetOutput(errOut)
	gameFlag := fs.String("game", "xiangqi", "the game: xiangqi or chess")
	seeds := fs.String("seeds", "1-10", "the seeds of the self-play games: N or FIRST-LAST")
	maxCount := fs.Int("max", 0, "stop after the seed that brings the set to this many puzzles (0: play every seed)")
	outFile := fs.String("out", "", "the file to write (default: standard output)")
	verbose := fs.Bool("v", false, "print every verified candidate to standard error")
	progress := fs.Bool("progress", false, "print one line per seed to standard error")
	verifyNodes := fs.Int64("verify-nodes", 0, "node budget of each verification search (0: the default generator's)")
	conc := fs.Int("concurrency", 1, "seeds played at once (the file is the same)")
	retag := fs.String("retag", "", "read this set file and write it again with each puzzle's motifs found anew (no games are played)")
	check := fs.String("check", "", "judge this set file with outside engines (-engines, -depth) and write it without the puzzles they find wrong")
	engines := fs.String("engines", "fsf=/usr/games/fairy-stockfish,pikafish=/tmp/pikafish", "the outside engines of -check, name=path separated by commas")
	depth := fs.Int("depth", 12, "the depth of -check's searches, in plies")
	mateSample := fs.Int("mate-sample", 0, "judge only this many mate puzzles in -check, spread over the file (0: all)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	v, err := engine.ParseVariant(*gameFlag)
	if err != nil {
		fmt.Fprintln(errOut, "puzzles:", err)
		return 2
	}
	if *check != "" {
		return checkFile(v, *check, *outFile, *engines, *depth, *mateSample, out, errOut)
	}
	if *retag != "" {
		return retagFile(v, *retag, *outFile, out, errOut)
	}
	first, last, err := parseSeeds(*seeds)
	if err != nil {
		fmt.Fprintln(errOut, "puzzles:", err)
		return 2
	}
	newGen := func() *puzzles.Generator {
		gen := puzzles.DefaultGenerator(v)
		if *verifyNodes > 0 {
			gen.VerifyNodes = *verifyNodes
		}
		return gen
	}
	var log func(string)
	if *verbose {
		log = func(s string) { fmt.Fprintln(errOut, s) }
	}
	var w io.Writer = out
	if *outFile != "" {
		f, err := os.Create(*outFile)
		if err != nil {
			fmt.Fprintln(errOut, "puzzles:", err)
			return 1
		}
		defer f.Close()
		w = f
	}
	var b strings.Builder
	fmt.Fprintf(&b, "# %s puzzles of package puzzles: FEN, solution (UCI), theme, difficulty (plies), seed:ply\n", v)
	fmt.Fprintf(&b, "# written by: go run ./examples/dev/puzzles -game %s -seeds %s -max %d (verification: %d nodes a search)\n",
		v, *seeds, *maxCount, newGen().VerifyNodes)
	count := 0
	played := last
	seen := map[string]bool{}
	results, received := seedResults(first, last, max(*conc, 1), newGen, log)
	for seed := first; seed <= last; seed++ {
		kept := 0
		ps := <-results[seed-first]
		received()
		for _, p := range ps {
			key := positionKey(p.FEN)
			if seen[key] {
				continue // the same position from an earlier game
			}
			seen[key] = true
			p.Motifs = puzzles.Motifs(p)
			b.WriteString(p.Line())
			b.WriteByte('\n')
			kept++
		}
		count += kept
		// Each seed's lines are written at once, so that a long run stopped early leaves
		// the puzzles found so far.
		if _, err := io.WriteString(w, b.String()); err != nil {
			fmt.Fprintln(errOut, "puzzles:", err)
			return 1
		}
		b.Reset()
		if *progress {
			fmt.Fprintf(errOut, "seed %d: %d puzzles, %d in all\n", seed, kept, count)
		}
		if *maxCount > 0 && count >= *maxCount {
			played = seed
			break
		}
	}
	fmt.Fprintf(&b, "# %d puzzles from seeds %d-%d\n", count, first, played)
	if _, err = io.WriteString(w, b.String()); err != nil {
		fmt.Fprintln(errOut, "puzzles:", err)
		return 1
	}
	return 0
}

// seedResults plays the seeds first..last on conc goroutines, each with its own generator
// from newGen, and returns one channel per seed (index seed-first) that receives the seed's
// puzzles, and received, to be called after each seed's puzzles are taken. Seeds are started
// in order, at most 2·conc of them not yet taken, so that a run stopped by -max plays few
// seeds past the last one it needs; the workers end with the process.
func seedResults(first, last uint64, conc int, newGen func() *puzzles.Generator, log func(string)) (out []chan []puzzles.Puzzle, received func()) {
	out = make([]chan []puzzles.Puzzle, last-first+1)
	for i := range out {
		out[i] = make(chan []puzzles.Puzzle, 1)
	}
	credit := make(chan struct{}, 2*conc)
	for range 2 * conc {
		credit <- struct{}{}
	}
	next := make(chan uint64)
	go func() {
		for seed := first; seed <= last; seed++ {
			<-credit
			next <- seed
		}
		close(next)
	}()
	for range conc {
		go func() {
			gen := newGen()
			for seed := range next {
				out[seed-first] <- gen.Puzzles(seed, log)
			}
		}()
	}
	return out, func() { credit <- struct{}{} }
}

// positionKey is the part of a FEN that makes the position: the board and the side to move.
func positionKey(fen string) string {
	f := strings.Fields(fen)
	return strings.Join(f[:min(len(f), 2)], " ")
}

// parseSeeds reads "N" or "FIRST-LAST" (FIRST <= LAST).
func parseSeeds(s string) (first, last uint64, err error) {
	a, b, isRange := strings.Cut(s, "-")
	first, err = strconv.ParseUint(strings.TrimSpace(a), 10, 64)
	if err != nil {
		return 0, 0, fmt.Errorf("-seeds %q: want N or FIRST-LAST", s)
	}
	last = first
	if isRange {
		last, err = strconv.ParseUint(strings.TrimSpace(b), 10, 64)
		if err != nil {
			return 0, 0, fmt.Errorf("-seeds %q: want N or FIRST-LAST", s)
		}
	}
	if last < first {
		return 0, 0, errors.New("-seeds: the last seed is before the first")
	}
	return first, last, nil
}

// retagFile reads the set file in, finds each puzzle's motifs again (puzzles.Motifs) and
// writes the set to outFile (standard output when empty), comments kept.
func retagFile(v engine.Variant, in, outFile string, out, errOut io.Writer) int {
	data, err := os.ReadFile(in)
	if err != nil {
		fmt.Fprintln(errOut, "puzzles:", err)
		return 1
	}
	var b strings.Builder
	lines := strings.Split(strings.TrimRight(string(data), "\n"), "\n")
	if code := eachPuzzle(v, in, lines, &b, errOut, func(_ string, p puzzles.Puzzle) int {
		p.Motifs = puzzles.Motifs(p)
		b.WriteString(p.Line() + "\n")
		return 0
	}); code != 0 {
		return code
	}
	return writeSet(b.String(), outFile, out, errOut)
}

// eachPuzzle calls f with each puzzle line of a set file (in, for errors) and its puzzle, in
// order; blank and comment lines go to b as they are. A line that is not one puzzle is an
// error (1); f's non-zero code stops the walk and is returned.
func eachPuzzle(v engine.Variant, in string, lines []string, b *strings.Builder, errOut io.Writer, f func(line string, p puzzles.Puzzle) int) int {
	for i, line := range lines {
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			b.WriteString(line + "\n")
			continue
		}
		ps, err := puzzles.Parse(v, line)
		if err != nil || len(ps) != 1 {
			fmt.Fprintf(errOut, "puzzles: %s line %d: %v\n", in, i+1, err)
			return 1
		}
		if code := f(line, ps[0]); code != 0 {
			return code
		}
	}
	return 0
}

// writeSet writes a set's text to outFile, or to out when outFile is "" (1 on error).
func writeSet(text, outFile string, out, errOut io.Writer) int {
	var err error
	if outFile == "" {
		_, err = io.WriteString(out, text)
	} else {
		err = os.WriteFile(outFile, []byte(text), 0o644)
	}
	if err != nil {
		fmt.Fprintln(errOut, "puzzles:", err)
		return 1
	}
	return 0
}
