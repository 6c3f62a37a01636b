package engine

import (
	"strings"

	"github.com/cotuong-ai/cotuong/games/xiangqi"
	"github.com/cotuong-ai/cotuong/gamesearch"
)

// xqGame is the Game of games/xiangqi.
type xqGame = adapter[xiangqi.Position, *xiangqi.Position, xiangqi.Move]

// xiangqiRules is what is particular to xiangqi: a 9×10 board, WXF with Chinese and
// Vietnamese as local notations, Red and Black, piece names in Chinese and Vietnamese.
var xiangqiRules = &rules[xiangqi.Position, *xiangqi.Position, xiangqi.Move]{
	variant:  Xiangqi,
	start:    xiangqi.Start,
	parseFEN: xiangqi.ParseFEN,
	newGame: func(start xiangqi.Position) (*gamesearch.Record[xiangqi.Position, *xiangqi.Position, xiangqi.Move], func() Result) {
		g := xiangqi.NewGame(start)
		return g.Record, xiangqiResult(g)
	},
	side:     func(p *xiangqi.Position) Side { return Side(p.SideToMove()) },
	sideName: func(s Side) string { return xiangqi.Color(s).String() },
	notation: (*xiangqi.Position).WXF,
	local: func(p *xiangqi.Position, m xiangqi.Move, style string) string {
		switch strings.ToLower(style) {
		case "chinese":
			return p.Chinese(m)
		case "vietnamese":
			return p.Vietnamese(m)
		}
		return p.WXF(m)
	},
	files: 9,
	ranks: 10,
	at: func(p *xiangqi.Position, file, rank int) Square {
		pc := p.PieceAt(xiangqi.SquareAt(file, rank))
		if pc == xiangqi.NoPiece {
			return Square{Empty: true}
		}
		return Square{Side: Side(pc.Color()), Letter: pc.Letter(), Chinese: pc.Chinese(), Vietnamese: pc.Vietnamese()}
	},
}

// XiangqiGame returns the Game of a game record of games/xiangqi: its start position (with
// its move limit) and moves, and the history its search sees. The Game is a view of g, not a
// copy: g must not be changed elsewhere while the Game is in use.
func XiangqiGame(g *xiangqi.Game) Game {
	x := &xqGame{r: xiangqiRules, g: g.Record, result: xiangqiResult(g)}
	x.cur = g.Position()
	return x
}

// xiangqiResult is the verdict of g, mapped with statusResult.
func xiangqiResult(g *xiangqi.Game) func() Result {
	return func() Result {
		r := g.Result()
		return statusResult(r.Status, r.Explain(), xiangqi.RedWins, xiangqi.BlackWins, xiangqi.DrawnGame)
	}
}
