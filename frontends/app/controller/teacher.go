package controller

import (
	"context"
	"sync"
	"time"

	"github.com/cotuong-ai/cotuong/engine"
	"github.com/cotuong-ai/cotuong/games/xiangqi"
	"github.com/cotuong-ai/cotuong/review"
)

// HintTime is the budget of a hint's search: about a second at full strength.
const HintTime = time.Second

// ThreatTime is the budget of the search for the opponent's strongest move (the threats
// switch).
const ThreatTime = 300 * time.Millisecond

// Threat is what the opponent threatens in a position (review.Threats without the texts).
type Threat struct {
	// Available is false when there is nothing to show (the side to move is in check, or the
	// game is over).
	Available bool
	// Attacked are the squares of the side to move's pieces the opponent would win by
	// capturing at once.
	Attacked []xiangqi.Square
	// Best is the opponent's strongest move if it were their turn (HasBest false: none).
	Best    xiangqi.Move
	HasBest bool
	// Threatens is true when Best is a threat (review.Threat: it takes a piece the exchange
	// wins, gives check or mates); only then is it drawn. Words say it ("Black threatens
	// C2+7, taking your horse.", "No threat: ...").
	Threatens bool
	Words     string
}

// Teacher runs the review's searches for the controller: the analysis of a game, a hint and
// the threats. Each method is called on a goroutine of the controller's, never on the UI's;
// it must return soon after ctx is cancelled. g is the teacher's own copy.
type Teacher interface {
	// Analyze analyses every position of g at nodes nodes each (review.Analyze), calling
	// progress(i, n) before position i of n is searched. On cancellation it returns ctx's
	// error.
	Analyze(ctx context.Context, g *xiangqi.Game, nodes int64, progress func(i, n int)) (*review.Analysis, error)
	// Hint returns the best move of g's position at full strength within about HintTime,
	// with its line; ok is false when there is none.
	Hint(ctx context.Context, g *xiangqi.Game) (line []xiangqi.Move, ok bool)
	// Threats returns what the opponent of the side to move threatens.
	Threats(ctx context.Context, g *xiangqi.Game) Threat
}

// LocalTeacher returns the Teacher that searches in this process with package review (the
// native app's; the web build's worker runs the same one). Hints and threats search with the
// network shipped with games/xiangqi, as the Master level plays; the analysis of a review is
// review.Analyze's default (the classical evaluation, judged with review.KXiangqi).
func LocalTeacher() Teacher { return &localTeacher{} }

type localTeacher struct {
	mu sync.Mutex      // one hint or threat search at a time on s
	s  engine.Searcher // kept between hints: faster
}

func (t *localTeacher) Analyze(ctx context.Context, g *xiangqi.Game, nodes int64, progress func(i, n int)) (*review.Analysis, error) {
	return review.Analyze(ctx, engine.XiangqiGame(g), review.Options{Nodes: nodes, Progress: progress})
}

func (t *localTeacher) searcher() engine.Searcher {
	if t.s == nil {
		t.s = engine.NewSearcher(engine.Xiangqi, networkOptions(review.HashMiB)) // hints and threats
	}
	return t.s
}

func (t *localTeacher) Hint(ctx context.Context, g *xiangqi.Game) ([]xiangqi.Move, bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	s, ok := review.Hint(ctx, t.searcher(), engine.XiangqiGame(g), review.Budget{Time: HintTime}, review.Standard)
	if !ok || ctx.Err() != nil {
		return nil, false
	}
	return xqMoves(s.Line), true
}

func (t *localTeacher) Threats(ctx context.Context, g *xiangqi.Game) Threat {
	t.mu.Lock()
	defer t.mu.Unlock()
	r := review.Threats(ctx, t.searcher(), engine.XiangqiGame(g), review.Budget{Time: ThreatTime}, review.Standard)
	out := Threat{Available: r.Available, HasBest: r.HasBest && ctx.Err() == nil, Threatens: r.Threat != review.NoThreat,
		Words: r.Words}
	if out.HasBest {
		out.Best = xiangqi.Move(r.Best.Move)
	}
	for _, a := range r.Attacked {
		if sq, ok := parseSquare(a.Square); ok {
			out.Attacked = append(out.Attacked, sq)
		}
	}
	return out
}

// xqMoves converts the engine's moves of a xiangqi game to the game package's.
func xqMoves(ms []engine.Move) []xiangqi.Move {
	out := make([]xiangqi.Move, len(ms))
	for i, m := range ms {
		out[i] = xiangqi.Move(m)
	}
	return out
}

// parseSquare reads a square in coordinates ("e2").
func parseSquare(s string) (xiangqi.Square, bool) {
	if len(s) != 2 || s[0] < 'a' || s[0] > 'i' || s[1] < '0' || s[1] > '9' {
		return xiangqi.NoSquare, false
	}
	return xiangqi.SquareAt(int(s[0]-'a'), int(s[1]-'0')), true
}

// The events the controller's teacher goroutines post (through Config.Post, to Handle).
type (
	// AnalysisProgress says the analysis numbered Gen is about to search position I of N.
	AnalysisProgress struct {
		Gen  uint64
		I, N int
	}
	// AnalysisDone is the end of the analysis numbered Gen of the game Game (in the game
	// package's encoding): Analysis, or Err when it failed or was cancelled.
	AnalysisDone struct {
		Gen      uint64
		Game     string
		Analysis *review.Analysis
		Err      error
	}
	// HintDone is a hint for the position FEN (the game Game): its line, OK false when none.
	HintDone struct {
		Gen  uint64
		Game string
		Line []xiangqi.Move
		OK   bool
	}
	// ThreatsDone is the threats in the position of the game Game.
	ThreatsDone struct {
		Gen    uint64
		Game   string
		Threat Threat
	}
)

// IsEvent reports whether ev is one of the events the controller (or its Clipboard) posts
// through Config.Post for Handle (a shell hands these on as they are).
func IsEvent(ev any) bool {
	switch ev.(type) {
	case ComputerMove, SaveStatus, SoundUnavailable, ToastExpired, AnalysisProgress, AnalysisDone, HintDone, ThreatsDone, Copied, Pasted:
		return true
	}
	return false
}
