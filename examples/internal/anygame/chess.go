package anygame

import (
	"github.com/cotuong-ai/cotuong/games/chess"
	"github.com/cotuong-ai/cotuong/gamesearch"
)

type chGame struct{ g *chess.Game }

func newChess() *chGame { return &chGame{g: chess.NewGame(chess.Start())} }

func chessFromFEN(fen string) (*chGame, error) {
	p, err := chess.ParseFEN(fen)
	if err != nil {
		return nil, err
	}
	return &chGame{g: chess.NewGame(p)}, nil
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
	c := &chGame{g: chess.NewGame(x.g.Start())}
	for _, m := range x.g.Moves() {
		_ = c.g.Push(m) // replaying legal moves of the same start cannot fail
	}
	return c
}

func (x *chGame) FEN() string { return x.pos().FEN() }

func (x *chGame) String() string { return x.g.String() }

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
	m, ok := x.g.Pop()
	return Move(m), ok
}

func (x *chGame) Len() int { return x.g.Len() }

func (x *chGame) Moves() []string {
	var out []string
	for _, m := range x.g.Moves() {
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

func newChessEngine(hashMiB int) Engine {
	return newSearchEngine[chess.Position, *chess.Position, chess.Move](Chess, hashMiB,
		func(g Game) (chess.Position, []gamesearch.HistoryEntry) {
			x := g.(*chGame)
			return x.g.Position(), x.g.History()
		})
}
