package levels_test

import (
	"context"
	"regexp"
	"testing"

	"github.com/cotuong-ai/cotuong/engine"
	"github.com/cotuong-ai/cotuong/games/chess"
	"github.com/cotuong-ai/cotuong/games/xiangqi"
	"github.com/cotuong-ai/cotuong/gamesearch"
	"github.com/cotuong-ai/cotuong/levels"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Middlegames with positional differences between the sides (mobility, patterns, pawn
// structure), where the positional terms do not cancel.
var (
	xiangqiMiddlegames = []string{
		"r1bakabr1/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1CN1C1N2/9/R1BAKAB1R w - - 0 1",
		"2bakab2/9/2n1c1n2/p1p1p1p1p/4r4/2P6/P3P1P1P/2N1C1N2/4A4/2B1KAB1R w - - 0 1",
		"3akab2/9/4b4/p3p3p/2p3n2/6P2/P1P1c3P/4B1N2/4A4/2BAK4 b - - 0 1",
	}
	chessMiddlegames = []string{
		"r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4",
		"r2q1rk1/pp2bppp/2np1n2/2p1p3/4P1b1/2PP1N2/PPBN1PPP/R1BQ1RK1 w - - 0 9",
		"2r2rk1/pp3ppp/2n1p3/3q4/3P4/P4N2/1B3PPP/R2Q1RK1 b - - 0 16",
	}
)

// positional reports whether the evaluation weight named name (EvalParams) is a positional
// term: neither a piece's material value (its kind's name, one of kinds) nor one of its
// piece-square values ("horse c3").
func positional(name string, kinds ...string) bool {
	for _, k := range kinds {
		if name == k || regexp.MustCompile(`^`+k+` [a-h][0-9]$`).MatchString(name) {
			return false
		}
	}
	return true
}

// A plain evaluation (Level.Plain, SetPlainEval) is the game's documented evaluation
// (EvalTrace) with every positional term's weight set to zero: material, piece-square values
// and the scaling stay, the knowledge of eval_terms.go goes. The switch is carried by the
// positions played from a plain one.
func TestPlainEvaluation(t *testing.T) {
	differ := 0
	for _, fen := range xiangqiMiddlegames {
		p, err := xiangqi.ParseFEN(fen)
		require.NoError(t, err)
		w := xiangqi.EvalParams()
		tr := p.EvalTrace()
		full := p.Evaluate()
		p.SetPlainEval(true)
		plain := p.Evaluate()
		terms := 0
		for i := range w {
			if positional(w[i].Name, "general", "advisor", "elephant", "horse", "chariot", "cannon", "soldier") {
				w[i].MG, w[i].EG = 0, 0
				terms++
			}
		}
		require.GreaterOrEqual(t, terms, 8, "the positional terms of eval_terms.go")
		want := tr.Score(w)
		if !tr.RedToMove {
			want = -want
		}
		assert.InDelta(t, want, float64(plain), 2.5, fen)
		if plain != full {
			differ++
		}
		m := p.LegalMoves(nil)[0]
		after := p.Play(m)
		assert.True(t, after.PlainEval(), "the switch is carried by the moves played")
	}
	for _, fen := range chessMiddlegames {
		p, err := chess.ParseFEN(fen)
		require.NoError(t, err)
		w := chess.EvalParams()
		tr := p.EvalTrace()
		full := p.Evaluate()
		p.SetPlainEval(true)
		plain := p.Evaluate()
		terms := 0
		for i := range w {
			if positional(w[i].Name, "pawn", "knight", "bishop", "rook", "queen", "king") {
				w[i].MG, w[i].EG = 0, 0
				terms++
			}
		}
		require.GreaterOrEqual(t, terms, 8, "the positional terms of eval_terms.go")
		want := tr.Score(w)
		if !tr.WhiteToMove {
			want = -want
		}
		assert.InDelta(t, want, float64(plain), 2.5, fen)
		if plain != full {
			differ++
		}
		m := p.LegalMoves(nil)[0]
		after := p.Play(m)
		assert.True(t, after.PlainEval(), "the switch is carried by the moves played")
	}
	assert.Equal(t, len(xiangqiMiddlegames)+len(chessMiddlegames), differ, "the positional terms count in every middlegame")
}

// The engine's Searcher passes the switch down to the root position: a depth-1 search of a
// middlegame scores otherwise with it on, and as before once it is off again.
func TestPlainLevelSearch(t *testing.T) {
	beginner := levels.All()[0]
	require.True(t, beginner.Plain)
	require.False(t, levels.All()[3].Plain, "the middle levels keep the knowledge")
	g, err := engine.ParseGame(engine.Xiangqi, "fen "+xiangqiMiddlegames[0])
	require.NoError(t, err)
	s := engine.NewSearcher(engine.Xiangqi, engine.SearcherOptions{HashMiB: 1})
	score := func(plain bool) int {
		s.SetPlainEval(plain)
		return s.Search(context.Background(), g, gamesearch.Limits{Depth: 1}, nil, nil).Score
	}
	full := score(false)
	assert.NotEqual(t, full, score(true))
	assert.Equal(t, full, score(false), "switching back restores the full evaluation")
}
