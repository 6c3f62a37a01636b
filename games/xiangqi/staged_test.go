package xiangqi

import (
	"context"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cotuong-ai/cotuong/gamesearch"
	"github.com/cotuong-ai/cotuong/internal/testkit/reference"
)

// TestStagedMoves: along seeded playouts, NoisyMoves and QuietMoves split LegalMoves (every
// legal move once, the noisy ones exactly the captures), IsLegalMove accepts every legal
// move and rejects the moves of the positions before and after that are not legal here, and
// HasLegalMove agrees with LegalMoves.
func TestStagedMoves(t *testing.T) {
	rng := newRand(7)
	checked := 0
	for game := 0; game < 20; game++ {
		var prev []Move
		for _, p := range playout(rng, Start(), 200) {
			legal := p.LegalMoves(nil)
			noisy := p.NoisyMoves(nil)
			quiet := p.QuietMoves(nil)
			require.ElementsMatch(t, legal, append(append([]Move(nil), noisy...), quiet...), p.FEN())
			for _, m := range noisy {
				require.NotEqual(t, NoPiece, p.PieceAt(m.To()), "%s: noisy %v captures nothing", p.FEN(), m)
			}
			for _, m := range quiet {
				require.Equal(t, NoPiece, p.PieceAt(m.To()), "%s: quiet %v captures", p.FEN(), m)
			}
			isLegal := map[Move]bool{}
			for _, m := range legal {
				isLegal[m] = true
				require.True(t, p.IsLegalMove(m), "%s: %v", p.FEN(), m)
			}
			for _, m := range prev {
				require.Equal(t, isLegal[m], p.IsLegalMove(m), "%s: %v", p.FEN(), m)
			}
			for _, m := range []Move{NewMove(0, 0), NoMove, Move(0xFFFF)} {
				require.Equal(t, isLegal[m], p.IsLegalMove(m), "%s: %v", p.FEN(), m)
			}
			require.Equal(t, len(legal) > 0, p.HasLegalMove(), p.FEN())
			prev = legal
			checked++
		}
	}
	require.Greater(t, checked, 1000)
	// The reference checkmates (XQ13) and stalemates (XQ12, a loss in xiangqi) have none.
	for _, id := range []string{"XQ12", "XQ13"} {
		c, err := reference.RuleCaseByID(id)
		require.NoError(t, err)
		for _, fen := range c.FENs {
			p, err := ParseFEN(fen)
			require.NoError(t, err)
			require.False(t, p.HasLegalMove(), "%s %s", id, fen)
		}
	}
}

// TestStagedSearchEqualsUnstaged: with every pruning off, a fixed-depth search with staged
// generation returns the same score as one that generates every move at once, in the bench
// positions and in positions from seeded playouts: the stages cover the same moves.
func TestStagedSearchEqualsUnstaged(t *testing.T) {
	fens := append([]string(nil), searchBenchFENs...)
	rng := newRand(11)
	for i, p := range playout(rng, Start(), 120) {
		if i%15 == 7 {
			fens = append(fens, p.FEN())
		}
	}
	for _, fen := range fens {
		p, err := ParseFEN(fen)
		require.NoError(t, err)
		staged := NewSearcher(gamesearch.Options[Move]{HashMiB: 4, NoPruning: true})
		plain := NewSearcher(gamesearch.Options[Move]{HashMiB: 4, NoPruning: true, NoStaged: true})
		a := staged.Search(context.Background(), p, nil, gamesearch.Limits{Depth: 4})
		b := plain.Search(context.Background(), p, nil, gamesearch.Limits{Depth: 4})
		require.Equal(t, b.Score, a.Score, fen)
	}
}

// TestGivesCheck checks GivesCheck against InCheck after the move, for every legal move of the
// positions of random playouts from the bench positions.
func TestGivesCheck(t *testing.T) {
	rng := newRand(12)
	n, checks := 0, 0
	for _, p := range benchPlayouts(t, rng, 10, 150) {
		for _, m := range p.LegalMoves(nil) {
			c := p.Play(m)
			want := c.InCheck()
			if got := p.GivesCheck(m); got != want {
				t.Fatalf("%s: GivesCheck(%s) = %v, want %v", p.FEN(), m, got, want)
			}
			n++
			if want {
				checks++
			}
		}
	}
	if checks < 100 {
		t.Fatalf("only %d checking moves among %d", checks, n)
	}
}

// TestQuietChecks: QuietChecks returns the moves of QuietMoves after which the opponent is in
// check, in their order, over random playouts from the bench positions.
func TestQuietChecks(t *testing.T) {
	rng := newRand(15)
	n := 0
	for _, p := range benchPlayouts(t, rng, 10, 150) {
		var want []Move
		for _, m := range p.QuietMoves(nil) {
			c := p.Play(m)
			if c.InCheck() {
				want = append(want, m)
			}
		}
		got := p.QuietChecks(nil)
		if !slices.Equal(got, want) {
			t.Fatalf("%s: QuietChecks %v, want %v", p.FEN(), got, want)
		}
		n += len(got)
	}
	if n < 100 {
		t.Fatalf("only %d quiet checks", n)
	}
}
