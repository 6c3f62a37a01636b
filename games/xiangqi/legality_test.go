package xiangqi

import (
	"slices"
	"testing"
)

// dangerRays is the danger set of legalCtx written out directly from its definition: the
// rays from the general of the side to move whose first two pieces hold an enemy chariot or
// general, or whose first three hold an enemy cannon, plus relDiag.
func dangerRays(p *Position) uint8 {
	them := p.side ^ 1
	k := p.gen[p.side]
	danger := uint8(relDiag)
	for d := 0; d < 4; d++ {
		var pieces []Piece
		for i := 0; i < int(rayLen[k][d]); i++ {
			if pc := p.board[ray[k][d][i]]; pc != NoPiece {
				pieces = append(pieces, pc)
			}
		}
		for j, pc := range pieces {
			if j < 3 && pc == MakePiece(them, Cannon) ||
				j < 2 && (pc == MakePiece(them, Chariot) || pc == MakePiece(them, General)) {
				danger |= 1 << d
			}
		}
	}
	return danger
}

// TestLegalityCache checks the legality context that apply, NullMove and ParseFEN store in a
// Position against the board: the check flag against attacked, the danger rays against
// dangerRays, over random playouts from the bench positions (and the null move from each).
func TestLegalityCache(t *testing.T) {
	rng := newRand(11)
	n := 0
	for _, p := range benchPlayouts(t, rng, 20, 150) {
		var null Position
		p.NullMove(&null)
		for _, q := range []*Position{&p, &null} {
			want := legalCtx{k: q.gen[q.side], check: attacked(&q.board, q.gen[q.side], q.side^1), danger: dangerRays(q)}
			if q.lc != want {
				t.Fatalf("%s: cached legality %+v, want %+v", q.FEN(), q.lc, want)
			}
			if got := q.InCheck(); got != want.check {
				t.Fatalf("%s: InCheck() = %v, want %v", q.FEN(), got, want.check)
			}
			n++
		}
	}
	if n < 1000 {
		t.Fatalf("only %d positions checked", n)
	}
}

// TestCapturesQuietsOrder: the capture and quiet generators return exactly the captures and
// the non-captures of the full pseudo-legal generator, in its order (the search's move
// order, and so its tree, depends on it), over random playouts from the bench positions.
func TestCapturesQuietsOrder(t *testing.T) {
	rng := newRand(13)
	for _, p := range benchPlayouts(t, rng, 10, 150) {
		var noisy, quiet []Move
		for _, m := range p.pseudo(nil, genAll) {
			if p.board[m.To()] != NoPiece {
				noisy = append(noisy, m)
			} else {
				quiet = append(quiet, m)
			}
		}
		if got := p.captures(nil); !slices.Equal(got, noisy) {
			t.Fatalf("%s: captures %v, want %v", p.FEN(), got, noisy)
		}
		if got := p.quiets(nil); !slices.Equal(got, quiet) {
			t.Fatalf("%s: quiets %v, want %v", p.FEN(), got, quiet)
		}
	}
}
