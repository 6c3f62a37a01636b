package puzzles

import (
	"strconv"

	"github.com/cotuong-ai/cotuong/engine"
)

// The motifs Motifs finds, named as lichess names its puzzle themes where one exists.
const (
	// Fork: the first move's piece attacks two or more enemy pieces worth winning (the
	// general by giving check counts as one).
	Fork Theme = "fork"
	// Hanging: the first move takes a piece that no enemy piece defends.
	Hanging Theme = "hangingPiece"
	// CannonScreen: the first move puts a piece between a friendly cannon and its target,
	// giving the cannon a screen to attack (or check) over.
	CannonScreen Theme = "cannonScreen"
	// Pin: after the first move an attacked enemy piece cannot move away without exposing
	// its general to check.
	Pin Theme = "pin"
	// Discovered: the first move uncovers an attack (or check) by another friendly piece.
	Discovered Theme = "discoveredAttack"
	// Trapped: the piece won has, after the first move, no move to a square where it is safe.
	Trapped Theme = "trappedPiece"
	// Endgame: few pieces are left (see Motifs).
	Endgame Theme = "endgame"
)

// AllMotifs lists the motifs in the order a puzzle's Motifs keep.
var AllMotifs = []Theme{Fork, Hanging, CannonScreen, Pin, Discovered, Trapped, Endgame}

func isMotif(t Theme) bool {
	for _, m := range AllMotifs {
		if m == t {
			return true
		}
	}
	return false
}

// EndgamePieces is the most chariots, horses and cannons (both sides together) of a xiangqi
// position that counts as an endgame; in chess, the most queens, rooks, bishops and knights.
const EndgamePieces = 4

// motifValue is the value, in centipawns, of a piece kind (upper-case FEN letter) for the
// motifs: what makes a target worth attacking. The general or king is worth more than all.
func motifValue(v engine.Variant, letter byte) int {
	if letter == 'K' {
		return 10_000
	}
	for _, pv := range pieceValues(v) {
		if pv.letter == letter {
			return pv.value
		}
	}
	return 0
}

// sq is a square of a board: file and rank from 0 at the first player's lower left.
type sq struct{ f, r int }

// board is a xiangqi position as the motifs see it: each square's piece (Empty when none),
// letters in upper case with the owner in Side.
type board struct {
	v     engine.Variant
	files int
	ranks int
	at    map[sq]engine.Square
}

func boardOf(g engine.Game) board {
	b := board{v: g.Variant(), files: g.Files(), ranks: g.Ranks(), at: map[sq]engine.Square{}}
	for f := 0; f < b.files; f++ {
		for r := 0; r < b.ranks; r++ {
			s := g.At(f, r)
			if !s.Empty {
				if s.Letter >= 'a' && s.Letter <= 'z' {
					s.Letter -= 'a' - 'A'
				}
				b.at[sq{f, r}] = s
			}
		}
	}
	return b
}

func (b board) on(s sq) bool { return s.f >= 0 && s.f < b.files && s.r >= 0 && s.r < b.ranks }

func (b board) piece(s sq) (engine.Square, bool) {
	p, ok := b.at[s]
	return p, ok
}

// without returns a copy of b with the square s emptied.
func (b board) without(s sq) board {
	c := b
	c.at = make(map[sq]engine.Square, len(b.at))
	for k, p := range b.at {
		if k != s {
			c.at[k] = p
		}
	}
	return c
}

func inPalace(s sq, side engine.Side) bool {
	if s.f < 3 || s.f > 5 {
		return false
	}
	if side == engine.First {
		return s.r <= 2
	}
	return s.r >= 7
}

// attacks returns the squares the xiangqi piece on s attacks by the rules of movement (WXF
// rules: the horse's leg, the cannon's screen, the elephant's eye and river, the palace, the
// soldier across the river), and for a general the other general on an open file (the
// flying-general rule). Squares holding a piece of either side are included: an own piece
// there is defended. Legality (leaving one's own general in check) is not considered.
func (b board) attacks(s sq) []sq {
	p, ok := b.piece(s)
	if !ok {
		return nil
	}
	var out []sq
	add := func(t sq) {
		if b.on(t) {
			out = append(out, t)
		}
	}
	orth := []sq{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
	switch p.Letter {
	case 'R', 'C':
		for _, d := range orth {
			screened := false
			for t := (sq{s.f + d.f, s.r + d.r}); b.on(t); t = (sq{t.f + d.f, t.r + d.r}) {
				_, occ := b.piece(t)
				if p.Letter == 'R' {
					add(t)
					if occ {
						break
					}
					continue
				}
				if !occ {
					continue
				}
				if screened {
					add(t)
					break
				}
				screened = true
			}
		}
	case 'N':
		for _, d := range []sq{{1, 2}, {-1, 2}, {1, -2}, {-1, -2}, {2, 1}, {2, -1}, {-2, 1}, {-2, -1}} {
			leg := sq{s.f, s.r + d.r/2}
			if d.f == 2 || d.f == -2 {
				leg = sq{s.f + d.f/2, s.r}
			}
			if _, blocked := b.piece(leg); !blocked {
				add(sq{s.f + d.f, s.r + d.r})
			}
		}
	case 'B':
		for _, d := range []sq{{2, 2}, {2, -2}, {-2, 2}, {-2, -2}} {
			t := sq{s.f + d.f, s.r + d.r}
			own := t.r <= 4
			if p.Side != engine.First {
				own = t.r >= 5
			}
			if _, blocked := b.piece(sq{s.f + d.f/2, s.r + d.r/2}); !blocked && own {
				add(t)
			}
		}
	case 'A':
		for _, d := range []sq{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}} {
			if t := (sq{s.f + d.f, s.r + d.r}); inPalace(t, p.Side) {
				add(t)
			}
		}
	case 'K':
		for _, d := range orth {
			if t := (sq{s.f + d.f, s.r + d.r}); inPalace(t, p.Side) {
				add(t)
			}
		}
		dir := 1
		if p.Side != engine.First {
			dir = -1
		}
		for t := (sq{s.f, s.r + dir}); b.on(t); t.r += dir {
			if q, occ := b.piece(t); occ {
				if q.Letter == 'K' {
					add(t)
				}
				break
			}
		}
	case 'P':
		fwd, crossed := 1, s.r >= 5
		if p.Side != engine.First {
			fwd, crossed = -1, s.r <= 4
		}
		add(sq{s.f, s.r + fwd})
		if crossed {
			add(sq{s.f + 1, s.r})
			add(sq{s.f - 1, s.r})
		}
	}
	return out
}

// attacked reports whether a piece of side attacks the square t.
func (b board) attacked(t sq, side engine.Side) bool {
	for s, p := range b.at {
		if p.Side != side {
			continue
		}
		for _, a := range b.attacks(s) {
			if a == t {
				return true
			}
		}
	}
	return false
}

// targets returns the enemy pieces the piece on s attacks.
func (b board) targets(s sq) []sq {
	p, ok := b.piece(s)
	if !ok {
		return nil
	}
	var out []sq
	for _, t := range b.attacks(s) {
		if q, occ := b.piece(t); occ && q.Side != p.Side {
			out = append(out, t)
		}
	}
	return out
}

func (b board) general(side engine.Side) (sq, bool) {
	for s, p := range b.at {
		if p.Letter == 'K' && p.Side == side {
			return s, true
		}
	}
	return sq{}, false
}

// inCheck reports whether side's general is attacked.
func (b board) inCheck(side engine.Side) bool {
	k, ok := b.general(side)
	return ok && b.attacked(k, side.Other())
}

// parseSquare reads a UCI square ("e3", "h10" is not one: ranks 0-9 in xiangqi).
func parseSquare(s string) (sq, bool) {
	if len(s) < 2 || s[0] < 'a' || s[0] > 'i' {
		return sq{}, false
	}
	r, err := strconv.Atoi(s[1:])
	if err != nil {
		return sq{}, false
	}
	return sq{int(s[0] - 'a'), r}, true
}

func moveSquares(u string) (from, to sq, ok bool) {
	if len(u) < 4 {
		return sq{}, sq{}, false
	}
	from, ok1 := parseSquare(u[:2])
	to, ok2 := parseSquare(u[2:4])
	return from, to, ok1 && ok2
}

// Motifs returns the motifs of a xiangqi puzzle's solution, in the order of AllMotifs
// (chess puzzles get none). They are read from the board, by the rules of movement, in the
// position before and after the first move (m, from f to t, by the solver S):
//
//   - Fork (material puzzles): after m the piece on t attacks two or more enemy pieces each
//     worth more than itself or undefended, the general counting as one (check);
//   - Hanging (material puzzles): m captures a piece other than a soldier, and no enemy
//     piece attacks t afterwards;
//   - CannonScreen: after m a cannon of S attacks the enemy general, or a horse or better,
//     over a screen, which it did not before: the cannon moved there, or m put the screen
//     between it and the target;
//   - Discovered: after m a piece of S other than the one moved attacks the enemy general,
//     or a horse or better, which it did not before, because f was emptied;
//   - Pin: after m an enemy horse or better (not the general) is attacked by S and cannot
//     move away without leaving its general attacked, and that was not so before m;
//   - Trapped (material puzzles): the piece the line captures first of the kind won (a
//     horse or better) is attacked after m, and each square it can move to is attacked by S;
//   - Endgame: at most EndgamePieces chariots, horses and cannons are on the board.
func Motifs(p Puzzle) []Theme {
	if p.Variant != engine.Xiangqi || len(p.Solution) == 0 {
		return nil
	}
	g, err := engine.GameFromFEN(p.Variant, p.FEN)
	if err != nil {
		return nil
	}
	m, err := g.ParseUCI(p.Solution[0])
	if err != nil {
		return nil
	}
	from, to, ok := moveSquares(p.Solution[0])
	if !ok {
		return nil
	}
	solver := g.SideToMove()
	b0 := boardOf(g)
	g1 := g.Clone()
	if g1.Push(m) != nil {
		return nil
	}
	b1 := boardOf(g1)
	mover, _ := b0.piece(from)
	captured, capture := b0.piece(to)
	material := p.Theme == Material
	worth := func(b board, t sq) bool { // the general, or a horse or better
		q, _ := b.piece(t)
		return q.Letter == 'K' || motifValue(p.Variant, q.Letter) >= motifValue(p.Variant, 'N')
	}
	found := map[Theme]bool{}

	if material {
		n := 0
		for _, t := range b1.targets(to) {
			q, _ := b1.piece(t)
			if q.Letter == 'K' || motifValue(p.Variant, q.Letter) > motifValue(p.Variant, mover.Letter) || !b1.attacked(t, solver.Other()) {
				if q.Letter == 'K' || q.Letter != 'P' {
					n++
				}
			}
		}
		found[Fork] = n >= 2
		found[Hanging] = capture && captured.Letter != 'P' && !b1.attacked(to, solver.Other())
	}

	vacated := b0.without(from)
	hits := func(b board, s, t sq) bool {
		for _, x := range b.targets(s) {
			if x == t {
				return true
			}
		}
		return false
	}
	for s, q := range b1.at {
		if q.Side != solver {
			continue
		}
		for _, t := range b1.targets(s) {
			switch {
			case !worth(b1, t):
			case s == to:
				if q.Letter == 'C' && !hits(b0, from, t) {
					found[CannonScreen] = true // the cannon moved to attack over a screen
				}
			case hits(b0, s, t):
			case hits(vacated, s, t):
				found[Discovered] = true // emptying the move's square opened the line
			case q.Letter == 'C':
				found[CannonScreen] = true // the moved piece became the screen
			}
		}
	}

	pinned := func(b board, t sq) bool {
		q, ok := b.piece(t)
		if !ok || q.Letter == 'K' || q.Side == solver || !worth(b, t) || !b.attacked(t, solver) {
			return false
		}
		return !b.inCheck(solver.Other()) && b.without(t).inCheck(solver.Other())
	}
	for t, q := range b1.at {
		if q.Side != solver && pinned(b1, t) {
			if t == to || !pinned(b0, t) {
				found[Pin] = true
			}
		}
	}

	if material && p.Won != "" {
		found[Trapped] = trapped(p, b1, solver)
	}

	n := 0
	for _, q := range b0.at {
		if q.Letter == 'R' || q.Letter == 'N' || q.Letter == 'C' {
			n++
		}
	}
	found[Endgame] = n <= EndgamePieces

	var out []Theme
	for _, t := range AllMotifs {
		if found[t] {
			out = append(out, t)
		}
	}
	return out
}

// trapped reports whether the piece of the kind p.Won that p's line captures first is, on the
// board b1 after the first move, attacked by the solver with every square it could move to
// attacked by the solver.
func trapped(p Puzzle, b1 board, solver engine.Side) bool {
	var letter byte
	for _, pv := range pieceValues(p.Variant) {
		if pv.name == p.Won {
			letter = pv.letter
		}
	}
	if motifValue(p.Variant, letter) < motifValue(p.Variant, 'N') {
		return false
	}
	// Find the square of the first capture of such a piece by the solver in the line.
	w, err := engine.GameFromFEN(p.Variant, p.FEN)
	if err != nil {
		return false
	}
	var target sq
	found := false
	for i, u := range p.Solution {
		_, to, ok := moveSquares(u)
		if !ok {
			return false
		}
		if i%2 == 0 {
			if q, occ := boardOf(w).piece(to); occ && q.Letter == letter && q.Side != solver {
				target, found = to, true
				break
			}
		}
		m, err := w.ParseUCI(u)
		if err != nil || w.Push(m) != nil {
			return false
		}
	}
	if !found {
		return false
	}
	// The piece must stand on that square after the first move (it was not chased there).
	if q, occ := b1.piece(target); !occ || q.Letter != letter || !b1.attacked(target, solver) {
		return false
	}
	// Its moves by the rules of movement (legality aside: the defender may be in check and
	// unable to move it at all, which traps it too).
	for _, to := range b1.attacks(target) {
		if q, occ := b1.piece(to); occ && q.Side != solver {
			continue // its own piece
		}
		after := b1.without(target).without(to)
		after.at[to] = engine.Square{Side: solver.Other(), Letter: letter}
		if !after.attacked(to, solver) {
			return false
		}
	}
	return true
}

// MateReason says in words why the side to move of g has lost, for a game won by a mate: a
// checkmate ("Checkmate: Black's general is in check and has no legal move."), or in xiangqi
// a position without a legal move that is not check, which loses (WXF rules: there is no
// stalemate draw). When a square next to the xiangqi general is closed only by the
// flying-general rule (the generals may not face each other on an open file), it says so.
// It returns "" when the side to move has a legal move or the game is not over.
func MateReason(g engine.Game) string {
	if len(g.Legal()) != 0 || !g.Result().Over {
		return ""
	}
	loser := g.SideToMove()
	name := g.SideName(loser)
	piece := "king"
	if g.Variant() == engine.Xiangqi {
		piece = "general"
	}
	var out string
	switch {
	case g.InCheck():
		out = "Checkmate: " + name + "'s " + piece + " is in check and has no legal move."
	case g.LossOnStalemate():
		out = name + " is not in check but has no legal move, and in xiangqi that loses."
	default:
		return ""
	}
	if g.Variant() == engine.Xiangqi {
		if t, ok := flyingGeneralSquare(boardOf(g), loser); ok {
			out += " The general cannot step to " + string(rune('a'+t.f)) + strconv.Itoa(t.r) +
				": it would face the other general on an open file (the flying-general rule)."
		}
	}
	return out
}

// flyingGeneralSquare returns a square next to side's general, in its palace and not held by
// its own piece, that no enemy piece attacks but the enemy general across an open file.
func flyingGeneralSquare(b board, side engine.Side) (sq, bool) {
	k, ok := b.general(side)
	if !ok {
		return sq{}, false
	}
	for _, d := range []sq{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
		t := sq{k.f + d.f, k.r + d.r}
		if !inPalace(t, side) {
			continue
		}
		if q, occ := b.piece(t); occ && q.Side == side {
			continue
		}
		moved := b.without(k).without(t)
		moved.at[t] = engine.Square{Side: side, Letter: 'K'}
		byGeneral, byOther := false, false
		for s, q := range moved.at {
			if q.Side == side {
				continue
			}
			for _, a := range moved.attacks(s) {
				if a == t {
					if q.Letter == 'K' {
						byGeneral = true
					} else {
						byOther = true
					}
				}
			}
		}
		if byGeneral && !byOther {
			return t, true
		}
	}
	return sq{}, false
}
