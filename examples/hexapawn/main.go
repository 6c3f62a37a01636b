// Command hexapawn is the worked example of docs/adding-a-game.md: Martin Gardner's hexapawn
// as a game plugin of package gamesearch, searched by the same generic search as xiangqi and
// chess, and spoken to over UCI with package uci's parser and info lines.
//
//	go run ./examples/hexapawn
//
// It answers uci, isready, ucinewgame, position startpos|fen F [moves ...], go depth N,
// go movetime MS, go nodes N, go perft N, d and quit on standard input; an unknown command or
// an illegal move is answered with an "info string" naming it.
package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"

	"github.com/cotuong-ai/cotuong/gamesearch"
	"github.com/cotuong-ai/cotuong/uci"
)

func main() { serve(os.Stdin, os.Stdout) }

// NewSearcher returns the generic searcher instantiated for hexapawn.
func NewSearcher(o gamesearch.Options[Move]) *gamesearch.Searcher[Position, *Position, Move] {
	return gamesearch.New[Position, *Position, Move](o)
}

// serve answers UCI commands read from in until quit or the end of the input.
func serve(in io.Reader, out io.Writer) {
	pos, _ := ParseFEN(StartFEN)
	s := NewSearcher(gamesearch.Options[Move]{HashMiB: 1})
	sc := bufio.NewScanner(in)
	for sc.Scan() {
		c, err := uci.Parse(sc.Text(), 0)
		if err != nil {
			fmt.Fprintln(out, "info string", err)
			continue
		}
		switch c.Kind {
		case uci.UCI:
			fmt.Fprintln(out, "id name hexapawn\nid author the cotuong authors\nuciok")
		case uci.IsReady:
			fmt.Fprintln(out, "readyok")
		case uci.UCINewGame:
			s.Clear()
		case uci.Position:
			p, err := position(c)
			if err != nil {
				fmt.Fprintln(out, "info string", err)
				continue
			}
			pos = p
		case uci.Display:
			fmt.Fprintln(out, pos.FEN())
		case uci.Go:
			if c.Go.Perft > 0 {
				fmt.Fprintf(out, "Nodes searched: %d\n", gamesearch.Perft[Position, *Position](pos, c.Go.Perft))
				continue
			}
			lim := gamesearch.Limits{Depth: c.Go.Depth, Nodes: c.Go.Nodes, Time: c.Go.MoveTime, SoftTime: c.Go.MoveTime}
			if lim.Depth == 0 && lim.Nodes == 0 && lim.Time == 0 {
				lim.Depth = 12 // the whole game fits in 12 plies
			}
			r := s.Search(context.Background(), pos, nil, lim)
			if !r.HasMove {
				fmt.Fprintln(out, "bestmove (none)")
				continue
			}
			fmt.Fprintln(out, info(r).UCI())
			fmt.Fprintln(out, "bestmove", r.Move)
		case uci.Quit:
			return
		default:
			fmt.Fprintf(out, "info string %s is not supported by hexapawn\n", c.Kind)
		}
	}
}

// position returns the position of a "position" command, its moves played.
func position(c uci.Command) (Position, error) {
	fen := StartFEN
	if !c.StartPos {
		fen = c.FEN
	}
	p, err := ParseFEN(fen)
	if err != nil {
		return p, err
	}
	for _, s := range c.Moves {
		m, err := p.ParseMove(s)
		if err != nil {
			return p, err
		}
		var next Position
		p.After(m, &next)
		p = next
	}
	return p, nil
}

// info turns a search result into a UCI info line: a mate score as "score mate N".
func info(r gamesearch.Result[Move]) uci.Info {
	i := uci.Info{Depth: r.Depth, SelDepth: r.SelDepth, Score: r.Score, Nodes: r.Nodes, NPS: r.NPS(), Time: r.Elapsed}
	if gamesearch.IsMate(r.Score) {
		i.Mate, i.Score = true, gamesearch.MateIn(r.Score)
	}
	for _, m := range r.PV {
		i.PV = append(i.PV, m.String())
	}
	return i
}
