package engine

import (
	"errors"
	"fmt"

	"github.com/cotuong-ai/cotuong/games/chess"
	"github.com/cotuong-ai/cotuong/games/xiangqi"
	"github.com/cotuong-ai/cotuong/gamesearch"
)

// This file gives game review (package review) what it needs of a position beyond the Game
// interface: the static exchange evaluation, the position with the turn passed, and the
// pieces' names and values, all from the game packages.

// ErrNotSupported is returned when a game's position does not offer what was asked (SEE or a
// null move through gamesearch's optional interfaces).
var ErrNotSupported = errors.New("not supported by this game")

// SEE reports whether the static exchange evaluation of m, a legal move of g's current
// position, is at least threshold centipawns for the side to move (the game's
// gamesearch.ExchangeEvaluator: captures and recaptures on m's destination played out with
// the least valuable attacker first). ok is false when m is not legal or the game's
// position does not implement the interface.
func SEE(g Game, m Move, threshold int) (see, ok bool) {
	switch x := g.(type) {
	case *xqGame:
		return exchange[xiangqi.Position, *xiangqi.Position, xiangqi.Move](x, m, threshold)
	case *chGame:
		return exchange[chess.Position, *chess.Position, chess.Move](x, m, threshold)
	}
	return false, false
}

func exchange[P any, PP position[P, M], M move](x *adapter[P, PP, M], m Move, threshold int) (bool, bool) {
	if !x.pos().IsLegal(M(m)) {
		return false, false
	}
	e, ok := any(x.pos()).(gamesearch.ExchangeEvaluator[M])
	if !ok {
		return false, false
	}
	return e.SEE(M(m), threshold), true
}

// Pass returns a new game whose start is g's current position with the turn passed to the
// other side (the game's gamesearch.NullMover: the same pieces, the other side to move); it
// has no history. It is the position "if it were the opponent's turn" for showing threats.
// The error says why not: the side to move is in check (passing would leave the king or
// general capturable), or the game does not support it (ErrNotSupported).
func Pass(g Game) (Game, error) {
	if g.InCheck() {
		return nil, fmt.Errorf("%s is in check: passing the turn is not possible", g.SideName(g.SideToMove()))
	}
	switch x := g.(type) {
	case *xqGame:
		return pass[xiangqi.Position, *xiangqi.Position, xiangqi.Move](x)
	case *chGame:
		return pass[chess.Position, *chess.Position, chess.Move](x)
	}
	return nil, ErrNotSupported
}

func pass[P any, PP position[P, M], M move](x *adapter[P, PP, M]) (Game, error) {
	n, ok := any(x.pos()).(gamesearch.NullMover[P])
	if !ok {
		return nil, ErrNotSupported
	}
	var child P
	n.NullMove(&child)
	return x.r.wrap(child), nil
}

// PieceInfo names a piece of a game for explanations.
type PieceInfo struct {
	Name  string // the game package's English name of the kind: "chariot", "queen", "soldier"
	Value int    // its value in centipawns in the game's static exchange evaluation (see.go)
	King  bool   // the king or general: never counted as material
}

// Piece describes the piece with FEN letter letter (either case) in variant v; false when v
// has no such piece.
func Piece(v Variant, letter byte) (PieceInfo, bool) {
	up := letter &^ 0x20
	if v == Xiangqi {
		for k := xiangqi.General; k <= xiangqi.Soldier; k++ {
			if xiangqi.MakePiece(xiangqi.Red, k).Letter() == up {
				return PieceInfo{Name: k.String(), Value: xiangqiValue[k], King: k == xiangqi.General}, true
			}
		}
		return PieceInfo{}, false
	}
	for k := chess.Pawn; k <= chess.King; k++ {
		if k.Letter() == up {
			return PieceInfo{Name: k.String(), Value: chessValue[k], King: k == chess.King}, true
		}
	}
	return PieceInfo{}, false
}

// xiangqiValue and chessValue are the values of the games' SEE (games/xiangqi/see.go,
// games/chess/see.go), indexed by the packages' Kind; the king's is 0 here.
var (
	xiangqiValue = [8]int{xiangqi.Advisor: 200, xiangqi.Elephant: 200, xiangqi.Horse: 400, xiangqi.Chariot: 900,
		xiangqi.Cannon: 450, xiangqi.Soldier: 100}
	chessValue = [8]int{chess.Pawn: 100, chess.Knight: 320, chess.Bishop: 330, chess.Rook: 500, chess.Queen: 950}
)
