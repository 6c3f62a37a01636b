package chess

import (
	"testing"
	"time"
)

const kiwipeteFEN = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"

// benchPerft reports perft speed in leaf nodes per second (bulk counting at depth 1).
func benchPerft(b *testing.B, fen string, depth int) {
	p, err := ParseFEN(fen)
	if err != nil {
		b.Fatal(err)
	}
	var nodes uint64
	start := time.Now()
	for b.Loop() {
		nodes += p.Perft(depth)
	}
	b.ReportMetric(float64(nodes)/time.Since(start).Seconds()/1e6, "Mnodes/s")
}

func BenchmarkPerftStart5(b *testing.B)    { benchPerft(b, StartFEN, 5) }
func BenchmarkPerftStart6(b *testing.B)    { benchPerft(b, StartFEN, 6) }
func BenchmarkPerftKiwipete4(b *testing.B) { benchPerft(b, kiwipeteFEN, 4) }
func BenchmarkPerftKiwipete5(b *testing.B) { benchPerft(b, kiwipeteFEN, 5) }
func BenchmarkPerftPos3d6(b *testing.B) {
	benchPerft(b, "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 6)
}

// BenchmarkLegalMoves measures generating all legal moves of kiwipete (48 moves).
func BenchmarkLegalMoves(b *testing.B) {
	p, _ := ParseFEN(kiwipeteFEN)
	buf := make([]Move, 0, 256)
	for b.Loop() {
		buf = p.LegalMoves(buf[:0])
	}
}

// BenchmarkNoisyMoves measures generating the captures and promotions of kiwipete.
func BenchmarkNoisyMoves(b *testing.B) {
	p, _ := ParseFEN(kiwipeteFEN)
	buf := make([]Move, 0, 256)
	for b.Loop() {
		buf = p.NoisyMoves(buf[:0])
	}
}

// BenchmarkAfter measures make-move (copy-make into a child) over kiwipete's legal moves.
func BenchmarkAfter(b *testing.B) {
	p, _ := ParseFEN(kiwipeteFEN)
	moves := p.LegalMoves(nil)
	var c Position
	i := 0
	for b.Loop() {
		p.After(moves[i], &c)
		i++
		if i == len(moves) {
			i = 0
		}
	}
}

// BenchmarkEvaluate measures the static evaluation of kiwipete.
func BenchmarkEvaluate(b *testing.B) {
	p, _ := ParseFEN(kiwipeteFEN)
	s := 0
	for b.Loop() {
		s += p.Evaluate()
	}
	_ = s
}

func BenchmarkParseFEN(b *testing.B) {
	for b.Loop() {
		_, _ = ParseFEN(kiwipeteFEN)
	}
}

func BenchmarkSAN(b *testing.B) {
	p, _ := ParseFEN(kiwipeteFEN)
	moves := p.LegalMoves(nil)
	for b.Loop() {
		for _, m := range moves {
			_ = p.SAN(m)
		}
	}
}
