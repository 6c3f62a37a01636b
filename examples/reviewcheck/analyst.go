package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"

	"github.com/cotuong-ai/cotuong/engine"
	"github.com/cotuong-ai/cotuong/gamesearch"
	"github.com/cotuong-ai/cotuong/review"
)

// analystEngine is a xiangqi analyst over UCI: Fairy-Stockfish (UCI_Variant xiangqi, ranks 1-10
// in its moves) or an engine for xiangqi alone such as Pikafish (ranks 0-9, as ours), told
// apart by the "id name" line.
type analystEngine struct {
	cmd   *exec.Cmd
	in    io.WriteCloser
	out   *bufio.Scanner
	shift int // added to our ranks in the engine's moves
}

// startAnalyst starts the UCI engine at path for xiangqi, one thread and 64 MiB of hash.
func startAnalyst(path string) (*analystEngine, error) {
	cmd := exec.Command(path)
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	outp, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	e := &analystEngine{cmd: cmd, in: in, out: bufio.NewScanner(outp)}
	e.out.Buffer(make([]byte, 1<<20), 1<<20)
	fmt.Fprint(in, "uci\n")
	for e.out.Scan() {
		l := e.out.Text()
		if strings.HasPrefix(l, "id name ") && strings.Contains(strings.ToLower(l), "fairy") {
			e.shift = 1
		}
		if l == "uciok" {
			break
		}
	}
	if e.shift == 1 {
		fmt.Fprint(in, "setoption name UCI_Variant value xiangqi\n")
	}
	fmt.Fprint(in, "setoption name Threads value 1\nsetoption name Hash value 64\nisready\n")
	if !e.wait("readyok") {
		e.close()
		return nil, fmt.Errorf("%s did not start", path)
	}
	return e, nil
}

// close ends the engine: quit, then its standard input closed and the process waited for.
func (e *analystEngine) close() {
	fmt.Fprint(e.in, "quit\n")
	_ = e.in.Close()
	_ = e.cmd.Wait()
}

func (e *analystEngine) wait(prefix string) bool {
	for e.out.Scan() {
		if strings.HasPrefix(e.out.Text(), prefix) {
			return true
		}
	}
	return false
}

var scoreRE = regexp.MustCompile(`score (cp|mate) (-?\d+)(?: (?:lowerbound|upperbound))?.* pv (\S+)`)

// analyse scores every position of g with nodes nodes a position: an Analysis in review's
// terms (scores from the side to move; the PV only the best move). Positions where the game
// is over take their result, as review.Analyze does.
func (e *analystEngine) analyse(g engine.Game, nodes int64) (*review.Analysis, error) {
	fmt.Fprint(e.in, "ucinewgame\n")
	c := startOf(g)
	var moves []string
	ms := g.Moves()
	a := &review.Analysis{Variant: engine.Xiangqi, Nodes: nodes}
	for i := 0; i <= len(ms); i++ {
		ev, over := review.Terminal(c) // the game's end scored as review.Analyze scores it
		if !over {
			fmt.Fprintf(e.in, "position fen %s moves %s\ngo nodes %d\n", c.StartFEN(), strings.Join(moves, " "), nodes)
			last := e.lastScore()
			if last == nil {
				return nil, fmt.Errorf("no score from the analyst at ply %d", i)
			}
			n, _ := strconv.Atoi(last[2])
			if last[1] == "cp" {
				ev.Score = n
			} else if n > 0 {
				ev.Score = gamesearch.Mate - (2*n - 1)
			} else {
				ev.Score = -(gamesearch.Mate - 2*(-n))
			}
			if m, err := c.ParseUCI(shift(last[3], -e.shift)); err == nil {
				ev.PV = []engine.Move{m}
			}
		}
		a.Evals = append(a.Evals, ev)
		if i < len(ms) {
			m, _ := c.ParseUCI(ms[i])
			if err := c.Continue(m); err != nil {
				return nil, err
			}
			moves = append(moves, shift(ms[i], e.shift))
		}
	}
	return a, nil
}

var moveRE = regexp.MustCompile(`^([a-i])(\d+)([a-i])(\d+)$`)

// shift adds d to both ranks of the coordinate move m (ours have ranks 0-9,
// Fairy-Stockfish's 1-10); a move of another shape is returned as it is.
func shift(m string, d int) string {
	p := moveRE.FindStringSubmatch(m)
	if p == nil {
		return m
	}
	a, _ := strconv.Atoi(p[2])
	b, _ := strconv.Atoi(p[4])
	return fmt.Sprintf("%s%d%s%d", p[1], a+d, p[3], b+d)
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

// lastScore reads the engine's output up to its bestmove line and returns the submatches of
// scoreRE in the last info line with a score (kind, value, first PV move), or nil.
func (e *analystEngine) lastScore() []string {
	var last []string
	for e.out.Scan() {
		l := e.out.Text()
		if m := scoreRE.FindStringSubmatch(l); m != nil {
			last = m
		}
		if strings.HasPrefix(l, "bestmove") {
			break
		}
	}
	return last
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
		g, err := engine.ParseGame(engine.Xiangqi, lines[1])
		if err != nil {
			return nil, fmt.Errorf("%s: game %d: %w", path, n+1, err)
		}
		body := lines[2]
		i, j := strings.Index(body, "# ours\n"), strings.Index(body, "# fsf\n")
		if i < 0 || j < 0 {
			continue
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
