package review

import (
	"fmt"
	"strings"

	"github.com/cotuong-ai/cotuong/engine"
	"github.com/cotuong-ai/cotuong/gamesearch"
)

// captureWindow is how many plies of a line (the move itself included) are searched for
// captures before the count stops at the end of the exchange under way.
const captureWindow = 6

// ply is one move of a line played out.
type ply struct {
	move     engine.Move
	text     string
	by       engine.Side
	captured byte // the FEN letter of the piece taken, 0 for none
	piece    engine.PieceInfo
	see      bool // a capture whose SEE, before it, gains material for the capturer
}

// walk plays line from g's current position on a copy and returns the plies played and the
// copy; it stops at a move that cannot be played or after the game ends.
func walk(g engine.Game, line []engine.Move, style string) ([]ply, engine.Game) {
	c := g.Clone()
	var out []ply
	for _, m := range line {
		if c.Result().Over {
			break
		}
		p := ply{move: m, text: c.Local(m, style), by: c.SideToMove()}
		before := census(c)
		see, _ := engine.SEE(c, m, 1)
		if c.Push(m) != nil {
			break
		}
		after := census(c)
		for l, n := range before {
			if after[l] < n && sideOf(l) != p.by {
				p.captured = l
				p.piece, _ = engine.Piece(c.Variant(), l)
				p.see = see
			}
		}
		out = append(out, p)
	}
	return out, c
}

// census counts the pieces of g's current position by FEN letter.
func census(g engine.Game) map[byte]int {
	out := map[byte]int{}
	for f := 0; f < g.Files(); f++ {
		for r := 0; r < g.Ranks(); r++ {
			if sq := g.At(f, r); !sq.Empty {
				out[sq.Letter]++
			}
		}
	}
	return out
}

// sideOf is the owner of a piece by its FEN letter.
func sideOf(l byte) engine.Side {
	if l >= 'a' && l <= 'z' {
		return engine.Second
	}
	return engine.First
}

// exchange is the captures of a line up to the end of the exchange under way after
// captureWindow plies.
type exchange struct {
	plies []ply // the plies counted
	net   int   // material won minus material lost, centipawns, from the mover's view
}

func countExchange(plies []ply, mover engine.Side) exchange {
	end := min(captureWindow, len(plies))
	for end < len(plies) && plies[end].captured != 0 && plies[end-1].captured != 0 {
		end++
	}
	x := exchange{plies: plies[:end]}
	for _, p := range x.plies {
		if p.captured == 0 {
			continue
		}
		if p.by == mover {
			x.net += p.piece.Value
		} else {
			x.net -= p.piece.Value
		}
	}
	return x
}

// taken returns the letters of the pieces of side victim taken in x, with multiplicity.
func (x exchange) taken(victim engine.Side) map[byte]int {
	out := map[byte]int{}
	for _, p := range x.plies {
		if p.captured != 0 && p.by != victim {
			out[p.captured]++
		}
	}
	return out
}

// most returns the most valuable piece among the letters of taken.
func most(v engine.Variant, taken map[byte]int) (byte, engine.PieceInfo, bool) {
	var best byte
	var info engine.PieceInfo
	for l := range taken {
		if pi, ok := engine.Piece(v, l); ok && (best == 0 || pi.Value > info.Value || pi.Value == info.Value && l < best) {
			best, info = l, pi
		}
	}
	return best, info, best != 0
}

// explain finds the reason of a marked move mr played in cur, checked against the lines, and
// says it in words.
func explain(cur engine.Game, mr *MoveReview, style string, k float64) (Reason, string) {
	me := mr.Side
	head := mr.Text + mr.Mark.Glyph()
	// (d) The move itself reaches a repetition ruling.
	after := cur.Clone()
	if after.Push(mr.Move) != nil {
		return NoReason, generic(head, mr)
	}
	if res := after.Result(); res.Over && len(after.Legal()) > 0 {
		lower := strings.ToLower(res.Text)
		if !res.Draw && res.Winner != me && strings.Contains(lower, "perpetual") {
			return Repetition, fmt.Sprintf("%s repeats the position and loses by the repetition rules: %s.", head, res.Text)
		}
		if res.Draw && strings.Contains(lower, "repetition") && mr.WinBefore >= 0.5 {
			return Repetition, fmt.Sprintf("%s repeats the position: a draw by repetition, throwing away a winning position (%s).",
				head, ScoreText(mr.Before))
		}
	}
	refPlies, refEnd := walk(after, mr.Refutation, style)
	// (d) The refutation line ends in a repetition ruling against the mover.
	if res := refEnd.Result(); res.Over && !res.Draw && res.Winner != me && len(refEnd.Legal()) > 0 &&
		strings.Contains(strings.ToLower(res.Text), "perpetual") {
		return Repetition, fmt.Sprintf("%s walks into a repetition it loses: after %s, %s.", head, texts(refPlies), res.Text)
	}
	// (b) Mate allowed: the opponent's line really mates.
	if gamesearch.IsMate(mr.After) && mr.After < 0 && !(gamesearch.IsMate(mr.Before) && mr.Before < 0) {
		if mates(refEnd, me.Other()) {
			return MateAllowed, fmt.Sprintf("%s allows mate in %d: %s.", head, gamesearch.MateIn(-mr.After), texts(refPlies))
		}
	}
	bestPlies, bestEnd := walk(cur, mr.BestLine, style)
	// (b) Mate missed: the best line really mates and the move lets it go.
	if gamesearch.IsMate(mr.Before) && mr.Before > 0 && !(gamesearch.IsMate(mr.After) && mr.After > 0) {
		if mates(bestEnd, me) {
			return MateMissed, fmt.Sprintf("%s misses mate in %d: %s.", head, gamesearch.MateIn(mr.Before), texts(bestPlies))
		}
	}
	// (a), (c) Material: the played line (the move and the refutation) against the best line.
	if len(bestPlies) > 0 {
		played := append([]ply{{move: mr.Move, text: mr.Text, by: me}}, refPlies...)
		if c := cur.Clone(); true {
			p, _ := walk(c, []engine.Move{mr.Move}, style)
			if len(p) == 1 {
				played[0] = p[0]
			}
		}
		px, bx := countExchange(played, me), countExchange(bestPlies, me)
		diff := bx.net - px.net
		v := cur.Variant()
		// Lost: the played line's balance really drops by the most valuable piece it takes
		// from the mover, and the best line's does not.
		if lostL, lost, ok := most(v, px.taken(me)); ok && diff >= lost.Value-50 && -px.net >= lost.Value-50 && diff >= 80 {
			for j, p := range px.plies {
				if p.by == me || p.captured != lostL {
					continue
				}
				if j == 1 && p.see {
					return Hanging, fmt.Sprintf("%s leaves the %s hanging: %s takes it.", head, lost.Name, p.text)
				}
				if j == 1 {
					return MaterialLost, fmt.Sprintf("%s loses the %s: %s takes it next move.", head, lost.Name, p.text)
				}
				return MaterialLost, fmt.Sprintf("%s loses the %s: after %s, %s takes it.", head, lost.Name,
					texts(px.plies[1:j]), p.text)
			}
		}
		// Missed: the best line's balance really rises by the most valuable piece it wins,
		// and the played line's does not.
		if _, won, ok := most(v, bx.taken(me.Other())); ok && diff >= won.Value-50 && bx.net >= won.Value-50 && diff >= 80 {
			return MaterialMissed, fmt.Sprintf("%s misses %s, winning %s %s: %s.", head, bestPlies[0].text,
				article(won.Name), won.Name, texts(bx.plies))
		}
	}
	return NoReason, generic(head, mr)
}

// mates reports whether g's current position is lost for winner's opponent with no legal
// move: the line played to it ended in mate (or, in xiangqi, stalemate) by winner.
func mates(g engine.Game, winner engine.Side) bool {
	res := g.Result()
	return len(g.Legal()) == 0 && res.Over && !res.Draw && res.Winner == winner
}

// generic says only the better move and the scores.
func generic(head string, mr *MoveReview) string {
	if len(mr.BestText) == 0 {
		return fmt.Sprintf("%s: %s after it (%s before).", head, ScoreText(mr.After), ScoreText(mr.Before))
	}
	return fmt.Sprintf("%s: %s was better (%s instead of %s).", head, mr.BestText[0], ScoreText(mr.Before), ScoreText(mr.After))
}

// texts joins the plies' notation.
func texts(ps []ply) string {
	s := make([]string, len(ps))
	for i, p := range ps {
		s[i] = p.text
	}
	return strings.Join(s, " ")
}

// article returns "an" before a vowel, else "a".
func article(name string) string {
	if name != "" && strings.ContainsRune("aeiou", rune(name[0])) {
		return "an"
	}
	return "a"
}
