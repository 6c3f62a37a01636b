package puzzles

import (
	"bufio"
	"fmt"
	"io"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cotuong-ai/cotuong/engine"
	"github.com/cotuong-ai/cotuong/internal/testkit/peer"
	"github.com/cotuong-ai/cotuong/internal/testkit/race"
)

// fsfLine is one MultiPV line of Fairy-Stockfish's last complete depth, converted to this
// module's coordinates (xiangqi ranks 0-9).
type fsfLine struct {
	mate, cp int // mate in moves (signed) when mate != 0, else centipawns
	pv       []string
}

// fsfProc is a Fairy-Stockfish process playing xiangqi.
type fsfProc struct {
	in      io.WriteCloser
	out     *bufio.Scanner
	cmd     *exec.Cmd
	multiPV int
}

func newFSF(t *testing.T, multiPV int) *fsfProc {
	cmd := exec.Command(peer.Path(t, "fairy-stockfish"))
	in, err := cmd.StdinPipe()
	require.NoError(t, err)
	stdout, err := cmd.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	f := &fsfProc{in: in, out: bufio.NewScanner(stdout), cmd: cmd, multiPV: multiPV}
	t.Cleanup(func() {
		fmt.Fprintln(in, "quit")
		in.Close()
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			_ = cmd.Process.Kill()
			<-done
		}
	})
	fmt.Fprintf(in, "uci\nsetoption name UCI_Variant value xiangqi\nsetoption name MultiPV value %d\nisready\n", multiPV)
	f.until("readyok")
	return f
}

// until reads lines up to one starting with prefix and returns the lines read before it.
func (f *fsfProc) until(prefix string) []string {
	var lines []string
	for f.out.Scan() {
		l := f.out.Text()
		if strings.HasPrefix(l, prefix) {
			return lines
		}
		lines = append(lines, l)
	}
	return lines
}

// fsfSquare converts a Fairy-Stockfish square ("h10") to this module's ("h9").
func fsfSquare(s string) string {
	r, err := strconv.Atoi(s[1:])
	if err != nil {
		return s
	}
	return s[:1] + strconv.Itoa(r-1)
}

// fsfMove converts a Fairy-Stockfish move ("h3h10") to this module's UCI ("h2h9").
func fsfMove(m string) string {
	i := strings.IndexFunc(m[1:], func(r rune) bool { return r >= 'a' && r <= 'i' }) + 1
	if i <= 0 {
		return m
	}
	return fsfSquare(m[:i]) + fsfSquare(m[i:])
}

// analyse searches fen with "go <limit>" ("depth 16", "mate 4") and returns the lines of the
// deepest complete iteration, best first.
func (f *fsfProc) analyse(fen, limit string) []fsfLine {
	fmt.Fprintf(f.in, "ucinewgame\nposition fen %s\ngo %s\n", fen, limit)
	lines := map[int]fsfLine{}
	for _, l := range f.until("bestmove") {
		w := strings.Fields(l)
		if len(w) < 2 || w[0] != "info" || !strings.Contains(l, " pv ") || strings.Contains(l, "bound") {
			continue
		}
		var ln fsfLine
		k := 1
		for i := 1; i+1 < len(w); i++ {
			switch w[i] {
			case "multipv":
				k, _ = strconv.Atoi(w[i+1])
			case "score":
				n, _ := strconv.Atoi(w[i+2])
				if w[i+1] == "mate" {
					ln.mate = n
				} else {
					ln.cp = n
				}
			case "pv":
				for _, m := range w[i+1:] {
					ln.pv = append(ln.pv, fsfMove(m))
				}
				i = len(w)
			}
		}
		lines[k] = ln
	}
	var out []fsfLine
	for k := 1; k <= len(lines); k++ {
		if l, ok := lines[k]; ok {
			out = append(out, l)
		}
	}
	return out
}

// mateSearch runs Fairy-Stockfish's mate search ("go mate k") on fen with one line (with two
// it would look for a second mate that may not exist, without end), within 20 s.
func (f *fsfProc) mateSearch(fen string, k int) []fsfLine {
	fmt.Fprintf(f.in, "setoption name MultiPV value 1\n")
	defer fmt.Fprintf(f.in, "setoption name MultiPV value %d\n", f.multiPV)
	return f.analyse(fen, fmt.Sprintf("mate %d movetime 20000", k))
}

// TestSampleAgainstFairyStockfish checks 20 puzzles spread over the shipped xiangqi set with
// Fairy-Stockfish at depth 16, MultiPV 2: how many of its best first moves are the solution's
// (for a mate puzzle, any first move that mates as fast, which Attempt.Play accepts), and how
// many positions it finds an alternative (a mate as fast, or a second move within Margin of
// the best or also winning). It requires at least 18 of 20 best moves to agree and every mate
// puzzle's length to be Fairy-Stockfish's (a longer mate at depth 16 is checked with its "go
// mate k"), and logs the counts. It is
// skipped in -short mode and under the race detector, and when the binary is missing and CI
// is unset.
func TestSampleAgainstFairyStockfish(t *testing.T) {
	if testing.Short() || race.Enabled {
		t.Skip("long: Fairy-Stockfish at depth 16 on 20 positions")
	}
	f := newFSF(t, 2)
	ps, err := Load(engine.Xiangqi)
	require.NoError(t, err)
	agree, alternatives, checked := 0, 0, 0
	for _, p := range sample(ps, 20) {
		lines := f.analyse(p.FEN, "depth 16")
		if len(lines) == 0 || len(lines[0].pv) == 0 {
			t.Errorf("%s: no analysis", p.FEN)
			continue
		}
		checked++
		best := lines[0]
		// A mate puzzle accepts any first move that mates as fast (Attempt.Play).
		same := best.pv[0] == p.Solution[0] || p.Theme.Mate() > 0 && best.mate == p.Theme.Mate()
		if same {
			agree++
		}
		alt := false
		if len(lines) > 1 {
			second := lines[1]
			if k := p.Theme.Mate(); k > 0 {
				alt = second.mate > 0 && second.mate <= k
			} else {
				alt = second.mate > 0 || second.mate == 0 && (second.cp > NotWinning || best.mate == 0 && best.cp-second.cp < Margin)
			}
		}
		if alt {
			alternatives++
		}
		if k := p.Theme.Mate(); k > 0 && best.mate != k {
			// A depth-limited search may report a longer mate than the shortest (pruned
			// lines); a shorter one would be a wrong puzzle. A longer one is checked with
			// Fairy-Stockfish's mate search ("go mate k"), which must find the mate in k
			// with the solution's first move.
			if best.mate > 0 && best.mate < k {
				t.Errorf("%s: FSF mates in %d, the puzzle says %d", p.FEN, best.mate, k)
			} else if m := f.mateSearch(p.FEN, k); len(m) == 0 || m[0].mate != k || len(m[0].pv) == 0 {
				t.Errorf("%s: FSF at depth 16 mates in %d, and its mate search does not find the puzzle's mate in %d: %v", p.FEN, best.mate, k, m)
			} else {
				t.Logf("%s: FSF at depth 16 gave mate %d; its mate search finds the mate in %d with %s", p.FEN, best.mate, k, m[0].pv[0])
			}
		}
		t.Logf("%-8s %-18s solution %s, FSF %s (mate %d cp %d) second %v  agree=%v alternative=%v",
			p.Seed, p.ThemeText(), p.Solution[0], best.pv[0], best.mate, best.cp, lines[min(1, len(lines)-1)], same, alt)
	}
	t.Logf("Fairy-Stockfish depth 16: %d of %d best first moves are the solution's; %d positions with an equally good alternative", agree, checked, alternatives)
	assert.GreaterOrEqual(t, agree, checked-2)
}
