package xiangqi

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cotuong-ai/cotuong/internal/testkit/reference"
)

// expectedStatus maps a repetition.tsv verdict, seen through tr (which swaps the colours when
// it flips the board), to a Status.
func expectedStatus(t *testing.T, verdict string, tr transform) Status {
	t.Helper()
	st := map[string]Status{"red wins": RedWins, "black wins": BlackWins, "draw": DrawnGame}[verdict]
	require.NotZero(t, st, "unknown verdict %q", verdict)
	if tr.flip && st != DrawnGame {
		st = RedWins + BlackWins - st
	}
	return st
}

// TestRepetitionReference plays every row of shared/reference/repetition.tsv (Fairy-Stockfish's
// xiangqi repetition rulings) in each of the four symmetric forms and checks Game.Result: the
// game ends by repetition after the last move with the reference's winner.
func TestRepetitionReference(t *testing.T) {
	rows, err := reference.Repetitions()
	require.NoError(t, err)
	require.Len(t, rows, 33)
	for _, row := range rows {
		for _, tr := range transforms {
			fen := row.FEN // R21 carries Fairy-Stockfish's empty holdings "[]", which ParseFEN accepts
			if tr != (transform{}) {
				fen = tr.fen(strings.Replace(fen, "[]", "", 1))
			}
			g := NewGame(mustFEN(t, fen))
			for i, ms := range row.Moves {
				// Continue, not Push: a row may play on past an earlier end (R02 does).
				require.NoError(t, g.Continue(mustMove(t, g, tr.move(ms))), "%s (%s) move %d", row.Name, tr, i+1)
			}
			r := g.Result()
			want := expectedStatus(t, row.Expected, tr)
			assert.Equal(t, want, r.Status, "%s (%s): %s — %s", row.Name, tr, r, r.Explain())
			if want == DrawnGame {
				assert.Equal(t, Repetition, r.Reason, "%s (%s)", row.Name, tr)
			} else {
				assert.Contains(t, []Reason{PerpetualCheck, PerpetualChase, PerpetualCheckChase}, r.Reason, "%s (%s)", row.Name, tr)
			}
		}
	}
}

// TestRulingWords: Explain names the losing side, the kind, and the pieces and squares, as
// the board stood after the loser's last chase (R02: Red's cannon follows Black's chariot
// between the a- and b-files, and ends on b2 against the chariot on b7).
func TestRulingWords(t *testing.T) {
	rows, err := reference.Repetitions()
	require.NoError(t, err)
	row := rows[1]
	require.Equal(t, "R02 Chase with chasing side to move", row.Name)
	for _, tr := range transforms {
		g := NewGame(mustFEN(t, tr.fen(row.FEN)))
		for _, ms := range row.Moves {
			require.NoError(t, g.Continue(mustMove(t, g, tr.move(ms))))
		}
		loser, victim := Red, "black"
		if tr.flip {
			loser, victim = Black, "red"
		}
		r := g.Result()
		assert.Equal(t, loser.Other().String()+" wins by perpetual chase", r.String(), tr.String())
		assert.Equal(t, loser.String()+" loses: perpetual chase — the cannon on "+tr.sq("b2")+" attacked the "+victim+
			" chariot on "+tr.sq("b7")+" with every move", r.Explain(), tr.String())
		assert.Equal(t, Perpetual{Attacker: MakePiece(loser, Cannon), AttackerAt: sq(t, tr.sq("b2")),
			Target: MakePiece(loser.Other(), Chariot), TargetAt: sq(t, tr.sq("b7"))}, r.Perpetual, tr.String())
	}
	// Results without a perpetual read as String.
	assert.Equal(t, "Draw by repetition", Result{Status: DrawnGame, Reason: Repetition}.Explain())
	assert.Equal(t, "Red wins by checkmate", Result{Status: RedWins, Reason: Checkmate}.Explain())
	assert.Empty(t, Result{Status: RedWins, Reason: Checkmate}.Squares())
}

func sq(t *testing.T, s string) Square {
	t.Helper()
	require.Len(t, s, 2)
	return SquareAt(int(s[0]-'a'), int(s[1]-'0'))
}

// TestPerpetualCheckAndChase: one check, one chase (一將一捉) is a perpetual attack too (AXF
// rules): Red's chariot checks the general from e5, then attacks the unprotected horse on c8
// from c5, while the black general only steps e9<->f9. Red loses. With the horse protected
// by a chariot on c9 only the checks remain, every other move, and the game is drawn.
func TestPerpetualCheckAndChase(t *testing.T) {
	cycle := []string{"c5e5", "e9f9", "e5c5", "f9e9"}
	for _, c := range []struct {
		fen  string
		want Reason
	}{
		{"4k4/2n6/9/9/2R6/9/9/9/9/3K5 w - - 0 1", PerpetualCheckChase},
		{"2r1k4/2n6/9/9/2R6/9/9/9/9/3K5 w - - 0 1", Repetition},
	} {
		for _, tr := range transforms {
			g := NewGame(mustFEN(t, tr.fen(c.fen)))
			for i := 0; i < 8; i++ {
				require.NoError(t, g.Push(mustMove(t, g, tr.move(cycle[i%4]))), "%s ply %d", tr, i+1)
			}
			r := g.Result()
			assert.Equal(t, c.want, r.Reason, "%s (%s): %s", c.fen, tr, r.Explain())
			if c.want == Repetition {
				assert.Equal(t, DrawnGame, r.Status)
				continue
			}
			loser, victim := Red, "black"
			if tr.flip {
				loser, victim = Black, "red"
			}
			assert.Equal(t, loser.Other(), map[Status]Color{RedWins: Red, BlackWins: Black}[r.Status], tr.String())
			assert.Equal(t, loser.String()+" loses: perpetual check and chase — the chariot on "+tr.sq("c5")+
				" gave check or attacked the "+victim+" horse on "+tr.sq("c8")+" with every move", r.Explain())
		}
	}
}

// TestChasesAllocateNothing: the search asks for chases whenever it meets a repetition, so
// chase detection must not allocate.
func TestChasesAllocateNothing(t *testing.T) {
	g, err := ParseGame("fen 2bakabnr/9/r1n1c4/2p1p1p1p/PP7/9/4P1P1P/2C3NC1/9/1NBAKAB1R w - - 0 1 moves c2a2")
	require.NoError(t, err)
	prev, cur, m := g.At(0), g.At(1), g.Move(0)
	require.Equal(t, sqSet{}.with(sq(t, "a7")), func() sqSet { l := chases(&prev, &cur, m); return l.set() }())
	assert.Zero(t, testing.AllocsPerRun(100, func() { chases(&prev, &cur, m) }))
}

func BenchmarkChases(b *testing.B) {
	g, err := ParseGame("fen 2bakabnr/9/r1n1c4/2p1p1p1p/PP7/9/4P1P1P/2C3NC1/9/1NBAKAB1R w - - 0 1 moves c2a2")
	require.NoError(b, err)
	prev, cur, m := g.At(0), g.At(1), g.Move(0)
	for b.Loop() {
		chases(&prev, &cur, m)
	}
}
