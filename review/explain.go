package review

import (
	"fmt"
	"sort"
	"strings"

	"github.com/cotuong-ai/cotuong/engine"
	"github.com/cotuong-ai/cotuong/gamesearch"
)

// materialSlack is how far (centipawns) the net of a line may fall short of the material the
// words name: half a soldier.
const materialSlack = 50

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
	num      int  // the full-move number of the move
}

// walk plays line from g's current position on a copy and returns the plies played and the
// copy; it stops at a move that cannot be played or after the game ends.
func walk(g engine.Game, line []engine.Move, style Style) ([]ply, engine.Game) {
	c := g.Clone()
	var out []ply
	for _, m := range line {
		if c.Result().Over {
			break
		}
		p := ply{move: m, text: c.Local(m, style.local()), by: c.SideToMove(), num: moveNumber(c)}
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

// countExchange counts the captures of plies up to the end of the exchange under way after
// captureWindow plies, from mover's view.
func countExchange(plies []ply, mover engine.Side) exchange {
	return countWindow(plies, mover, captureWindow)
}

// countWindow is countExchange with window plies before the exchange under way is finished.
func countWindow(plies []ply, mover engine.Side, window int) exchange {
	end := min(window, len(plies))
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

// second is the second opinions of a move's material reasons: when on, the Check of the
// position before the move (for material missed) and after it (for a piece hanging or lost).
type second struct {
	on            bool
	before, after []engine.Move
}

// bears reports whether the second opinion bears out reason r naming the piece with FEN
// letter l worth amount centipawns to the piece's owner, for the move mr played in cur: its
// line (after the move, for a loss) takes that piece and loses its owner material
// (checkTakes). Without second opinions every reason is borne out.
func (s second) bears(cur engine.Game, mr *MoveReview, r Reason, l byte, amount int) bool {
	switch {
	case !s.on:
		return true
	case r == MaterialMissed:
		return len(s.before) > 0 && checkTakes(cur, s.before, l, amount)
	default:
		return len(s.after) > 0 && checkTakes(cur, append([]engine.Move{mr.Move}, s.after...), l, amount)
	}
}

// names reports whether the capture p, ply j of the played line (the move, then the
// refutation), may be named as the move that takes the piece: the second opinion's line
// after the move plays the same move there (without second opinions, always).
func (s second) names(j int, p ply) bool {
	return !s.on || (j >= 1 && j-1 < len(s.after) && s.after[j-1] == p.move)
}

// explain finds the reason of a marked move mr played in cur, checked against the lines (and
// for material against chk, the second opinions), and says it in words.
func explain(cur engine.Game, mr *MoveReview, style Style, k float64, chk second) (Reason, string) {
	me := mr.Side
	head := mr.Label + " " + mr.Text + mr.Mark.Glyph()
	// (d) The move itself reaches a repetition ruling.
	after := cur.Clone()
	if after.Push(mr.Move) != nil {
		return NoReason, generic(cur.Variant(), head, mr)
	}
	if res := after.Result(); res.Over && len(after.Legal()) > 0 {
		lower := strings.ToLower(res.Text)
		if !res.Draw && res.Winner != me && strings.Contains(lower, "perpetual") {
			return Repetition, fmt.Sprintf("%s repeats the position and loses by the repetition rules: %s.", head, res.Text)
		}
		if res.Draw && strings.Contains(lower, "repetition") && mr.WinBefore >= 0.5 {
			return Repetition, fmt.Sprintf("%s repeats the position: a draw by repetition, throwing away a winning position (%s).",
				head, FirstText(cur.Variant(), mr.Before, me))
		}
	}
	refPlies, refEnd := walk(after, mr.Refutation, style)
	// (d) The refutation line ends in a repetition ruling against the mover.
	if res := refEnd.Result(); res.Over && !res.Draw && res.Winner != me && len(refEnd.Legal()) > 0 &&
		strings.Contains(strings.ToLower(res.Text), "perpetual") {
		return Repetition, fmt.Sprintf("%s walks into a repetition it loses: after %s, %s.", head, numbered(refPlies), res.Text)
	}
	// (b) Mate allowed: the opponent's line really mates.
	if gamesearch.IsMate(mr.After) && mr.After < 0 && !(gamesearch.IsMate(mr.Before) && mr.Before < 0) {
		if mates(refEnd, me.Other()) {
			return MateAllowed, fmt.Sprintf("%s allows mate in %d: %s.", head, gamesearch.MateIn(-mr.After), numbered(refPlies))
		}
	}
	bestPlies, bestEnd := walk(cur, mr.BestLine, style)
	// (b) Mate missed: the best line really mates and the move lets it go.
	if gamesearch.IsMate(mr.Before) && mr.Before > 0 && !(gamesearch.IsMate(mr.After) && mr.After > 0) {
		if mates(bestEnd, me) {
			return MateMissed, fmt.Sprintf("%s misses mate in %d: %s.", head, gamesearch.MateIn(mr.Before), numbered(bestPlies))
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
		// The net of the whole lines, to where the analysis's searches ended: the words
		// name no more material than the exchange comes to there.
		full := countWindow(bestPlies, me, len(bestPlies)).net - countWindow(played, me, len(played)).net
		swing := 0 // the score's drop when neither score is a mate
		if !gamesearch.IsMate(mr.Before) && !gamesearch.IsMate(mr.After) {
			swing = mr.Before - mr.After
		}
		opinion := func(r Reason, l byte, amount int) bool {
			return amount <= full+materialSlack && chk.bears(cur, mr, r, l, amount)
		}
		if r, words, ok := material(cur.Variant(), head, me, px, bx, swing, opinion, chk.names); ok {
			return r, words
		}
	}
	return NoReason, generic(cur.Variant(), head, mr)
}

// material explains a move by the material of two lines played out: px, the move and the
// opponent's refutation; bx, the best line (its first move bestText). The lines are compared
// piece by piece: what the played line loses and the best line does not (lost), what the
// played line wins and the best line does not (its compensation), and the reverse (missed,
// and what the best line gives up). Each reason is said only when the lines bear it out:
//
//   - lost: the mover's most valuable piece in lost is taken, lost less the compensation is
//     worth 80 centipawns or more, and so is that piece less the compensation, which the
//     words name ("loses the chariot for a cannon");
//   - missed: the best line wins the opponent's most valuable piece in missed, and its net
//     gain over the played line's (and on the board) is worth at least that piece.
//
// Only the larger of the two amounts can be the reason (a soldier lost where a horse could have
// been won is a missed horse), and only when it is at least a third of swing, the score's drop
// in centipawns (0 when unknown): a soldier is not why a move dropped thirteen pawns. Each
// is said only when bears(reason, the piece's FEN letter, the amount named) holds too: the
// whole lines and the second opinion come to that much. The capture that takes a lost piece
// is named only when names(its ply, it) holds (the second opinion plays it too). ok is false
// when no reason holds.
func material(v engine.Variant, head string, me engine.Side, px, bx exchange, swing int, bears func(Reason, byte, int) bool, names func(int, ply) bool) (r Reason, words string, ok bool) {
	diff := bx.net - px.net
	if diff < 80 {
		return NoReason, "", false
	}
	pxLost, pxWon := traded(px.taken(me), px.taken(me.Other()))
	bxLost, bxWon := traded(bx.taken(me), bx.taken(me.Other()))
	lossAmt := worth(v, without(pxLost, bxLost)) - worth(v, without(pxWon, bxWon))
	missAmt := worth(v, without(bxWon, pxWon)) - worth(v, without(bxLost, pxLost))
	wonL, won, canMiss := most(v, without(bxWon, pxWon))
	canMiss = canMiss && missAmt > lossAmt && 3*missAmt >= swing &&
		missAmt >= won.Value-materialSlack && bx.net >= won.Value-materialSlack && diff >= won.Value-materialSlack &&
		bears(MaterialMissed, wonL, won.Value)
	lostL, lost, canLose := most(v, without(pxLost, bxLost))
	comp := without(pxWon, bxWon) // what only the played line wins: the piece is lost for it
	if canLose && lossAmt >= 80 && lossAmt >= missAmt && 3*lossAmt >= swing && lost.Value-worth(v, comp) >= 80 &&
		bears(MaterialLost, lostL, lost.Value-worth(v, comp)) {
		what := lost.Name
		if len(comp) > 0 {
			what += " for " + pieceList(v, comp)
		}
		for j, p := range px.plies {
			if p.by == me || p.captured != lostL {
				continue
			}
			named := names(j, p)
			switch {
			case j == 1 && p.see && len(comp) == 0 && named:
				return Hanging, fmt.Sprintf("%s leaves the %s hanging: %s takes it.", head, what, p.text), true
			case j == 1 && p.see && len(comp) == 0:
				return Hanging, fmt.Sprintf("%s leaves the %s hanging.", head, what), true
			case j == 1 && named:
				return MaterialLost, fmt.Sprintf("%s loses the %s: %s takes it next move.", head, what, p.text), true
			case named:
				return MaterialLost, fmt.Sprintf("%s loses the %s: after %s, %s takes it.", head, what,
					numbered(px.plies[1:j]), p.text), true
			default:
				return MaterialLost, fmt.Sprintf("%s loses the %s.", head, what), true
			}
		}
	}
	if canMiss {
		return MaterialMissed, fmt.Sprintf("%s misses %s, winning %s %s: %s.", head, bx.plies[0].text,
			article(won.Name), won.Name, numbered(bx.plies)), true
	}
	return NoReason, "", false
}

// traded returns what a line takes from the mover (lost) and from the opponent (won) less
// the like-for-like trades: a queen taken and a queen given back, or a chariot for a chariot,
// change no material, so a best line that trades queens does not hide a queen lost in the
// played line. Letters are FEN letters, the two sides' kinds in opposite cases.
func traded(lost, won map[byte]int) (map[byte]int, map[byte]int) {
	return without(lost, otherSide(won)), without(won, otherSide(lost))
}

// otherSide returns the letters of taken as the other side's (the same kinds, the other case).
func otherSide(taken map[byte]int) map[byte]int {
	out := make(map[byte]int, len(taken))
	for l, n := range taken {
		out[l^0x20] = n
	}
	return out
}

// without returns the letters of a not in b, with multiplicity (a − b as multisets).
func without(a, b map[byte]int) map[byte]int {
	out := map[byte]int{}
	for l, n := range a {
		if n > b[l] {
			out[l] = n - b[l]
		}
	}
	return out
}

// worth is the total value of the pieces of taken, centipawns.
func worth(v engine.Variant, taken map[byte]int) int {
	sum := 0
	for l, n := range taken {
		if pi, ok := engine.Piece(v, l); ok {
			sum += n * pi.Value
		}
	}
	return sum
}

// pieceList names the pieces of taken, most valuable first: "a soldier", "two pawns",
// "a knight and a pawn".
func pieceList(v engine.Variant, taken map[byte]int) string {
	type group struct {
		l byte
		n int
		p engine.PieceInfo
	}
	var gs []group
	for l, n := range taken {
		if pi, ok := engine.Piece(v, l); ok {
			gs = append(gs, group{l, n, pi})
		}
	}
	sort.Slice(gs, func(i, j int) bool {
		if gs[i].p.Value != gs[j].p.Value {
			return gs[i].p.Value > gs[j].p.Value
		}
		return gs[i].l < gs[j].l
	})
	numbers := []string{"", "", "two", "three", "four", "five"}
	names := make([]string, len(gs))
	for i, g := range gs {
		switch {
		case g.n == 1:
			names[i] = article(g.p.Name) + " " + g.p.Name
		case g.n < len(numbers):
			names[i] = numbers[g.n] + " " + plural(g.p.Name)
		default:
			names[i] = fmt.Sprintf("%d %s", g.n, plural(g.p.Name))
		}
	}
	if len(names) > 1 {
		return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
	}
	return strings.Join(names, "")
}

// plural returns the plural of an English piece name.
func plural(name string) string {
	if strings.HasSuffix(name, "s") || strings.HasSuffix(name, "sh") || strings.HasSuffix(name, "ch") {
		return name + "es"
	}
	return name + "s"
}

// mates reports whether g's current position is lost for winner's opponent with no legal
// move: the line played to it ended in mate (or, in xiangqi, stalemate) by winner.
func mates(g engine.Game, winner engine.Side) bool {
	res := g.Result()
	return len(g.Legal()) == 0 && res.Over && !res.Draw && res.Winner == winner
}

// generic says only the better move and the scores, for the first player.
func generic(v engine.Variant, head string, mr *MoveReview) string {
	before, after := FirstText(v, mr.Before, mr.Side), FirstText(v, mr.After, mr.Side)
	if !gamesearch.IsMate(mr.Before) && !gamesearch.IsMate(mr.After) { // one label for both
		before, _, _ = strings.Cut(before, " ")
	}
	if len(mr.BestText) == 0 {
		return fmt.Sprintf("%s: %s after it (%s before).", head, after, before)
	}
	return fmt.Sprintf("%s: %s was better (%s instead of %s).", head, mr.BestText[0], before, after)
}

// numbered joins the plies' notation with full-move numbers: "2… C2+7 3. H2+3 H8+9".
func numbered(ps []ply) string {
	s := make([]string, 0, len(ps))
	for i, p := range ps {
		switch {
		case p.by == engine.First:
			s = append(s, MoveLabel(p.num, p.by)+" "+p.text)
		case i == 0:
			s = append(s, MoveLabel(p.num, p.by)+" "+p.text)
		default:
			s = append(s, p.text)
		}
	}
	return strings.Join(s, " ")
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
