package review

import (
	"context"
	"time"

	"github.com/cotuong-ai/cotuong/engine"
	"github.com/cotuong-ai/cotuong/gamesearch"
)

// Budget bounds a hint's or a threat's search: Nodes (0: none) and Time (0: none); with
// neither, DefaultNodes.
type Budget struct {
	Nodes int64
	Time  time.Duration
}

func (b Budget) limits() gamesearch.Limits {
	lim := gamesearch.Limits{Nodes: b.Nodes, Time: b.Time, SoftTime: b.Time}
	if b.Nodes <= 0 && b.Time <= 0 {
		lim.Nodes = DefaultNodes
	}
	return lim
}

// Suggestion is a move the engine suggests with its line.
type Suggestion struct {
	Move  engine.Move
	Text  string // the move in the player's notation
	Score int    // centipawns from the mover's view, mates as gamesearch's
	Line  []engine.Move
	Lines []string // Line in the player's notation
}

// Hint returns the best move of g's current position at full strength within b (the app
// uses about a second), in style's notation. s is the searcher to use (nil: a new one; a
// searcher kept between hints is faster). ok is false when the side to move has no legal
// move, the game is over, style is none of the styles, or ctx ended before the search
// completed its first iteration (a move that was never searched is not suggested).
func Hint(ctx context.Context, s engine.Searcher, g engine.Game, b Budget, style Style) (Suggestion, bool) {
	if g == nil || style.check() != nil || g.Result().Over || len(g.Legal()) == 0 {
		return Suggestion{}, false
	}
	if s == nil || s.Variant() != g.Variant() {
		s = engine.NewSearcher(g.Variant(), engine.SearcherOptions{HashMiB: HashMiB})
	}
	if ctx.Err() != nil {
		return Suggestion{}, false
	}
	r := s.Search(ctx, g, b.limits(), nil, nil)
	if !r.HasMove || (r.Depth == 0 && ctx.Err() != nil) {
		return Suggestion{}, false
	}
	line := r.PV
	if len(line) == 0 || line[0] != r.Move {
		line = []engine.Move{r.Move}
	}
	return Suggestion{Move: r.Move, Text: g.Local(r.Move, style.local()), Score: r.Score, Line: line,
		Lines: lineText(g, line, style)}, true
}

// Attacked is a piece of the player that the opponent could take and win material by the
// exchange on its square.
type Attacked struct {
	Piece  engine.PieceInfo
	Square string      // the square in the engine's coordinates (UCI: "e2")
	By     engine.Move // the opponent's capture (a move of the position with the turn passed)
	ByText string      // By in the player's notation
}

// ThreatReport is what the opponent threatens in g's current position.
type ThreatReport struct {
	// Available is false when the side to move is in check (the opponent's threat is
	// already on the board) or the game is over; Why then says so.
	Available bool
	Why       string
	// Attacked lists the side to move's pieces lost to the exchange if the opponent could
	// capture now (SEE of the capture > 0 for the opponent), most valuable first.
	Attacked []Attacked
	// Best is the opponent's best move if it were their turn (a search of the position with
	// the turn passed), HasBest false when there is none.
	Best    Suggestion
	HasBest bool
}

// Threats reports what the opponent of g's side to move threatens: the pieces it would win
// by capturing at once and its best move, from the position with the turn passed (a null
// move, engine.Pass) searched within b. style is the notation of the texts. When ctx has
// ended before the call, or style is none of the styles, nothing is searched: Available is
// false and Why says so.
func Threats(ctx context.Context, s engine.Searcher, g engine.Game, b Budget, style Style) ThreatReport {
	if g == nil {
		return ThreatReport{Why: "no game"}
	}
	if err := style.check(); err != nil {
		return ThreatReport{Why: err.Error()}
	}
	if err := ctx.Err(); err != nil {
		return ThreatReport{Why: "not searched: " + err.Error()}
	}
	if res := g.Result(); res.Over {
		return ThreatReport{Why: "the game is over: " + res.Text}
	}
	p, err := engine.Pass(g)
	if err != nil {
		return ThreatReport{Why: err.Error()}
	}
	out := ThreatReport{Available: true}
	for _, m := range p.Legal() {
		u := p.UCI(m)
		to := u[2:4] // a promotion's piece letter follows
		sq := engine.AtUCI(p, to)
		if sq.Empty || sq.Side == p.SideToMove() {
			continue
		}
		if win, ok := engine.SEE(p, m, 1); !ok || !win {
			continue
		}
		pi, ok := engine.Piece(g.Variant(), sq.Letter)
		if !ok || pi.King {
			continue
		}
		dup := false
		for _, a := range out.Attacked {
			dup = dup || a.Square == to
		}
		if !dup {
			out.Attacked = append(out.Attacked, Attacked{Piece: pi, Square: to, By: m, ByText: p.Local(m, style.local())})
		}
	}
	for i := 1; i < len(out.Attacked); i++ { // most valuable first, stable
		for j := i; j > 0 && out.Attacked[j].Piece.Value > out.Attacked[j-1].Piece.Value; j-- {
			out.Attacked[j], out.Attacked[j-1] = out.Attacked[j-1], out.Attacked[j]
		}
	}
	out.Best, out.HasBest = Hint(ctx, s, p, b, style)
	return out
}
