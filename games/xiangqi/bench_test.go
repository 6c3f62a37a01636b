package xiangqi

import (
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/cotuong-ai/cotuong/internal/testkit/benchutil"
)

// benchPositions returns positions from seeded random playouts (opening to endgame).
func benchPositions(b *testing.B) []Position {
	rng := newRand(99)
	var ps []Position
	for len(ps) < 256 {
		for i, p := range playout(rng, Start(), 120) {
			if i%6 == 0 && len(p.LegalMoves(nil)) > 0 {
				ps = append(ps, p)
			}
		}
	}
	return ps
}

func BenchmarkLegalMoves(b *testing.B) {
	ps := benchPositions(b)
	buf := make([]Move, 0, 256)
	b.ReportAllocs()
	b.ResetTimer()
	n := 0
	for i := 0; i < b.N; i++ {
		n += len(ps[i%len(ps)].LegalMoves(buf[:0]))
	}
	b.ReportMetric(float64(n)/float64(b.N), "moves/op")
}

func BenchmarkNoisyMoves(b *testing.B) {
	ps := benchPositions(b)
	buf := make([]Move, 0, 256)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		ps[i%len(ps)].NoisyMoves(buf[:0])
	}
}

// BenchmarkAfter measures make-move: After of one legal move into a child slot.
func BenchmarkAfter(b *testing.B) {
	ps := benchPositions(b)
	type pm struct {
		p Position
		m Move
	}
	var pms []pm
	for _, p := range ps {
		for _, m := range p.LegalMoves(nil) {
			pms = append(pms, pm{p, m})
		}
	}
	var child Position
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		x := &pms[i%len(pms)]
		x.p.After(x.m, &child)
	}
}

func BenchmarkInCheck(b *testing.B) {
	ps := benchPositions(b)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		ps[i%len(ps)].InCheck()
	}
}

func BenchmarkEvaluate(b *testing.B) {
	ps := benchPositions(b)
	b.ReportAllocs()
	b.ResetTimer()
	s := 0
	for i := 0; i < b.N; i++ {
		s += ps[i%len(ps)].Evaluate()
	}
	_ = s
}

// BenchmarkPerftStart runs perft from the start position and reports nodes per second
// (leaves counted at depth 1 without playing them, as Fairy-Stockfish's perft does).
func BenchmarkPerftStart(b *testing.B) {
	for _, depth := range []int{4, 5} {
		b.Run("depth"+strconv.Itoa(depth), func(b *testing.B) {
			p := Start()
			var nodes uint64
			start := time.Now()
			for i := 0; i < b.N; i++ {
				nodes += p.Perft(depth)
			}
			b.ReportMetric(float64(nodes)/time.Since(start).Seconds(), "nodes/s")
		})
	}
}

// BenchmarkPerftVsFairyStockfish runs Fairy-Stockfish's "go perft 5" (UCI_Variant xiangqi)
// and this package's Perft(5) from the start position in the same run, and reports both
// speeds and their ratio (ours / Fairy-Stockfish), by wall time and by CPU time (the CPU
// time is steadier on a shared machine). Fairy-Stockfish's wall time runs from sending
// "go perft" to reading "Nodes searched"; its CPU time comes from /proc/<pid>/stat.
func BenchmarkPerftVsFairyStockfish(b *testing.B) {
	e := startFSF(b)
	const depth = 5
	var fsfNodes, ourNodes uint64
	var fsfWall, ourWall, fsfCPU, ourCPU time.Duration
	for i := 0; i < b.N; i++ {
		c0 := procCPU(e.cmd.Process.Pid)
		t0 := time.Now()
		_, n := e.divide(b, StartFEN, depth)
		fsfWall += time.Since(t0)
		fsfCPU += procCPU(e.cmd.Process.Pid) - c0
		fsfNodes += n
		p := Start()
		c0 = benchutil.CPU()
		t0 = time.Now()
		ourNodes += p.Perft(depth)
		ourWall += time.Since(t0)
		ourCPU += benchutil.CPU() - c0
	}
	if fsfNodes != ourNodes {
		b.Fatalf("perft %d: fairy-stockfish %d nodes, ours %d", depth, fsfNodes, ourNodes)
	}
	rate := func(n uint64, d time.Duration) float64 { return float64(n) / d.Seconds() }
	b.ReportMetric(rate(fsfNodes, fsfWall), "fsf-nodes/s")
	b.ReportMetric(rate(ourNodes, ourWall), "our-nodes/s")
	b.ReportMetric(rate(ourNodes, ourWall)/rate(fsfNodes, fsfWall), "ratio")
	if fsfCPU > 0 && ourCPU > 0 {
		b.ReportMetric(rate(fsfNodes, fsfCPU), "fsf-nodes/cpu-s")
		b.ReportMetric(rate(ourNodes, ourCPU), "our-nodes/cpu-s")
		b.ReportMetric(rate(ourNodes, ourCPU)/rate(fsfNodes, fsfCPU), "cpu-ratio")
	}
}

// procCPU returns the user+system CPU time of process pid (Linux /proc), 0 if unknown.
func procCPU(pid int) time.Duration {
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0
	}
	s := string(data)
	// Fields after the ")" closing the command name: state is field 3; utime 14, stime 15.
	f := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
	if len(f) < 13 {
		return 0
	}
	ut, _ := strconv.ParseInt(f[11], 10, 64)
	st, _ := strconv.ParseInt(f[12], 10, 64)
	return time.Duration(ut+st) * (time.Second / 100) // USER_HZ is 100 on Linux
}
