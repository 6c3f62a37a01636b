package anygame

import (
	"strings"

	"github.com/cotuong-ai/cotuong/games/xiangqi"
	"github.com/cotuong-ai/cotuong/gamesearch"
)

// xqGame wraps a xiangqi.Game. After Continue has played on past the end of a game, g is a
// new Game that starts where the old one stopped; pre and preMoves hold what came before,
// and start is the original start position.
type xqGame struct {
	g        *xiangqi.Game
	start    xiangqi.Position
	pre      []gamesearch.HistoryEntry
	preMoves []xiangqi.Move
}

func newXiangqi() *xqGame { return wrapxqGame(xiangqi.Start()) }

func wrapxqGame(p xiangqi.Position) *xqGame { return &xqGame{g: xiangqi.NewGame(p), start: p} }

func xiangqiFromFEN(fen string) (*xqGame, error) {
	p, err := xiangqi.ParseFEN(fen)
	if err != nil {
		return nil, err
	}
	return wrapxqGame(p), nil
}

func parseXiangqi(s string) (Game, error) {
	fen, ms, err := ParseSpec(s)
	if err != nil {
		return nil, err
	}
	g := newXiangqi()
	if fen != "" {
		if g, err = xiangqiFromFEN(fen); err != nil {
			return nil, err
		}
	}
	return g, pushAll(g, ms)
}

// pushAll plays the moves in order with Continue, naming the first one that fails.
func pushAll(g Game, ms []string) error {
	for i, s := range ms {
		m, err := g.ParseMove(s)
		if err == nil {
			err = g.Continue(m)
		}
		if err != nil {
			return &GameMoveError{N: i + 1, Err: err}
		}
	}
	return nil
}

func (x *xqGame) pos() *xiangqi.Position {
	p := x.g.Position()
	return &p
}

func (x *xqGame) Variant() Variant { return Xiangqi }

func (x *xqGame) Clone() Game {
	c := wrapxqGame(x.start)
	for _, m := range x.allMoves() {
		_ = c.Continue(Move(m)) // replaying legal moves of the same start cannot fail
	}
	return c
}

// allMoves returns every move since the original start.
func (x *xqGame) allMoves() []xiangqi.Move {
	return append(append([]xiangqi.Move(nil), x.preMoves...), x.g.Moves()...)
}

// Continue plays m like Push, but when the game is already over by a rule that leaves legal
// moves (repetition, move limit, fifty-move rule, insufficient material) it plays on: a GUI
// may continue past the point where this package's rules end the game. The search still
// sees the whole history.
func (x *xqGame) Continue(m Move) error {
	err := x.g.Push(xiangqi.Move(m))
	if err == nil {
		return nil
	}
	cur := x.g.Position()
	if !x.g.Result().Over() || !cur.IsLegal(xiangqi.Move(m)) {
		return err
	}
	x.pre = append(append(x.pre, x.g.History()...), gamesearch.HistoryEntry{Hash: cur.Hash(), InCheck: cur.InCheck()})
	x.preMoves = append(append(x.preMoves, x.g.Moves()...), xiangqi.Move(m))
	x.g = xiangqi.NewGame(cur.Play(xiangqi.Move(m)))
	return nil
}

func (x *xqGame) FEN() string { return x.pos().FEN() }

func (x *xqGame) String() string {
	if len(x.preMoves) == 0 {
		return x.g.String()
	}
	g := xiangqi.NewGame(x.start)
	text := g.String()
	for _, m := range x.allMoves() {
		if !strings.Contains(text, " moves") {
			text += " moves"
		}
		text += " " + m.UCI()
	}
	return text
}

func (x *xqGame) SideToMove() Side { return Side(x.pos().SideToMove()) }

func (x *xqGame) SideName(s Side) string { return xiangqi.Color(s).String() }

func (x *xqGame) Legal() []Move {
	return moves(x.pos().LegalMoves(nil))
}

func (x *xqGame) ParseMove(s string) (Move, error) {
	m, err := x.pos().ParseMove(s)
	if err != nil {
		return 0, err
	}
	return Move(m), nil
}

func (x *xqGame) Push(m Move) error { return x.g.Push(xiangqi.Move(m)) }

func (x *xqGame) Pop() (Move, bool) {
	if len(x.preMoves) == 0 {
		m, ok := x.g.Pop()
		return Move(m), ok
	}
	all := x.allMoves()
	c := wrapxqGame(x.start)
	for _, m := range all[:len(all)-1] {
		_ = c.Continue(Move(m))
	}
	*x = *c
	return Move(all[len(all)-1]), true
}

func (x *xqGame) Len() int { return len(x.preMoves) + x.g.Len() }

func (x *xqGame) Moves() []string {
	var out []string
	for _, m := range x.allMoves() {
		out = append(out, m.UCI())
	}
	return out
}

func (x *xqGame) InCheck() bool { return x.pos().InCheck() }

func (x *xqGame) LossOnStalemate() bool { return x.pos().LossOnStalemate() }

func (x *xqGame) Result() Result {
	r := x.g.Result()
	out := Result{Text: r.String(), Short: "*"}
	switch r.Status {
	case xiangqi.RedWins:
		out.Over, out.Winner, out.Short = true, First, "1-0"
	case xiangqi.BlackWins:
		out.Over, out.Winner, out.Short = true, Second, "0-1"
	case xiangqi.DrawnGame:
		out.Over, out.Draw, out.Short = true, true, "1/2-1/2"
	}
	return out
}

func (x *xqGame) UCI(m Move) string { return xiangqi.Move(m).UCI() }

func (x *xqGame) Notation(m Move) string { return x.pos().WXF(xiangqi.Move(m)) }

func (x *xqGame) Local(m Move, style string) string {
	switch strings.ToLower(style) {
	case "chinese":
		return x.pos().Chinese(xiangqi.Move(m))
	case "vietnamese":
		return x.pos().Vietnamese(xiangqi.Move(m))
	}
	return x.Notation(m)
}

func (x *xqGame) Files() int { return 9 }
func (x *xqGame) Ranks() int { return 10 }

func (x *xqGame) At(file, rank int) Square {
	if file < 0 || file >= 9 || rank < 0 || rank >= 10 {
		return Square{Empty: true}
	}
	pc := x.pos().PieceAt(xiangqi.SquareAt(file, rank))
	if pc == xiangqi.NoPiece {
		return Square{Empty: true}
	}
	return Square{Side: Side(pc.Color()), Letter: pc.Letter(), Chinese: pc.Chinese(), Vietnamese: pc.Vietnamese()}
}

func (x *xqGame) Perft(depth int) uint64 { return x.pos().Perft(depth) }

func (x *xqGame) Divide(depth int) []DivideEntry {
	var out []DivideEntry
	for _, d := range gamesearch.Divide[xiangqi.Position, *xiangqi.Position, xiangqi.Move](x.g.Position(), depth) {
		out = append(out, DivideEntry{Move: d.Move.UCI(), Nodes: d.Nodes})
	}
	return out
}

func newXiangqiEngine(o EngineOptions) Engine {
	return newSearchEngine[xiangqi.Position, *xiangqi.Position, xiangqi.Move](Xiangqi, o,
		func(g Game) (xiangqi.Position, []gamesearch.HistoryEntry) {
			x := g.(*xqGame)
			return x.g.Position(), append(append([]gamesearch.HistoryEntry(nil), x.pre...), x.g.History()...)
		})
}

// history returns the number of history entries the search is given (tests).
func (x *xqGame) history() int { return len(x.pre) + len(x.g.History()) }
