package xiangqi

import (
	"strconv"
	"testing"
	"time"
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
// speeds and their ratio (ours / Fairy-Stockfish). Fairy-Stockfish's time is the wall time
// from sending "go perft" to reading "Nodes searched".
func BenchmarkPerftVsFairyStockfish(b *testing.B) {
	e := startFSF(b)
	const depth = 5
	var fsfNodes, ourNodes uint64
	var fsfTime, ourTime time.Duration
	for i := 0; i < b.N; i++ {
		t0 := time.Now()
		_, n := e.divide(b, StartFEN, depth)
		fsfTime += time.Since(t0)
		fsfNodes += n
		p := Start()
		t0 = time.Now()
		ourNodes += p.Perft(depth)
		ourTime += time.Since(t0)
	}
	if fsfNodes != ourNodes {
		b.Fatalf("perft %d: fairy-stockfish %d nodes, ours %d", depth, fsfNodes, ourNodes)
	}
	fsf := float64(fsfNodes) / fsfTime.Seconds()
	ours := float64(ourNodes) / ourTime.Seconds()
	b.ReportMetric(fsf, "fsf-nodes/s")
	b.ReportMetric(ours, "our-nodes/s")
	b.ReportMetric(ours/fsf, "ratio")
}
