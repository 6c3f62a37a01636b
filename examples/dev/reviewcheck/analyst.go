package main

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/cotuong-ai/cotuong/engine"
	"github.com/cotuong-ai/cotuong/examples/internal/uciclient"
	"github.com/cotuong-ai/cotuong/gamesearch"
	"github.com/cotuong-ai/cotuong/review"
)

// analystEngine is an analyst over UCI. For xiangqi: Fairy-Stockfish (UCI_Variant xiangqi,
// ranks 1-10 in its moves) or an engine for xiangqi alone such as Pikafish (ranks 0-9, as
// ours), told apart by the "id name" line (uciclient's "auto" ranks); for chess, any UCI
// chess engine such as Stockfish.
type analystEngine struct {
	e *uciclient.Engine
}

// startAnalyst starts the UCI engine at path for variant v, one thread and 64 MiB of hash.
func startAnalyst(path string, v engine.Variant) (*analystEngine, error) {
	e, err := uciclient.Start(uciclient.Config{Command: path, Ranks: "auto",
		Options: [][2]string{{"Threads", "1"}, {"Hash", "64"}}}, string(v))
	if err != nil {
		return nil, fmt.Errorf("analyst %s: %w", path, err)
	}
	return &analystEngine{e: e}, nil
}

// close ends the engine: quit, then killed if it has not exited within a second.
func (e *analystEngine) close() { e.e.Quit() }

// analyse scores every position of g with nodes nodes a position: an Analysis in review's
// terms (scores from the side to move; the PV only the best move). Positions where the game
// is over take their result, as review.Analyze does.
func (e *analystEngine) analyse(g engine.Game, nodes int64) (*review.Analysis, error) {
	if err := e.e.NewGame(); err != nil {
		return nil, err
	}
	c := startOf(g)
	start := c.StartFEN()
	ms := g.Moves()
	a := &review.Analysis{Variant: g.Variant(), Nodes: nodes}
	for i := 0; i <= len(ms); i++ {
		ev, over := review.Terminal(c) // the game's end scored as review.Analyze scores it
		if !over {
			info, err := e.run(start, ms[:i], fmt.Sprintf("go nodes %d", nodes), nodes)
			if err != nil {
				return nil, fmt.Errorf("ply %d: %w", i, err)
			}
			if ev.Score, err = scoreOf(info.Score); err != nil {
				return nil, fmt.Errorf("ply %d: %w", i, err)
			}
			if m, err := c.ParseUCI(info.PV); err == nil {
				ev.PV = []engine.Move{m}
			}
		}
		a.Evals = append(a.Evals, ev)
		if i < len(ms) {
			m, err := c.ParseUCI(ms[i])
			if err != nil {
				return nil, fmt.Errorf("ply %d: %w", i, err)
			}
			if err := c.Continue(m); err != nil {
				return nil, err
			}
		}
	}
	return a, nil
}

// probe searches the positions before and after ply i of g (from 0), each from a new game
// (ucinewgame: no table from the game's other positions), to nodes nodes, and returns their
// scores from the side to move; a position where the game is over takes its result, as
// analyse scores it.
func (e *analystEngine) probe(g engine.Game, i int, nodes int64) (before, after int, err error) {
	c := startOf(g)
	start := c.StartFEN()
	ms := g.Moves()
	if i < 0 || i >= len(ms) {
		return 0, 0, fmt.Errorf("probe: no ply %d in a game of %d", i, len(ms))
	}
	var scores [2]int
	for j := 0; j <= i+1; j++ {
		if j >= i {
			ev, over := review.Terminal(c)
			if !over {
				if err := e.e.NewGame(); err != nil {
					return 0, 0, err
				}
				info, err := e.run(start, ms[:j], fmt.Sprintf("go nodes %d", nodes), nodes)
				if err != nil {
					return 0, 0, fmt.Errorf("ply %d: %w", j, err)
				}
				if ev.Score, err = scoreOf(info.Score); err != nil {
					return 0, 0, fmt.Errorf("ply %d: %w", j, err)
				}
			}
			scores[j-i] = ev.Score
		}
		if j <= i {
			m, err := c.ParseUCI(ms[j])
			if err != nil {
				return 0, 0, fmt.Errorf("ply %d: %w", j, err)
			}
			if err := c.Continue(m); err != nil {
				return 0, 0, err
			}
		}
	}
	return scores[0], scores[1], nil
}

// run searches the position of start and moves (UCI, ours) with goCmd, a search of nodes nodes:
// it gets a minute plus a second for every 100,000 nodes before the engine is taken for hung
// and killed.
func (e *analystEngine) run(start string, moves []string, goCmd string, nodes int64) (uciclient.SearchInfo, error) {
	limit := time.Minute + time.Duration(nodes/100_000)*time.Second
	_, info, err := e.e.Go(context.Background(), start, moves, goCmd, time.Now().Add(limit))
	return info, err
}

// scoreOf reads a UCI score ("cp 35", "mate 3", "mate -2": moves, negative when the side to
// move is mated) into review's centipawns from the side to move, mates as
// gamesearch.Mate − plies.
func scoreOf(s string) (int, error) {
	kind, v, _ := strings.Cut(s, " ")
	n, err := strconv.Atoi(v)
	switch {
	case err != nil || (kind != "cp" && kind != "mate"):
		return 0, fmt.Errorf("no score from the analyst (last score %q)", s)
	case kind == "cp":
		return n, nil
	case n > 0:
		return gamesearch.Mate - (2*n - 1), nil
	default:
		return -(gamesearch.Mate - 2*(-n)), nil
	}
}

// startOf returns a copy of g at its start position (its FEN, no moves).
func startOf(g engine.Game) engine.Game {
	c := g.Clone()
	for {
		if _, ok := c.Pop(); !ok {
			return c
		}
	}
}

// fileGame is one game of a file that -out wrote: its header ("1 seed 1 skills 7/13"), the
// game, and its two analyses (ours, then the reference's).
type fileGame struct {
	head      string
	g         engine.Game
	ours, ref *review.Analysis
}

// readGames reads the games of a file that -out wrote, in order.
func readGames(path string) ([]fileGame, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var games []fileGame
	for n, p := range strings.Split(string(data), "# game ")[1:] {
		lines := strings.SplitN(p, "\n", 3)
		if len(lines) < 3 {
			continue
		}
		body := lines[2]
		i, j := strings.Index(body, "# ours\n"), strings.Index(body, "# fsf\n")
		if i < 0 || j < 0 {
			continue
		}
		v := engine.Xiangqi // the variant the analysis names: "review 1 chess 150000"
		if f := strings.Fields(body[i+7:]); len(f) > 2 && f[0] == "review" && f[2] == string(engine.Chess) {
			v = engine.Chess
		}
		g, err := engine.ParseGame(v, lines[1])
		if err != nil {
			return nil, fmt.Errorf("%s: game %d: %w", path, n+1, err)
		}
		ours, err := review.Parse([]byte(body[i+7:j]), g)
		if err != nil {
			return nil, fmt.Errorf("%s: game %d: %w", path, n+1, err)
		}
		ref, err := review.Parse([]byte(strings.TrimSpace(body[j+6:])+"\n"), g)
		if err != nil {
			return nil, fmt.Errorf("%s: game %d: %w", path, n+1, err)
		}
		games = append(games, fileGame{lines[0], g, ours, ref})
	}
	return games, nil
}

// refAnalysis returns the reference analysis of the i-th game (from 0) of refs, the games of
// the file path; that game must be g.
func refAnalysis(refs []fileGame, path string, i int, g engine.Game) (*review.Analysis, error) {
	if i >= len(refs) {
		return nil, fmt.Errorf("%s: no game %d", path, i+1)
	}
	if refs[i].g.String() != g.String() {
		return nil, fmt.Errorf("%s: game %d is not the game of -from", path, i+1)
	}
	return refs[i].ref, nil
}
