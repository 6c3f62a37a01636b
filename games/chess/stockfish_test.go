package chess

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// findStockfish returns the path of Debian's stockfish: PATH first, then /usr/games. Without it
// the test is skipped, unless CI is set, when it fails.
func findStockfish(t *testing.T) string {
	t.Helper()
	if p, err := exec.LookPath("stockfish"); err == nil {
		return p
	}
	p := filepath.Join("/usr/games", "stockfish")
	if _, err := os.Stat(p); err == nil {
		return p
	}
	if os.Getenv("CI") != "" {
		t.Fatalf("stockfish not found in PATH or /usr/games, and CI is set: install Debian's stockfish")
	}
	t.Skip("stockfish not found in PATH or /usr/games (install Debian's stockfish to run this differential test)")
	return ""
}

type uciEngine struct {
	cmd *exec.Cmd
	in  io.WriteCloser
	out *bufio.Scanner
}

func startEngine(t *testing.T, path string) *uciEngine {
	t.Helper()
	cmd := exec.Command(path)
	in, err := cmd.StdinPipe()
	require.NoError(t, err)
	out, err := cmd.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	e := &uciEngine{cmd: cmd, in: in, out: bufio.NewScanner(out)}
	t.Cleanup(func() {
		fmt.Fprintln(in, "quit")
		_ = in.Close()
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			_ = cmd.Process.Kill()
		}
	})
	e.send("uci")
	e.until(t, "uciok")
	return e
}

func (e *uciEngine) send(s string) { fmt.Fprintln(e.in, s) }

func (e *uciEngine) until(t *testing.T, prefix string) []string {
	t.Helper()
	var lines []string
	for e.out.Scan() {
		l := e.out.Text()
		lines = append(lines, l)
		if strings.HasPrefix(l, prefix) {
			return lines
		}
	}
	t.Fatalf("engine output ended before %q", prefix)
	return nil
}

// divide runs "go perft depth" and returns the per-move counts and the total.
func (e *uciEngine) divide(t *testing.T, fen string, depth int) (map[string]uint64, uint64) {
	e.send("position fen " + fen)
	e.send(fmt.Sprintf("go perft %d", depth))
	lines := e.until(t, "Nodes searched:")
	out := map[string]uint64{}
	var total uint64
	for _, l := range lines {
		if strings.HasPrefix(l, "Nodes searched:") {
			n, err := strconv.ParseUint(strings.TrimSpace(strings.TrimPrefix(l, "Nodes searched:")), 10, 64)
			require.NoError(t, err)
			total = n
			continue
		}
		mv, cnt, ok := strings.Cut(l, ": ")
		if !ok {
			continue
		}
		n, err := strconv.ParseUint(cnt, 10, 64)
		if err != nil {
			continue
		}
		out[mv] = n
	}
	return out, total
}

// TestStockfishDivide compares Divide with Stockfish's "go perft" on positions from seeded random
// playouts (and the reference positions), move by move.
func TestStockfishDivide(t *testing.T) {
	e := startEngine(t, findStockfish(t))
	var fens []string
	for seed := uint64(100); seed < 116; seed++ {
		randomPlayout(Start(), seed, 120, func(p *Position, m Move) {
			if p.fullmove%9 == 0 || m == NoMove {
				fens = append(fens, p.FEN())
			}
		})
	}
	fens = append(fens,
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
		"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
		"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
		"8/8/8/r2Pp2K/8/8/4k3/8 w - e6 0 1",
	)
	for i, fen := range fens {
		depth := 3
		if i%5 == 0 {
			depth = 4
		}
		p := mustFEN(t, fen)
		want, total := e.divide(t, fen, depth)
		got := map[string]uint64{}
		var sum uint64
		for _, d := range p.Divide(depth) {
			got[d.Move.UCI()] = d.Nodes
			sum += d.Nodes
		}
		require.Equal(t, want, got, "divide %d of %s", depth, fen)
		require.Equal(t, total, sum, fen)
	}
	t.Logf("%d positions agree with Stockfish at depth 3 or 4", len(fens))
}
