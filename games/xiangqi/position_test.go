package xiangqi

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cotuong-ai/cotuong/gamesearch"
)

// TestIncrementalState: after seeded random playouts the incrementally updated Zobrist key,
// evaluation terms, piece counts and general squares equal a recomputation from scratch
// (rebuilding the position from its FEN), and equal positions reached by different move
// orders have equal keys.
func TestIncrementalState(t *testing.T) {
	rng := newRand(1)
	for game := 0; game < 40; game++ {
		for _, p := range playout(rng, Start(), 300) {
			require.Equal(t, p.computeHash(), p.Hash(), p.FEN())
			q := mustFEN(t, p.FEN())
			require.Equal(t, q.Hash(), p.Hash(), p.FEN())
			require.Equal(t, q.mg, p.mg, p.FEN())
			require.Equal(t, q.eg, p.eg, p.FEN())
			require.Equal(t, q.phase, p.phase, p.FEN())
			require.Equal(t, q.count, p.count, p.FEN())
			require.Equal(t, q.gen, p.gen, p.FEN())
			require.Equal(t, q.occ, p.occ, p.FEN())
			require.Equal(t, q.Evaluate(), p.Evaluate(), p.FEN())
		}
	}
	// Transposition: h2e2 h9g7 b0c2 and b0c2 h9g7 h2e2 reach the same position.
	a, err := ParseGame("startpos moves h2e2 h9g7 b0c2")
	require.NoError(t, err)
	b, err := ParseGame("startpos moves b0c2 h9g7 h2e2")
	require.NoError(t, err)
	pa, pb := a.Position(), b.Position()
	assert.Equal(t, pa.Hash(), pb.Hash())
	// The side to move is part of the key.
	w := mustFEN(t, "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1")
	bl := mustFEN(t, "3k5/9/9/9/9/9/9/9/9/4K4 b - - 0 1")
	assert.NotEqual(t, w.Hash(), bl.Hash())
}

// TestAfterLeavesReceiver: After and Play do not change the receiver, and After may write
// into the receiver itself.
func TestAfterLeavesReceiver(t *testing.T) {
	p := Start()
	before := p
	var c Position
	for _, m := range p.LegalMoves(nil) {
		p.After(m, &c)
		require.Equal(t, before, p)
		require.Equal(t, p.Play(m), c)
	}
	q := p
	m := mustParse(t, q, "h2e2")
	q.After(m, &q)
	assert.Equal(t, p.Play(m), q)
}

func TestNoisyMovesAndCaptureKey(t *testing.T) {
	rng := newRand(3)
	for game := 0; game < 20; game++ {
		for _, p := range playout(rng, Start(), 200) {
			var caps []string
			for _, m := range p.LegalMoves(nil) {
				key, noisy := p.CaptureKey(m)
				isCap := p.PieceAt(m.To()) != NoPiece
				require.Equal(t, isCap, noisy)
				if isCap {
					caps = append(caps, m.UCI())
				} else {
					require.Zero(t, key)
				}
			}
			require.Equal(t, caps, uciList2(p.NoisyMoves(nil)), p.FEN())
		}
	}
	// MVV-LVA: taking a chariot with a soldier ranks above taking a soldier with a chariot.
	p := mustFEN(t, "3k5/9/9/2r6/2P1p4/9/9/9/4R4/4K4 w - - 0 1")
	kRook, _ := p.CaptureKey(mustParse(t, p, "c5c6"))
	kPawn, _ := p.CaptureKey(mustParse(t, p, "e1e5"))
	assert.Greater(t, kRook, kPawn)
}

// uciList2 keeps the order of the generator but converts to text (the NoisyMoves order is the
// LegalMoves order restricted to captures).
func uciList2(ms []Move) []string {
	var out []string
	for _, m := range ms {
		out = append(out, m.UCI())
	}
	return out
}

// TestEvaluateSymmetry: the evaluation is colour-symmetric (a position and its colour-swapped
// image score the same for the side to move) and mirror-symmetric, and stays inside the
// search's bounds.
func TestEvaluateSymmetry(t *testing.T) {
	start := Start()
	assert.Equal(t, 0, start.Evaluate())
	rng := newRand(5)
	for game := 0; game < 20; game++ {
		for _, p := range playout(rng, Start(), 200) {
			for _, tr := range transforms[1:] {
				q := mustFEN(t, tr.fen(p.FEN()))
				require.Equal(t, p.Evaluate(), q.Evaluate(), "%s %s", tr, p.FEN())
			}
			require.Less(t, abs(p.Evaluate()), gamesearch.MateBound)
		}
	}
	// A side a chariot up is better; the cannon is worth more than a horse in the opening and
	// less in a bare endgame.
	up := mustFEN(t, "rnbakabn1/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1")
	assert.Greater(t, up.Evaluate(), 400)
	assert.Greater(t, materialMG[Cannon], materialMG[Horse])
	assert.Less(t, materialEG[Cannon], materialEG[Horse])
	cannonEnd := mustFEN(t, "3k5/9/9/9/9/9/9/4C4/9/4K4 w - - 0 1")
	horseEnd := mustFEN(t, "3k5/9/9/9/9/9/9/4N4/9/4K4 w - - 0 1")
	assert.Less(t, cannonEnd.Evaluate(), horseEnd.Evaluate())
}

func TestDrawnAndMoveLimit(t *testing.T) {
	// No piece that can cross the river: drawn.
	bare := mustFEN(t, "3ak4/4a4/4b4/9/9/9/9/4B4/4A4/3AK4 w - - 0 1")
	assert.True(t, bare.Drawn())
	assert.Equal(t, Result{Status: DrawnGame, Reason: InsufficientMaterial}, NewGame(bare).Result())
	one := mustFEN(t, "3ak4/4a4/4b4/9/9/9/2p6/4B4/4A4/3AK4 w - - 0 1")
	assert.False(t, one.Drawn())
	// The move limit: 120 plies without capture by default.
	p := mustFEN(t, "3k5/9/9/9/9/9/9/9/9/R3K4 w - - 119 80")
	assert.Equal(t, DefaultMoveLimit, p.MoveLimit())
	assert.False(t, p.Drawn())
	q := p.Play(mustParse(t, p, "a0a1"))
	assert.Equal(t, 120, q.HalfmoveClock())
	assert.True(t, q.Drawn())
	g := NewGame(p)
	require.NoError(t, g.Push(mustParse(t, p, "a0a1")))
	assert.Equal(t, Result{Status: DrawnGame, Reason: MoveLimit}, g.Result())
	assert.Equal(t, "Draw by move limit", g.Result().String())
	err := g.Push(mustParse(t, g.Position(), "d9d8"))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "the game is over (Draw by move limit)")
	g.SetMoveLimit(200)
	assert.Equal(t, 200, g.MoveLimit())
	assert.Equal(t, Result{}, g.Result())
	g.SetMoveLimit(0)
	cur := g.Position()
	assert.False(t, cur.Drawn())
	// A capture resets the clock.
	r := mustFEN(t, "3k5/9/9/9/9/9/9/9/p8/R3K4 w - - 100 80")
	rc := r.Play(mustParse(t, r, "a0a1"))
	assert.Equal(t, 0, rc.HalfmoveClock())
	// Mate on the move that reaches the limit still stands: a0a9 checks the general on d9,
	// the e1 chariot covers e9 and the c6 horse covers d8.
	m := mustFEN(t, "3k5/9/9/2N6/9/9/9/9/4R4/R3K4 w - - 119 80")
	gm := NewGame(m)
	require.NoError(t, gm.Push(mustParse(t, m, "a0a9")))
	assert.Equal(t, Result{Status: RedWins, Reason: Checkmate}, gm.Result())
}

func TestGameBasics(t *testing.T) {
	g, err := ParseGame("startpos moves h2e2 h9g7 H2+3")
	require.NoError(t, err)
	assert.Equal(t, "startpos moves h2e2 h9g7 h0g2", g.String())
	assert.Equal(t, 3, g.Len())
	assert.Equal(t, []string{"h2e2", "h9g7", "h0g2"}, uciList2(g.Moves()))
	h := g.History()
	require.Len(t, h, 3)
	start := Start()
	assert.Equal(t, start.Hash(), h[0].Hash)
	m, ok := g.Pop()
	assert.True(t, ok)
	assert.Equal(t, "h0g2", m.UCI())
	assert.Equal(t, 2, g.Len())
	g2, err := ParseGame(g.String())
	require.NoError(t, err)
	assert.Equal(t, g.String(), g2.String())
	pos := g.Position()
	assert.Equal(t, "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2", pos.FEN())
	gs := g.Start()
	assert.Equal(t, StartFEN, gs.FEN())

	f, err := ParseGame("position fen 3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1 moves a0a9")
	require.NoError(t, err)
	assert.Equal(t, "fen 3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1 moves a0a9", f.String())
	assert.True(t, f.History()[0].Hash != 0)
	cur := f.Position()
	assert.True(t, cur.InCheck())
	e, err := ParseGame("fen 3k5/9/9/9/9/9/9/9/9/R3K4 w")
	require.NoError(t, err)
	assert.Equal(t, "fen 3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1", e.String())
	empty := NewGame(Start())
	_, ok = empty.Pop()
	assert.False(t, ok)
	assert.Equal(t, "startpos", empty.String())

	for _, bad := range []struct{ s, want string }{
		{"", "empty"},
		{"banana", `starts with "banana"`},
		{"startpos moves h2e3", "move 1 (h2e3)"},
		{"startpos h2e2", `unexpected "h2e2"`},
		{"fen 9/9 w moves", "xiangqi: game: xiangqi: FEN: board has 2 ranks"},
	} {
		_, err := ParseGame(bad.s)
		if assert.Error(t, err, bad.s) {
			assert.Contains(t, err.Error(), bad.want)
		}
	}
	// Push refuses an illegal move and leaves the game unchanged.
	require.Error(t, g.Push(NewMove(SquareAt(4, 0), SquareAt(4, 2))))
	assert.Equal(t, 2, g.Len())
}

func TestResultStrings(t *testing.T) {
	for r, want := range map[Result]string{
		{}:                                     "Game in progress",
		{Status: RedWins, Reason: Checkmate}:   "Red wins by checkmate",
		{Status: BlackWins, Reason: Stalemate}: "Black wins by stalemate",
		{Status: RedWins, Reason: PerpetualCheck}:         "Red wins by perpetual check",
		{Status: DrawnGame, Reason: Repetition}:           "Draw by repetition",
		{Status: DrawnGame, Reason: InsufficientMaterial}: "Draw by insufficient material",
	} {
		assert.Equal(t, want, r.String())
	}
	assert.Equal(t, "Red", Red.String())
	assert.Equal(t, "Black", Red.Other().String())
	assert.Equal(t, "帥", MakePiece(Red, General).Chinese())
	assert.Equal(t, "卒", MakePiece(Black, Soldier).Chinese())
	assert.Equal(t, "X", MakePiece(Black, Chariot).Vietnamese())
	assert.Equal(t, byte('n'), MakePiece(Black, Horse).Letter())
	assert.Equal(t, "e0", SquareAt(4, 0).String())
	assert.Equal(t, NoSquare, SquareAt(9, 0))
	assert.Equal(t, "H2-E2", NewMove(SquareAt(7, 2), SquareAt(4, 2)).ICCS())
	assert.Equal(t, "0000", NoMove.UCI())
	assert.True(t, strings.HasPrefix(Start().String(), "rnbakabnr/"))
}
