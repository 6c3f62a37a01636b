package chess

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// CH01: en passant that exposes the king along the rank is illegal; generalised to both
// colours, the king on either side and a queen as the pinning piece.
func TestCH01EnPassantRankPin(t *testing.T) {
	rc := ruleCase(t, "CH01")
	bothColours(t, rc.FENs[0], func(t *testing.T, fen string, mv func(string) string) {
		p := mustFEN(t, fen)
		assert.NotContains(t, uciSet(&p), mv("d5e6"))
		assert.EqualValues(t, 6, p.Perft(1))
		// The en passant square is not kept: no legal capture, so it is not part of the key.
		assert.Equal(t, NoSquare, p.EnPassant())
		assert.NotContains(t, p.FEN(), " e6 ")
	})
	// King on the other side of the pawns, queen as the pinner, both colours.
	for _, fen := range []string{
		"8/8/8/K2Pp2q/8/8/4k3/8 w - e6 0 1",
		"8/8/8/q2Pp2K/8/8/4k3/8 w - e6 0 1",
		"8/8/8/K2pP2q/8/8/4k3/8 w - d6 0 1",
	} {
		bothColours(t, fen, func(t *testing.T, fen string, mv func(string) string) {
			p := mustFEN(t, fen)
			for _, m := range p.LegalMoves(nil) {
				assert.False(t, m.IsEnPassant(), "%s in %s", m, fen)
			}
		})
	}
	// Control: with a blocker between, en passant is legal.
	bothColours(t, "8/8/8/r1nPp2K/8/8/4k3/8 w - e6 0 1", func(t *testing.T, fen string, mv func(string) string) {
		p := mustFEN(t, fen)
		assert.Contains(t, uciSet(&p), mv("d5e6"))
		m, err := p.ParseMove(mv("d5e6"))
		require.NoError(t, err)
		assert.True(t, m.IsEnPassant())
	})
	// Diagonal pin: a pawn pinned on a diagonal may capture en passant along the pin line only.
	bothColours(t, "1b5k/8/8/3pP3/8/8/7K/8 w - d6 0 1", func(t *testing.T, fen string, mv func(string) string) {
		p := mustFEN(t, fen)
		assert.Contains(t, uciSet(&p), mv("e5d6"))
	})
	bothColours(t, "1b5k/8/8/4Pp2/8/8/7K/8 w - f6 0 1", func(t *testing.T, fen string, mv func(string) string) {
		p := mustFEN(t, fen)
		assert.NotContains(t, uciSet(&p), mv("e5f6"))
		assert.Equal(t, NoSquare, p.EnPassant())
	})
}

// CH02: en passant that resolves a check, by blocking or by capturing the checking pawn.
func TestCH02EnPassantResolvesCheck(t *testing.T) {
	rc := ruleCase(t, "CH02")
	bothColours(t, rc.FENs[0], func(t *testing.T, fen string, mv func(string) string) {
		p := mustFEN(t, fen)
		require.True(t, p.InCheck())
		assert.Contains(t, uciSet(&p), mv("e4d3"))
		assert.EqualValues(t, 6, p.Perft(1))
	})
	bothColours(t, rc.FENs[1], func(t *testing.T, fen string, mv func(string) string) {
		p := mustFEN(t, fen)
		m, err := p.ParseMove(mv("h7h5"))
		require.NoError(t, err)
		c := p.Play(m)
		require.True(t, c.InCheck())
		assert.ElementsMatch(t, []string{mv("g4f3"), mv("g5h6")}, uciSet(&c))
		assert.Equal(t, mv("h6"), c.EnPassant().String())
	})
	// A double check by a discovered slider and the pushed pawn cannot be met by en passant
	// (only king moves answer a double check).
	bothColours(t, "8/8/8/8/1p6/8/2P5/3K3k w - - 0 1", func(t *testing.T, fen string, mv func(string) string) {
		p := mustFEN(t, fen)
		c := p.Play(mustMove(t, &p, mv("c2c4")))
		assert.Equal(t, mv("c3"), c.EnPassant().String())
		assert.Contains(t, uciSet(&c), mv("b4c3"))
	})
}

func mustMove(t testing.TB, p *Position, s string) Move {
	t.Helper()
	m, err := p.ParseMove(s)
	require.NoError(t, err, "%s in %s", s, p.FEN())
	return m
}

// CH04 and its kind: castling is illegal out of, through or into check, with pieces between
// king and rook, or without the right; the square b1/b8 may be attacked for queen-side castling.
// All four castlings, both colours.
func TestCastlingRules(t *testing.T) {
	rc := ruleCase(t, "CH04")
	bothColours(t, rc.FENs[0], func(t *testing.T, fen string, mv func(string) string) {
		p := mustFEN(t, fen)
		assert.NotContains(t, uciSet(&p), mv("e1g1"))
		assert.EqualValues(t, 10, p.Perft(1))
		_, err := p.ParseMove("O-O")
		require.Error(t, err)
		assert.Contains(t, err.Error(), "out of check")
	})
	type tc struct {
		name   string
		fen    string // White to move; the black pieces added attack the squares named
		legal  []string
		banned []string
		reason string // part of the ParseMove error for the first banned move
	}
	cases := []tc{
		{"all free", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", []string{"e1g1", "e1c1"}, nil, ""},
		{"out of check", "r3k2r/8/8/8/4r3/8/8/R3K2R w KQkq - 0 1", nil, []string{"e1g1", "e1c1"}, "out of check"},
		{"through f1", "r3k2r/8/8/8/5r2/8/8/R3K2R w KQkq - 0 1", []string{"e1c1"}, []string{"e1g1"}, "through check"},
		{"into g1", "r3k2r/8/8/8/6r1/8/8/R3K2R w KQkq - 0 1", []string{"e1c1"}, []string{"e1g1"}, "into check"},
		{"through d1", "r3k2r/8/8/8/3r4/8/8/R3K2R w KQkq - 0 1", []string{"e1g1"}, []string{"e1c1"}, "through check"},
		{"into c1", "r3k2r/8/8/8/2r5/8/8/R3K2R w KQkq - 0 1", []string{"e1g1"}, []string{"e1c1"}, "into check"},
		{"b1 attacked is fine", "r3k2r/8/8/8/1r6/8/8/R3K2R w KQkq - 0 1", []string{"e1g1", "e1c1"}, nil, ""},
		{"rook attacked is fine", "r3k2r/8/8/8/7r/8/8/R3K2R w KQkq - 0 1", []string{"e1g1", "e1c1"}, nil, ""},
		{"knight on g1", "r3k2r/8/8/8/8/8/8/R3K1NR w KQkq - 0 1", []string{"e1c1"}, []string{"e1g1"}, "not empty"},
		{"knight on b1", "r3k2r/8/8/8/8/8/8/RN2K2R w KQkq - 0 1", []string{"e1g1"}, []string{"e1c1"}, "not empty"},
		{"no rights", "r3k2r/8/8/8/8/8/8/R3K2R w kq - 0 1", nil, []string{"e1g1", "e1c1"}, "lost the right"},
		{"pawn attacks f1", "r3k2r/8/8/8/8/8/6p1/R3K2R w KQkq - 0 1", []string{"e1c1"}, []string{"e1g1"}, "through check"},
		{"knight attacks c1", "r3k2r/8/8/8/8/1n6/8/R3K2R w KQkq - 0 1", []string{"e1g1"}, []string{"e1c1"}, "into check"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			bothColours(t, c.fen, func(t *testing.T, fen string, mv func(string) string) {
				p := mustFEN(t, fen)
				set := uciSet(&p)
				for _, m := range c.legal {
					assert.Contains(t, set, mv(m))
					got := mustMove(t, &p, mv(m))
					assert.True(t, got.IsCastling())
				}
				for i, m := range c.banned {
					assert.NotContains(t, set, mv(m))
					_, err := p.ParseMove(mv(m))
					require.Error(t, err)
					if i == 0 {
						assert.Contains(t, err.Error(), c.reason)
					}
				}
			})
		})
	}
	// Castling moves both pieces, and the SAN names it.
	p := mustFEN(t, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
	c := p.Play(mustMove(t, &p, "O-O-O"))
	assert.Equal(t, "r3k2r/8/8/8/8/8/8/2KR3R b kq - 1 1", c.FEN())
	c2 := c.Play(mustMove(t, &c, "O-O"))
	assert.Equal(t, "r4rk1/8/8/8/8/8/8/2KR3R w - - 2 2", c2.FEN())
	assert.Equal(t, "O-O", c.SAN(mustMove(t, &c, "e8g8")))
	// King-takes-rook form is read as castling.
	assert.Equal(t, mustMove(t, &p, "e1g1"), mustMove(t, &p, "e1h1"))
}

// CH06 and its kind: castling rights are lost when the king moves, when a rook moves and when
// a rook is captured on its home square; all four rooks, both colours.
func TestCastlingRightsLost(t *testing.T) {
	rc := ruleCase(t, "CH06")
	p := mustFEN(t, rc.FENs[0])
	c := p.Play(mustMove(t, &p, "b2h8"))
	assert.Equal(t, "rnbqkbnB/pppppp1p/8/8/1P4p1/8/P1PPPPPP/RN1QKBNR b KQq - 0 1", c.FEN())
	base := "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
	for _, c := range []struct{ moves, rights string }{
		{"e1e2", "kq"}, {"h1h2", "Qkq"}, {"a1a2", "Kkq"},
		{"h1h8", "Qq"}, {"a1a8", "Kk"}, {"e1f1 e8d8", "-"},
		{"e1d1 h8h1", "q"}, {"e1d1 a8a1", "k"},
	} {
		g, err := ParseGame("fen " + base + " moves " + c.moves)
		require.NoError(t, err)
		pos := g.Position()
		assert.Equal(t, c.rights, strings.Fields(pos.FEN())[2], c.moves)
		mirrored, err := ParseGame("fen " + mirrorFEN(t, base) + " moves " + mirrorMoves(c.moves))
		require.NoError(t, err)
		mp := mirrored.Position()
		want := c.rights
		if want != "-" {
			want = mirrorFEN(t, "8/8/8/8/8/8/8/8 w "+c.rights)
			want = strings.Fields(want)[2]
		}
		assert.Equal(t, want, strings.Fields(mp.FEN())[2], "mirrored "+c.moves)
	}
}

func mirrorMoves(s string) string {
	f := strings.Fields(s)
	for i := range f {
		f[i] = mirrorMove(f[i])
	}
	return strings.Join(f, " ")
}

// CH07 and its kind: promotion to all four pieces, by capture or push, also as a check
// evasion.
func TestPromotion(t *testing.T) {
	rc := ruleCase(t, "CH07")
	bothColours(t, rc.FENs[0], func(t *testing.T, fen string, mv func(string) string) {
		p := mustFEN(t, fen)
		require.True(t, p.InCheck())
		set := uciSet(&p)
		assert.Len(t, set, 10)
		for _, s := range []string{"e7f8q", "e7f8r", "e7f8b", "e7f8n"} {
			assert.Contains(t, set, mv(s))
		}
	})
	bothColours(t, "1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1", func(t *testing.T, fen string, mv func(string) string) {
		p := mustFEN(t, fen)
		var promos []string
		for _, m := range p.LegalMoves(nil) {
			if m.Promotion() != NoKind {
				promos = append(promos, m.UCI())
			}
		}
		assert.ElementsMatch(t, []string{mv("a7a8q"), mv("a7a8r"), mv("a7a8b"), mv("a7a8n"),
			mv("a7b8q"), mv("a7b8r"), mv("a7b8b"), mv("a7b8n")}, promos)
		m := mustMove(t, &p, mv("a7b8n"))
		c := p.Play(m)
		want := Knight
		assert.Equal(t, want, c.PieceAt(m.To()).Kind())
		_, err := p.ParseMove(mv("a7a8"))
		require.Error(t, err)
		assert.Contains(t, err.Error(), "must promote")
	})
	p := mustFEN(t, "1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1")
	assert.Equal(t, "axb8=Q+", p.SAN(mustMove(t, &p, "a7b8q")))
	assert.Equal(t, "a8=N", p.SAN(mustMove(t, &p, "a8=N")))
	assert.Equal(t, mustMove(t, &p, "a7a8r"), mustMove(t, &p, "a8R"))
}

// CH08, CH09, CH10, CH11: mate and stalemate found on load, mate beats the 50-move rule, the
// rule counts 100 half-moves. Both colours.
func TestGameEndings(t *testing.T) {
	bothColours(t, ruleCase(t, "CH08").FENs[0], func(t *testing.T, fen string, mv func(string) string) {
		p := mustFEN(t, fen)
		r := NewGame(p).Result()
		assert.Equal(t, Checkmate, r.Reason)
		if p.SideToMove() == Black {
			assert.Equal(t, WhiteWins, r.Status)
			assert.Equal(t, "1-0", r.PGN())
		} else {
			assert.Equal(t, BlackWins, r.Status)
		}
	})
	bothColours(t, ruleCase(t, "CH09").FENs[0], func(t *testing.T, fen string, mv func(string) string) {
		p := mustFEN(t, fen)
		assert.Empty(t, p.LegalMoves(nil))
		assert.False(t, p.InCheck())
		assert.False(t, p.LossOnStalemate())
		r := NewGame(p).Result()
		assert.Equal(t, Result{DrawnGame, Stalemate}, r)
		assert.Equal(t, "Draw by stalemate", r.String())
	})
	bothColours(t, ruleCase(t, "CH10").FENs[0], func(t *testing.T, fen string, mv func(string) string) {
		g, err := ParseGame("fen " + fen + " moves " + mv("g3h3"))
		require.NoError(t, err)
		pos := g.Position()
		assert.Equal(t, 100, pos.HalfmoveClock())
		assert.True(t, pos.Drawn(), "the clock alone says draw")
		r := g.Result()
		assert.Equal(t, Checkmate, r.Reason, "mate has precedence")
		assert.NotEqual(t, DrawnGame, r.Status)
		// Any other move reaching 100 half-moves without mate is a draw.
		g2, err := ParseGame("fen " + fen + " moves " + mv("g3g4"))
		require.NoError(t, err)
		assert.Equal(t, Result{DrawnGame, FiftyMoveRule}, g2.Result())
	})
	bothColours(t, ruleCase(t, "CH11").FENs[0], func(t *testing.T, fen string, mv func(string) string) {
		p := mustFEN(t, fen)
		assert.False(t, p.Drawn())
		assert.Equal(t, Ongoing, NewGame(p).Result().Status)
		for clock, drawn := range map[string]bool{"99": false, "100": true, "150": true} {
			f := strings.Fields(fen)
			f[4] = clock
			q := mustFEN(t, strings.Join(f, " "))
			assert.Equal(t, drawn, q.Drawn(), clock)
			if drawn {
				assert.Equal(t, Result{DrawnGame, FiftyMoveRule}, NewGame(q).Result())
			}
		}
	})
	// Pushing into a finished game is refused.
	g, err := ParseGame("startpos moves f2f3 e7e5 g2g4 d8h4")
	require.NoError(t, err)
	assert.Equal(t, Result{BlackWins, Checkmate}, g.Result())
	pos := g.Position()
	require.Empty(t, pos.LegalMoves(nil))
	assert.Error(t, g.Push(NewMove(SquareAt(0, 1), SquareAt(0, 2))))
}

// CH12 and CH14: threefold repetition compares side, pieces, castling rights and possible en
// passant captures; the start position counts.
func TestRepetition(t *testing.T) {
	rc := ruleCase(t, "CH12")
	lines := []string{
		"f2f4 g8f6 g1f3 f6g8 f3g1 g8f6 g1f3 f6g8 f3g1",
		"e2e4 e7e5 f1e2 f8e7 e2f1 e7f8 f1d3 f8d6 d3f1 d6f8",
	}
	for _, line := range lines {
		g, err := ParseGame("fen " + rc.FENs[0] + " moves " + line)
		require.NoError(t, err)
		assert.Equal(t, 3, g.Repetitions(), line)
		assert.Equal(t, Result{DrawnGame, ThreefoldRepetition}, g.Result(), line)
		m, _ := g.Pop()
		assert.Equal(t, Ongoing, g.Result().Status)
		require.NoError(t, g.Push(m))

		// Push refuses to play on after the draw; Continue plays on (as a GUI may) and still
		// refuses an illegal move.
		pos := g.Position()
		push, bad := "d2d4", NewMove(SquareAt(3, 1), SquareAt(3, 4)) // d2d5 is not a pawn move
		if pos.SideToMove() == Black {
			push, bad = "e7e5", NewMove(SquareAt(4, 6), SquareAt(4, 3)) // e7e4 neither
		}
		next, err := pos.ParseMove(push)
		require.NoError(t, err)
		assert.Error(t, g.Push(next))
		assert.Error(t, g.Continue(bad))
		require.NoError(t, g.Continue(next))
		assert.Equal(t, Ongoing, g.Result().Status, "a pawn move makes a position not seen before")
		assert.Len(t, g.History(), g.Len())
	}
	// A usable en passant square makes positions differ: after 1.e4 Nf6 2.e5 d5 the position
	// with the e.p. right is not the same as the one reached after the knights dance.
	g, err := ParseGame("startpos moves e2e4 g8f6 e4e5 d7d5 g1f3 b8c6 f3g1 c6b8 g1f3 b8c6 f3g1 c6b8")
	require.NoError(t, err)
	assert.Equal(t, 2, g.Repetitions(), "the first occurrence had a legal e.p. capture")
	// Castling rights make positions differ.
	g, err = ParseGame("startpos moves e2e4 e7e5 e1e2 e8e7 e2e1 e7e8 e1e2 e8e7 e2e1 e7e8")
	require.NoError(t, err)
	assert.Equal(t, 2, g.Repetitions())

	rc = ruleCase(t, "CH14")
	bothColours(t, rc.FENs[0], func(t *testing.T, fen string, mv func(string) string) {
		g, err := ParseGame("fen " + fen + " moves " + mirrorMovesWith(rc.Query, mv))
		require.NoError(t, err)
		assert.Equal(t, 3, g.Repetitions())
		assert.Equal(t, Result{DrawnGame, ThreefoldRepetition}, g.Result())
		h := g.History()
		require.Len(t, h, 8)
		pos := g.Position()
		assert.Equal(t, pos.Hash(), h[0].Hash)
		assert.Equal(t, pos.Hash(), h[4].Hash)
	})
}

func mirrorMovesWith(s string, mv func(string) string) string {
	f := strings.Fields(s)
	for i := range f {
		f[i] = mv(f[i])
	}
	return strings.Join(f, " ")
}

// CH15 and its kind: insufficient material.
func TestInsufficientMaterial(t *testing.T) {
	rc := ruleCase(t, "CH15")
	want := []bool{true, true, true, false}
	require.Len(t, rc.FENs, len(want))
	for i, fen := range rc.FENs {
		bothColours(t, fen, func(t *testing.T, fen string, mv func(string) string) {
			p := mustFEN(t, fen)
			assert.Equal(t, want[i], p.InsufficientMaterial(), fen)
			assert.Equal(t, want[i], p.Drawn(), fen)
		})
	}
	for fen, insufficient := range map[string]bool{
		"8/8/8/4k3/8/8/8/4K3 w - - 0 1":     true,  // K v K
		"8/8/8/4k3/8/8/8/4KN2 w - - 0 1":    true,  // K+N v K
		"8/8/8/4k3/8/8/8/4KB2 w - - 0 1":    true,  // K+B v K
		"8/8/8/4k3/8/8/8/3NKN2 w - - 0 1":   false, // K+N+N v K: mate possible
		"8/8/8/4k1n1/8/8/8/4KN2 w - - 0 1":  false, // K+N v K+N: mate possible
		"8/8/8/4kb2/8/8/8/4KN2 w - - 0 1":   false, // K+N v K+B
		"8/8/8/4k3/8/8/4P3/4K3 w - - 0 1":   false, // a pawn
		"8/8/8/4k3/8/8/8/4KR2 w - - 0 1":    false, // a rook
		"8/8/8/4k3/8/8/8/3QK3 w - - 0 1":    false, // a queen
		"b7/1b6/8/4k3/8/8/8/4K2B w - - 0 1": true,  // three bishops, all light squares
		"8/8/8/4k3/8/8/8/2B1KB2 w - - 0 1":  false, // a bishop pair
	} {
		p := mustFEN(t, fen)
		assert.Equal(t, insufficient, p.InsufficientMaterial(), fen)
		r := NewGame(p).Result()
		if insufficient {
			assert.Equal(t, Result{DrawnGame, InsufficientMaterial}, r, fen)
		} else {
			assert.Equal(t, Ongoing, r.Status, fen)
		}
	}
}

// CH17 and its kind: malformed FENs give an error naming the field, never a panic.
func TestFENErrors(t *testing.T) {
	rc := ruleCase(t, "CH17")
	for _, fen := range rc.FENs {
		if strings.HasSuffix(fen, "R w") {
			// Missing castling/ep/clock fields: accepted leniently with defaults "-", "-", 0, 1.
			p, err := ParseFEN(fen)
			require.NoError(t, err)
			assert.Equal(t, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1", p.FEN())
			continue
		}
		_, err := ParseFEN(fen)
		require.Error(t, err, fen)
		var fe *FENError
		require.ErrorAs(t, err, &fe)
	}
	for _, c := range []struct{ fen, field, part string }{
		{"rnbkkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "placement", "2 black kings"},
		{"8/2K5/8/8/2K1NB2/8/8/8 w - - 96 46", "placement", "2 white kings"},
		{"rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "placement", "rank 6"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPP/RNBQKBNR w KQkq - 0 1", "placement", "has 7 squares"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPPP/RNBQKBNR w KQkq - 0 1", "placement", "more than 8"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", "placement", "7 ranks"},
		{"rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "placement", "unknown character 'x'"},
		{"rnbqkbnP/pppppppp/8/8/8/8/1PPPPPPP/RNBQKBNR w KQkq - 0 1", "placement", "pawn on rank 8"},
		{"4k3/8/8/8/8/8/8/p3K3 w - - 0 1", "placement", "pawn on rank 1"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", "side to move", "missing"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "side to move", "\"x\""},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e 0 1", "en passant", "\"e\""},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1", "en passant", "rank 3"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1", "en passant", "no black pawn on e5"},
		{"rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR b KQkq e6 0 2", "en passant", "rank 6"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkx - 0 1", "castling", "unknown character 'x'"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1", "castling", "rook on h1"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w KQkq - 0 1", "placement", "0 white kings"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1", "halfmove clock", "\"x\""},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 -1", "fullmove number", "\"-1\""},
		{"4k3/8/8/8/8/8/8/4K2R w KQkq - 0 1", "castling", "rook on a1"},
		{"4k3/4R3/8/8/8/8/8/4K3 w - - 0 1", "position", "black"},
		{"4k3/4R3/8/8/8/8/8/4K3 w - - 0 1 extra", "position", "7 fields"},
	} {
		_, err := ParseFEN(c.fen)
		require.Error(t, err, c.fen)
		var fe *FENError
		require.ErrorAs(t, err, &fe, c.fen)
		assert.Equal(t, c.field, fe.Field, c.fen)
		assert.Contains(t, strings.ToLower(err.Error()), strings.ToLower(c.part), c.fen)
	}
	// The square is named where there is one.
	_, err := ParseFEN("4k3/8/8/8/8/8/8/p3K3 w - - 0 1")
	var fe *FENError
	require.ErrorAs(t, err, &fe)
	assert.Equal(t, "a1", fe.Square.String())
}

// CH19: perft must count leaves at depth 0 only.
func TestCH19Perft(t *testing.T) {
	rc := ruleCase(t, "CH19")
	p := mustFEN(t, rc.FENs[0])
	assert.EqualValues(t, 4085603, p.Perft(4))
	p = mustFEN(t, rc.FENs[1])
	assert.EqualValues(t, 11030083, p.Perft(6))
}

// TestShredderFENCastling: Shredder-FEN / X-FEN castling letters (the rooks' files: HAha)
// read as KQkq, as Stockfish reads them (Stockfish 15.1: "r3k2r/8/8/8/8/8/8/R3K2R w HAha"
// prints as "... w KQkq", perft 2 = 568; "w Ah" as "w Qk", perft 1 = 25); a file letter of
// Chess960 (a rook elsewhere) is refused by name.
func TestShredderFENCastling(t *testing.T) {
	p := mustFEN(t, "r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1")
	assert.Equal(t, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", p.FEN())
	assert.Equal(t, uint64(568), p.Perft(2))
	q := mustFEN(t, "r3k2r/8/8/8/8/8/8/R3K2R w Ah - 0 1")
	assert.Equal(t, "r3k2r/8/8/8/8/8/8/R3K2R w Qk - 0 1", q.FEN())
	assert.Equal(t, uint64(25), q.Perft(1))
	start := mustFEN(t, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1")
	assert.Equal(t, StartFEN, start.FEN())
	for _, c := range []struct{ fen, want string }{
		{"r3k2r/8/8/8/8/8/8/R3K1R1 w G - 0 1", "'G' names a castling rook on the g-file, which is Chess960's"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KH - 0 1", "'H' given twice"},
		{"r3k2r/8/8/8/8/8/8/R3K3 w H - 0 1", "right 'H' needs a white rook on h1"},
	} {
		_, err := ParseFEN(c.fen)
		if assert.Error(t, err, c.fen) {
			assert.Contains(t, err.Error(), c.want, c.fen)
		}
	}
}
