package chess

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// randomPlayout plays up to plies random legal moves from p with a seeded generator and calls
// visit on every position reached (including p), stopping at a game end.
func randomPlayout(p Position, seed uint64, plies int, visit func(p *Position, m Move)) {
	rng := rand.New(rand.NewPCG(seed, 0xC4E55))
	for i := 0; i <= plies; i++ {
		moves := p.LegalMoves(nil)
		if len(moves) == 0 || p.Drawn() {
			visit(&p, NoMove)
			return
		}
		m := moves[rng.IntN(len(moves))]
		visit(&p, m)
		p = p.Play(m)
	}
}

// checkInvariants checks a position's internal consistency.
func checkInvariants(t *testing.T, p *Position) {
	t.Helper()
	require.Equal(t, p.colors[White]|p.colors[Black], p.kinds[0])
	require.Zero(t, p.colors[White]&p.colors[Black])
	var all uint64
	for k := Pawn; k <= King; k++ {
		require.Zero(t, all&p.kinds[k], "kinds overlap")
		all |= p.kinds[k]
	}
	require.Equal(t, p.kinds[0], all)
	require.Equal(t, 1, popcount(p.kinds[King]&p.colors[White]))
	require.Equal(t, 1, popcount(p.kinds[King]&p.colors[Black]))
}

// TestRandomPlayouts checks, on every position of seeded random games: the incremental Zobrist
// key against recomputation, the FEN round trip, UCI and SAN round trips of every legal move,
// NoisyMoves against the captures and promotions among LegalMoves, CaptureKey's noisy flag,
// and the evaluation's colour symmetry.
func TestRandomPlayouts(t *testing.T) {
	games, plies := 30, 300
	if testing.Short() {
		games = 10
	}
	positions := 0
	for seed := uint64(1); seed <= uint64(games); seed++ {
		randomPlayout(Start(), seed, plies, func(p *Position, played Move) {
			positions++
			checkInvariants(t, p)
			require.Equal(t, p.computeHash(), p.Hash(), p.FEN())
			q, err := ParseFEN(p.FEN())
			require.NoError(t, err, p.FEN())
			require.Equal(t, *p, q, p.FEN())
			moves := p.LegalMoves(nil)
			require.Equal(t, len(moves), p.countLegal(), p.FEN())
			var noisy []Move
			for _, m := range moves {
				isNoisy := p.PieceAt(m.To()) != NoPiece || m.IsEnPassant() || m.Promotion() != NoKind
				if isNoisy {
					noisy = append(noisy, m)
				}
				_, flag := p.CaptureKey(m)
				require.Equal(t, isNoisy, flag, "%s in %s", m, p.FEN())
				got, err := p.ParseMove(m.UCI())
				require.NoError(t, err)
				require.Equal(t, m, got)
				san := p.SAN(m)
				got, err = p.ParseMove(san)
				require.NoError(t, err, "%s (%s) in %s", san, m, p.FEN())
				require.Equal(t, m, got, san)
			}
			require.ElementsMatch(t, noisy, p.NoisyMoves(nil), p.FEN())
			mp := mustFEN(t, mirrorFEN(t, p.FEN()))
			require.Equal(t, p.Evaluate(), mp.Evaluate(), p.FEN())
			require.Equal(t, len(moves), len(mp.LegalMoves(nil)))
		})
	}
	t.Logf("%d positions checked", positions)
}

// TestGameHistory checks Game.History and Pop on a playout.
func TestGameHistory(t *testing.T) {
	g := NewGame(Start())
	var hashes []uint64
	randomPlayout(Start(), 7, 40, func(p *Position, m Move) {
		if m == NoMove || g.Result().Status != Ongoing {
			return
		}
		hashes = append(hashes, p.Hash())
		require.NoError(t, g.Push(m))
	})
	h := g.History()
	require.Len(t, h, g.Len())
	for i := range h {
		assert.Equal(t, hashes[i], h[i].Hash)
	}
	moves := g.Moves()
	g2, err := ParseGame(g.String())
	require.NoError(t, err)
	assert.Equal(t, moves, g2.Moves())
	m, ok := g.Pop()
	require.True(t, ok)
	assert.Equal(t, moves[len(moves)-1], m)
	assert.Equal(t, len(moves)-1, g.Len())
	assert.True(t, slices.Equal(moves[:len(moves)-1], g.Moves()))
}
