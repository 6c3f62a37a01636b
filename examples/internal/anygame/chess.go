package anygame

import (
	"strings"

	"github.com/cotuong-ai/cotuong/games/chess"
	"github.com/cotuong-ai/cotuong/gamesearch"
)

// chGame wraps a chess.Game. After Continue has played on past the end of a game, g is a
// new Game that starts where the old one stopped; pre and preMoves hold what came before,
// and start is the original start position.
type chGame struct {
	g        *chess.Game
	start    chess.Position
	pre      []gamesearch.HistoryEntry
	preMoves []chess.Move
}

func newChess() *chGame { return wrapchGame(chess.Start()) }

func wrapchGame(p chess.Position) *chGame { return &chGame{g: chess.NewGame(p), start: p} }

func chessFromFEN(fen string) (*chGame, error) {
	p, err := chess.ParseFEN(fen)
	if err != nil {
		return nil, err
	}
	return wrapchGame(p), nil
}

func parseChess(s string) (Game, error) {
	fen, ms, err := ParseSpec(s)
	if err != nil {
		return nil, err
	}
	g := newChess()
	if fen != "" {
		if g, err = chessFromFEN(fen); err != nil {
			return nil, err
		}
	}
	return g, pushAll(g, ms)
}

func (x *chGame) pos() *chess.Position {
	p := x.g.Position()
	return &p
}

func (x *chGame) Variant() Variant { return Chess }

func (x *chGame) Clone() Game {
	c := wrapchGame(x.start)
	for _, m := range x.allMoves() {
		_ = c.Continue(Move(m)) // replaying legal moves of the same start cannot fail
	}
	return c
}

// allMoves returns every move since the original start.
func (x *chGame) allMoves() []chess.Move {
	return append(append([]chess.Move(nil), x.preMoves...), x.g.Moves()...)
}

// Continue plays m like Push, but when the game is already over by a rule that leaves legal
// moves (repetition, move limit, fifty-move rule, insufficient material) it plays on: a GUI
// may continue past the point where this package's rules end the game. The search still
// sees the whole history.
func (x *chGame) Continue(m Move) error {
	err := x.g.Push(chess.Move(m))
	if err == nil {
		return nil
	}
	cur := x.g.Position()
	if x.g.Result().Status == chess.Ongoing || !cur.IsLegal(chess.Move(m)) {
		return err
	}
	x.pre = append(append(x.pre, x.g.History()...), gamesearch.HistoryEntry{Hash: cur.Hash(), InCheck: cur.InCheck()})
	x.preMoves = append(append(x.preMoves, x.g.Moves()...), chess.Move(m))
	x.g = chess.NewGame(cur.Play(chess.Move(m)))
	return nil
}

func (x *chGame) FEN() string { return x.pos().FEN() }

func (x *chGame) String() string {
	if len(x.preMoves) == 0 {
		return x.g.String()
	}
	g := chess.NewGame(x.start)
	text := g.String()
	for _, m := range x.allMoves() {
		if !strings.Contains(text, " moves") {
			text += " moves"
		}
		text += " " + m.UCI()
	}
	return text
}

func (x *chGame) SideToMove() Side { return Side(x.pos().SideToMove()) }

func (x *chGame) SideName(s Side) string { return chess.Color(s).String() }

func (x *chGame) Legal() []Move {
	return moves(x.pos().LegalMoves(nil))
}

func (x *chGame) ParseMove(s string) (Move, error) {
	m, err := x.pos().ParseMove(s)
	if err != nil {
		return 0, err
	}
	return Move(m), nil
}

func (x *chGame) Push(m Move) error { return x.g.Push(chess.Move(m)) }

func (x *chGame) Pop() (Move, bool) {
	if len(x.preMoves) == 0 {
		m, ok := x.g.Pop()
		return Move(m), ok
	}
	all := x.allMoves()
	c := wrapchGame(x.start)
	for _, m := range all[:len(all)-1] {
		_ = c.Continue(Move(m))
	}
	*x = *c
	return Move(all[len(all)-1]), true
}

func (x *chGame) Len() int { return len(x.preMoves) + x.g.Len() }

func (x *chGame) Moves() []string {
	var out []string
	for _, m := range x.allMoves() {
		out = append(out, m.UCI())
	}
	return out
}

func (x *chGame) InCheck() bool { return x.pos().InCheck() }

func (x *chGame) LossOnStalemate() bool { return x.pos().LossOnStalemate() }

func (x *chGame) Result() Result {
	r := x.g.Result()
	out := Result{Text: r.String(), Short: "*"}
	switch r.Status {
	case chess.WhiteWins:
		out.Over, out.Winner, out.Short = true, First, "1-0"
	case chess.BlackWins:
		out.Over, out.Winner, out.Short = true, Second, "0-1"
	case chess.DrawnGame:
		out.Over, out.Draw, out.Short = true, true, "1/2-1/2"
	}
	return out
}

func (x *chGame) UCI(m Move) string { return chess.Move(m).UCI() }

func (x *chGame) Notation(m Move) string { return x.pos().SAN(chess.Move(m)) }

func (x *chGame) Local(m Move, _ string) string { return x.Notation(m) }

func (x *chGame) Files() int { return 8 }
func (x *chGame) Ranks() int { return 8 }

func (x *chGame) At(file, rank int) Square {
	if file < 0 || file >= 8 || rank < 0 || rank >= 8 {
		return Square{Empty: true}
	}
	pc := x.pos().PieceAt(chess.SquareAt(file, rank))
	if pc == chess.NoPiece {
		return Square{Empty: true}
	}
	return Square{Side: Side(pc.Color()), Letter: pc.Letter()}
}

func (x *chGame) Perft(depth int) uint64 { return x.pos().Perft(depth) }

func (x *chGame) Divide(depth int) []DivideEntry {
	var out []DivideEntry
	for _, d := range gamesearch.Divide[chess.Position, *chess.Position, chess.Move](x.g.Position(), depth) {
		out = append(out, DivideEntry{Move: d.Move.UCI(), Nodes: d.Nodes})
	}
	return out
}

func newChessEngine(o EngineOptions) Engine {
	return newSearchEngine[chess.Position, *chess.Position, chess.Move](Chess, o,
		func(g Game) (chess.Position, []gamesearch.HistoryEntry) {
			x := g.(*chGame)
			return x.g.Position(), append(append([]gamesearch.HistoryEntry(nil), x.pre...), x.g.History()...)
		})
}

// history returns the number of history entries the search is given (tests).
func (x *chGame) history() int { return len(x.pre) + len(x.g.History()) }
