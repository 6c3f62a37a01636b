package chess

import (
	"context"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cotuong-ai/cotuong/gamesearch"
)

// TestStagedMoves: along seeded playouts and in positions with castling, en passant and
// promotions, NoisyMoves and QuietMoves split LegalMoves (every legal move once; the noisy
// ones exactly those CaptureKey calls noisy), IsLegalMove accepts every legal move and
// rejects the legal moves of the position before that are not legal here and moves with the
// wrong flags, and HasLegalMove agrees with LegalMoves.
func TestStagedMoves(t *testing.T) {
	var ps []Position
	for seed := uint64(1); seed <= 30; seed++ {
		randomPlayout(Start(), seed, 160, func(p *Position, _ Move) { ps = append(ps, *p) })
	}
	for _, fen := range []string{
		kiwipeteFEN,
		"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", // promotions
		"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",                        // rank pin, en passant
		"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",    // en passant
		"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",                                   // stalemate
		"R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1",                                // checkmate
	} {
		ps = append(ps, mustFEN(t, fen))
	}
	var prev []Move
	for i := range ps {
		p := &ps[i]
		fen := p.FEN()
		legal := p.LegalMoves(nil)
		noisy := p.NoisyMoves(nil)
		quiet := p.QuietMoves(nil)
		require.ElementsMatch(t, legal, append(append([]Move(nil), noisy...), quiet...), fen)
		for _, m := range noisy {
			_, nz := p.CaptureKey(m)
			require.True(t, nz, "%s: %v", fen, m)
		}
		for _, m := range quiet {
			_, nz := p.CaptureKey(m)
			require.False(t, nz, "%s: %v", fen, m)
		}
		isLegal := map[Move]bool{}
		for _, m := range legal {
			isLegal[m] = true
			require.True(t, p.IsLegalMove(m), "%s: %v", fen, m)
			// The same squares with other flags are another move.
			for _, f := range []Move{flagEnPassant, flagCastling, flagPromotion} {
				if x := m&^flagMask | f; !slices.Contains(legal, x) {
					require.False(t, p.IsLegalMove(x), "%s: %v with flags %#x", fen, m, f)
				}
			}
		}
		for _, m := range prev {
			require.Equal(t, isLegal[m], p.IsLegalMove(m), "%s: %v", fen, m)
		}
		require.Equal(t, len(legal) > 0, p.HasLegalMove(), fen)
		prev = legal
	}
	require.Greater(t, len(ps), 1000)
}

// TestStagedSearchEqualsUnstaged: with every pruning off, a fixed-depth search with staged
// generation returns the same score as one that generates every move at once: the stages
// cover the same moves.
func TestStagedSearchEqualsUnstaged(t *testing.T) {
	fens := append([]string(nil), searchBenchFENs...)
	fens = append(fens,
		"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
		"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1")
	for _, fen := range fens {
		p := mustFEN(t, fen)
		staged := NewSearcher(gamesearch.Options[Move]{HashMiB: 4, NoPruning: true})
		plain := NewSearcher(gamesearch.Options[Move]{HashMiB: 4, NoPruning: true, NoStaged: true})
		a := staged.Search(context.Background(), p, nil, gamesearch.Limits{Depth: 4})
		b := plain.Search(context.Background(), p, nil, gamesearch.Limits{Depth: 4})
		require.Equal(t, b.Score, a.Score, fen)
	}
}
