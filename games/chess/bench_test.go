package chess

import (
	"testing"
	"time"
)

func benchPerft(b *testing.B, fen string, depth int) {
	p, err := ParseFEN(fen)
	if err != nil {
		b.Fatal(err)
	}
	var nodes uint64
	start := time.Now()
	for i := 0; i < b.N; i++ {
		nodes += p.Perft(depth)
	}
	b.ReportMetric(float64(nodes)/time.Since(start).Seconds()/1e6, "Mnodes/s")
}

func BenchmarkPerftStart5(b *testing.B) { benchPerft(b, StartFEN, 5) }
func BenchmarkPerftKiwipete4(b *testing.B) {
	benchPerft(b, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 4)
}
