package xiangqi

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cotuong-ai/cotuong/gamesearch"
	"github.com/cotuong-ai/cotuong/internal/testkit/reference"
)

func searchGame(t *testing.T, g *Game, depth int) gamesearch.Result[Move] {
	t.Helper()
	s := gamesearch.New[Position, *Position, Move](gamesearch.Options[Move]{HashMiB: 1})
	return s.Search(context.Background(), g.Position(), g.History(), gamesearch.Limits{Depth: depth})
}

// TestSearchNoWinFromOneRepetition: in R08 of shared/reference/repetition.tsv Black's soldier
// checks Red's general with every move (f2e2, e2f2) while the general steps f1<->e1. After
// four plies Red, to move, can repeat with f1e1 the position after its first move, a second
// occurrence: the rules end nothing there (the third occurrence does, and Black may still
// turn aside), so the search must not claim a won perpetual check for Red: no mate score.
// Only one side has been checking; the same holds in every symmetric form. Once the cycle
// has run twice, the same move is the third occurrence and wins.
func TestSearchNoWinFromOneRepetition(t *testing.T) {
	fen := "3k5/9/9/9/9/5p3/9/5p3/5K3/5C3 w - - 0 1"
	cycle := []string{"f1e1", "f2e2", "e1f1", "e2f2"}
	for _, tr := range transforms {
		g := NewGame(mustFEN(t, tr.fen(fen)))
		for _, ms := range cycle {
			require.NoError(t, g.Push(mustMove(t, g, tr.move(ms))))
		}
		for _, depth := range []int{1, 2, 4} {
			res := searchGame(t, g, depth)
			assert.Less(t, abs(res.Score), gamesearch.MateBound, "%s depth %d: %s scores %d", tr, depth, res.Move, res.Score)
		}
		for _, ms := range cycle {
			require.NoError(t, g.Push(mustMove(t, g, tr.move(ms))))
		}
		res := searchGame(t, g, 1)
		assert.Equal(t, tr.move("f1e1"), res.Move.UCI(), tr.String())
		assert.Equal(t, gamesearch.Mate-1, res.Score, "%s: the third occurrence ends the game", tr)
	}
}

// TestRepetitionReferenceInSearch: every row of shared/reference/repetition.tsv, in its four
// symmetric forms, through the search's judge. The search starts from the position before
// the row's last move, with the game before it as history (Game.History, which records what
// each move threatened); the last move makes the third occurrence, and its MultiPV score must
// be the rules' verdict for the side that plays it: Mate-1 when the other side loses, -(Mate-1)
// when it loses itself, 0 for a draw.
func TestRepetitionReferenceInSearch(t *testing.T) {
	rows, err := reference.Repetitions()
	require.NoError(t, err)
	for _, row := range rows {
		for _, tr := range transforms {
			fen := row.FEN
			if tr != (transform{}) {
				fen = tr.fen(strings.Replace(fen, "[]", "", 1))
			}
			g := NewGame(mustFEN(t, fen))
			for _, ms := range row.Moves[:len(row.Moves)-1] {
				require.NoError(t, g.Continue(mustMove(t, g, tr.move(ms))))
			}
			last := mustMove(t, g, tr.move(row.Moves[len(row.Moves)-1]))
			root := g.Position()
			mover := root.SideToMove()
			s := gamesearch.New[Position, *Position, Move](gamesearch.Options[Move]{HashMiB: 1})
			res := s.Search(context.Background(), root, g.History(), gamesearch.Limits{Depth: 1, MultiPV: 200})
			score, found := 0, false
			for _, l := range res.Lines {
				if l.Move == last {
					score, found = l.Score, true
				}
			}
			require.True(t, found, "%s (%s): %s not searched", row.Name, tr, last)
			want := 0
			switch expectedStatus(t, row.Expected, tr) {
			case RedWins, BlackWins:
				want = gamesearch.Mate - 1
				if (expectedStatus(t, row.Expected, tr) == RedWins) != (mover == Red) {
					want = -want
				}
			}
			assert.Equal(t, want, score, "%s (%s): %s by %s", row.Name, tr, last, mover)
		}
	}
}

// BenchmarkSearchChaseCycle searches to depth 8 a position where Red's cannon has chased
// Black's chariot for four plies (repetition.tsv R01), so the search meets judged
// repetitions all through its tree. It reports the nodes searched per op.
func BenchmarkSearchChaseCycle(b *testing.B) {
	g, err := ParseGame("fen 2bakabnr/9/r1n1c4/2p1p1p1p/PP7/9/4P1P1P/2C3NC1/9/1NBAKAB1R w - - 0 1 moves c2a2 a7b7 a2b2 b7a7")
	require.NoError(b, err)
	pos, hist := g.Position(), g.History()
	s := gamesearch.New[Position, *Position, Move](gamesearch.Options[Move]{HashMiB: 16})
	var nodes int64
	for b.Loop() {
		s.Clear()
		nodes = s.Search(context.Background(), pos, hist, gamesearch.Limits{Depth: 8}).Nodes
	}
	b.ReportMetric(float64(nodes), "nodes/op")
}

// TestSearchJudgingAllocatesNothing: judging repetitions (chases computed on the path, the
// history's threats copied in) keeps the search free of allocations after warm-up.
func TestSearchJudgingAllocatesNothing(t *testing.T) {
	g, err := ParseGame("fen 2bakabnr/9/r1n1c4/2p1p1p1p/PP7/9/4P1P1P/2C3NC1/9/1NBAKAB1R w - - 0 1 moves c2a2 a7b7 a2b2 b7a7")
	require.NoError(t, err)
	pos, hist := g.Position(), g.History()
	s := gamesearch.New[Position, *Position, Move](gamesearch.Options[Move]{HashMiB: 1})
	s.Search(context.Background(), pos, hist, gamesearch.Limits{Depth: 5})
	assert.Zero(t, testing.AllocsPerRun(2, func() {
		s.Search(context.Background(), pos, hist, gamesearch.Limits{Depth: 5})
	}))
}
