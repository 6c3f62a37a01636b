package xiangqi

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/cotuong-ai/cotuong/internal/testkit/race"
)

// fairyStockfish finds the Fairy-Stockfish binary (PATH, then /usr/games). When it is missing
// the test is skipped, unless the CI environment variable is set, when it fails.
func fairyStockfish(t testing.TB) string {
	t.Helper()
	if p, err := exec.LookPath("fairy-stockfish"); err == nil {
		return p
	}
	if _, err := os.Stat("/usr/games/fairy-stockfish"); err == nil {
		return "/usr/games/fairy-stockfish"
	}
	if os.Getenv("CI") != "" {
		t.Fatal("fairy-stockfish not found in PATH or /usr/games, and CI is set (Debian package fairy-stockfish)")
	}
	t.Skip("fairy-stockfish not found in PATH or /usr/games; install the Debian package fairy-stockfish to run this test")
	return ""
}

// fsfEngine is a Fairy-Stockfish process speaking UCI with UCI_Variant xiangqi.
type fsfEngine struct {
	cmd   *exec.Cmd
	in    io.WriteCloser
	lines chan string
}

func startFSF(t testing.TB) *fsfEngine {
	t.Helper()
	cmd := exec.Command(fairyStockfish(t))
	in, err := cmd.StdinPipe()
	require.NoError(t, err)
	out, err := cmd.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	e := &fsfEngine{cmd: cmd, in: in, lines: make(chan string, 1024)}
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			e.lines <- sc.Text()
		}
		close(e.lines)
	}()
	t.Cleanup(func() {
		e.send("quit")
		in.Close()
		done := make(chan struct{})
		go func() { cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			cmd.Process.Kill()
			<-done
		}
	})
	e.send("uci")
	e.waitFor(t, "uciok", 10*time.Second)
	e.send("setoption name UCI_Variant value xiangqi")
	e.send("isready")
	e.waitFor(t, "readyok", 10*time.Second)
	return e
}

func (e *fsfEngine) send(s string) { fmt.Fprintln(e.in, s) }

// waitFor reads lines until one starts with prefix and returns the lines read before it and
// the line itself.
func (e *fsfEngine) waitFor(t testing.TB, prefix string, timeout time.Duration) ([]string, string) {
	t.Helper()
	var got []string
	deadline := time.After(timeout)
	for {
		select {
		case l, ok := <-e.lines:
			if !ok {
				t.Fatalf("fairy-stockfish exited while waiting for %q", prefix)
			}
			if strings.HasPrefix(l, prefix) {
				return got, l
			}
			got = append(got, l)
		case <-deadline:
			t.Fatalf("fairy-stockfish: no %q within %v", prefix, timeout)
		}
	}
}

// divide runs "go perft depth" on fen and returns the per-move counts, keyed by this
// package's UCI text (Fairy-Stockfish writes ranks 1-10), and the total.
func (e *fsfEngine) divide(t testing.TB, fen string, depth int) (map[string]uint64, uint64) {
	t.Helper()
	e.send("position fen " + fen)
	e.send("go perft " + strconv.Itoa(depth))
	lines, last := e.waitFor(t, "Nodes searched:", 120*time.Second)
	total, err := strconv.ParseUint(strings.TrimSpace(strings.TrimPrefix(last, "Nodes searched:")), 10, 64)
	require.NoError(t, err, last)
	out := map[string]uint64{}
	for _, l := range lines {
		mv, cnt, ok := strings.Cut(l, ": ")
		if !ok {
			continue
		}
		m, ok := fromFSF(strings.TrimSpace(mv))
		if !ok {
			continue
		}
		n, err := strconv.ParseUint(strings.TrimSpace(cnt), 10, 64)
		require.NoError(t, err, l)
		out[m.UCI()] = n
	}
	return out, total
}

// TestDifferentialFairyStockfish compares divide counts with Fairy-Stockfish on positions
// reached by seeded random playouts from the start and from the reference positions.
func TestDifferentialFairyStockfish(t *testing.T) {
	e := startFSF(t)
	rng := newRand(2024)
	starts := []string{StartFEN,
		"r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
		"1cbak4/9/n2a5/2p1p3p/5cp2/2n2N3/6PCP/3AB4/2C6/3A1K1N1 w - - 0 1",
		"5a3/3k5/3aR4/9/5r3/5n3/9/3A1A3/5K3/2BC2B2 w - - 0 1",
		"CRN1k1b2/3ca4/4ba3/9/2nr5/9/9/4B4/4A4/4KA3 w - - 0 1",
	}
	positions := 0
	for _, s := range starts {
		for game := 0; game < 8; game++ {
			line := playout(rng, mustFEN(t, s), 10+rng.IntN(120))
			p := line[len(line)-1]
			if len(p.LegalMoves(nil)) == 0 {
				continue
			}
			depth := 3
			if race.Enabled {
				depth = 2
			}
			want, total := e.divide(t, p.FEN(), depth)
			got := map[string]uint64{}
			var sum uint64
			for _, d := range p.Divide(depth) {
				got[d.Move.UCI()] = d.Nodes
				sum += d.Nodes
			}
			require.Equal(t, want, got, "divide %d of %s", depth, p.FEN())
			require.Equal(t, total, sum, p.FEN())
			positions++
		}
	}
	require.GreaterOrEqual(t, positions, 30)
}
