// Command bookgen writes an opening book for the match tool (examples/dev/match -book): random
// openings of a few plies that a classical search scores as balanced, one per line in the
// form the match tool reads,
//
//	startpos moves h2h1 h7h3 g0e2 b9c7
//
// Each opening is -plies random legal moves from the start position (uniform over the legal
// moves, drawn from math/rand seeded with -seed), kept when it was not drawn before and a
// -depth ply search of the classical evaluation (engine.Searcher with SetNeuralEval(false))
// scores it within ±-margin centipawns; drawing stops once -n are kept. The output depends
// only on the flags and the classical search (a change to its tree or evaluation can change
// which openings are kept), so a match's book can be made again from the command that made it.
//
// The xiangqi book of the NNUE issue's matches (200 openings) is the default:
//
//	go run ./examples/dev/bookgen -out xq-book.txt
//	go run ./examples/dev/bookgen -game chess -out chess-book.txt
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand"
	"os"
	"strings"

	"github.com/cotuong-ai/cotuong/engine"
	"github.com/cotuong-ai/cotuong/gamesearch"
)

// config is the command line.
type config struct {
	Game   string // engine variant name: xiangqi or chess
	N      int    // openings to write
	Plies  int    // random plies per opening
	Depth  int    // search depth of the balance check, plies
	Margin int    // largest |score| kept, centipawns from the side to move
	Seed   int64
	Out    string // file to write; "" or "-" = standard output
}

func main() {
	var c config
	flag.StringVar(&c.Game, "game", "xiangqi", "game: xiangqi or chess")
	flag.IntVar(&c.N, "n", 200, "openings to write")
	flag.IntVar(&c.Plies, "plies", 4, "random plies per opening")
	flag.IntVar(&c.Depth, "depth", 7, "depth of the search that checks the balance, plies")
	flag.IntVar(&c.Margin, "margin", 60, "keep openings scored within ±margin centipawns")
	flag.Int64Var(&c.Seed, "seed", 7, "seed of math/rand for the random moves")
	flag.StringVar(&c.Out, "out", "", "output file (default: standard output)")
	flag.Parse()
	if err := writeBook(c); err != nil {
		fmt.Fprintln(os.Stderr, "bookgen:", err)
		os.Exit(1)
	}
}

// writeBook checks c and writes its book to c.Out.
func writeBook(c config) (err error) {
	v, err := engine.ParseVariant(c.Game)
	if err != nil {
		return err
	}
	switch {
	case c.N < 1:
		return fmt.Errorf("-n %d: need at least 1 opening", c.N)
	case c.Plies < 1:
		return fmt.Errorf("-plies %d: need at least 1 ply", c.Plies)
	case c.Depth < 1:
		return fmt.Errorf("-depth %d: need at least 1 ply", c.Depth)
	case c.Margin < 0:
		return fmt.Errorf("-margin %d: must not be negative", c.Margin)
	}
	w := io.Writer(os.Stdout)
	if c.Out != "" && c.Out != "-" {
		f, cerr := os.Create(c.Out)
		if cerr != nil {
			return cerr
		}
		defer func() {
			if cerr := f.Close(); cerr != nil && err == nil {
				err = fmt.Errorf("writing %s: %w", c.Out, cerr)
			}
		}()
		w = f
	}
	n, err := generate(v, c, w)
	if err == nil && n < c.N {
		err = fmt.Errorf("only %d openings of %d: too few balanced ones (raise -margin or lower -plies)", n, c.N)
	}
	return err
}

// maxDraws bounds the openings drawn per opening asked for, so a margin no opening meets
// ends with an error instead of running for ever.
const maxDraws = 1000

// generate writes c.N balanced openings of variant v to w and returns how many it wrote.
func generate(v engine.Variant, c config, w io.Writer) (int, error) {
	r := rand.New(rand.NewSource(c.Seed))
	s := engine.NewSearcher(v, engine.SearcherOptions{})
	s.SetNeuralEval(false)
	seen := map[string]bool{}
	n := 0
	for draws := 0; n < c.N && draws < maxDraws*c.N; draws++ {
		g := engine.NewGame(v)
		ended := false
		for range c.Plies {
			ms := g.Legal()
			if len(ms) == 0 {
				ended = true
				break
			}
			if err := g.Push(ms[r.Intn(len(ms))]); err != nil {
				return n, err
			}
		}
		key := strings.Join(g.Moves(), " ")
		if ended || seen[key] {
			continue
		}
		seen[key] = true
		res := s.Search(context.Background(), g, gamesearch.Limits{Depth: c.Depth}, nil, nil)
		if res.Score < -c.Margin || res.Score > c.Margin {
			continue
		}
		if _, err := fmt.Fprintln(w, "startpos moves "+key); err != nil {
			return n, errors.Join(errors.New("writing the book"), err)
		}
		n++
	}
	return n, nil
}
