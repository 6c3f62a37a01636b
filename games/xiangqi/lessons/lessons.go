// Package lessons is the data of the xiangqi rules lesson: one short chapter per piece
// (general, advisor, elephant, horse, chariot, cannon, soldier) and one for the rules of the
// whole board (flying general, check, stalemate loses, perpetual check and chase).
//
// Each step is a small position, the point of the piece to study and the rule in one English
// sentence; the player taps every point that piece can reach. The answer is not written here:
// Step.Answer computes it with the rules of games/xiangqi (the piece's legal moves), and
// Step.Check compares a player's taps with it. The steps show a piece free first, then the
// cases that block it (the horse's leg, the elephant's eye and the river, the palace, the
// cannon's screen, the soldier before and after the river). Explain finds the step that
// explains why a move was illegal, from the rules package's *xiangqi.MoveError.
//
// Points are written as in this module's UCI: file a-i from Red's left, rank 0-9 from Red's
// side ("e0" is Red's general's home point).
package lessons

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/cotuong-ai/cotuong/games/xiangqi"
)

// Chapter is one chapter of the lesson.
type Chapter struct {
	// ID is a short stable name: "general", …, "soldier", "rules".
	ID string
	// Title is the heading in English, e.g. "The horse".
	Title string
	// Kind is the piece the chapter teaches; xiangqi.NoKind for the whole-board rules.
	Kind xiangqi.Kind
	// Red and Black are the piece's Chinese characters (帥 and 將, …); "" for the rules.
	Red, Black string
	// Vietnamese is the piece's Vietnamese name (Tướng, Sĩ, Tượng, Mã, Xe, Pháo, Binh).
	Vietnamese string
	// Steps are the chapter's steps in order.
	Steps []Step
}

// Step is one step of a chapter: a position and the piece to study in it.
type Step struct {
	// ID is "<chapter>-<n>", n from 1, e.g. "horse-2".
	ID string
	// FEN is the position; the piece studied belongs to the side to move.
	FEN string
	// Point is the point of the piece to study ("b0").
	Point string
	// Rule is the step's rule in one English sentence, naming the piece in Chinese and
	// Vietnamese.
	Rule string
	// Demo, when not empty, is a line of moves (UCI) to show after the taps, and the rules'
	// verdict on it is Verdict.
	Demo []string
	// Case is the id of the row of the shared rule-cases.tsv (or repetition.tsv) the step's
	// position comes from, "" when it is made for the lesson.
	Case string
	// explains lists fragments of xiangqi.MoveError reasons this step explains.
	explains []string
}

// Chapters returns the lesson's chapters in teaching order. The slice is new on each call.
func Chapters() []Chapter {
	out := make([]Chapter, len(chapters))
	for i, c := range chapters {
		c.Steps = slices.Clone(c.Steps)
		for j := range c.Steps {
			c.Steps[j].ID = fmt.Sprintf("%s-%d", c.ID, j+1)
		}
		out[i] = c
	}
	return out
}

// Find returns the step with the given id ("horse-2") and its chapter.
func Find(id string) (Chapter, Step, bool) {
	for _, c := range Chapters() {
		for _, s := range c.Steps {
			if s.ID == id {
				return c, s, true
			}
		}
	}
	return Chapter{}, Step{}, false
}

// position returns the step's position and the studied point.
func (s Step) position() (xiangqi.Position, xiangqi.Square, error) {
	p, err := xiangqi.ParseFEN(s.FEN)
	if err != nil {
		return p, xiangqi.NoSquare, fmt.Errorf("lessons: step %s: %w", s.ID, err)
	}
	sq, err := ParsePoint(s.Point)
	if err != nil {
		return p, sq, fmt.Errorf("lessons: step %s: %w", s.ID, err)
	}
	return p, sq, nil
}

// Answer returns the points the step's piece can reach by a legal move, sorted (by
// xiangqi.Position.LegalMoves); it is empty when the piece has no legal move (the stalemate
// step). The error is that of a bad FEN or point, which the package's tests rule out.
func (s Step) Answer() ([]string, error) {
	p, from, err := s.position()
	if err != nil {
		return nil, err
	}
	var out []string
	for _, m := range p.LegalMoves(nil) {
		if m.From() == from {
			out = append(out, m.To().String())
		}
	}
	slices.Sort(out)
	return out, nil
}

// Piece returns the piece studied (xiangqi.NoPiece when the point is empty or bad).
func (s Step) Piece() xiangqi.Piece {
	p, sq, err := s.position()
	if err != nil {
		return xiangqi.NoPiece
	}
	return p.PieceAt(sq)
}

// Verdict returns the rules' verdict after the step's Demo line (xiangqi.Game.Result: its
// String, a period and its Explain, e.g. "Red wins by perpetual check. Black loses: …"), and "" when the step has no demo. The moves are played with
// Game.Continue, so a line that goes past the ruling is read to its end and judged there.
func (s Step) Verdict() (string, error) {
	if len(s.Demo) == 0 {
		return "", nil
	}
	p, _, err := s.position()
	if err != nil {
		return "", err
	}
	g := xiangqi.NewGame(p)
	for _, u := range s.Demo {
		m, ok := xiangqi.MoveFromUCI(u)
		if !ok {
			return "", fmt.Errorf("lessons: step %s: demo move %q is not UCI", s.ID, u)
		}
		if err := g.Continue(m); err != nil {
			return "", fmt.Errorf("lessons: step %s: %w", s.ID, err)
		}
	}
	r := g.Result()
	return r.String() + ". " + r.Explain(), nil
}

// Mark is the result of checking a player's taps against a step's answer.
type Mark struct {
	// Correct: the taps are exactly the answer.
	Correct bool
	// Missed are the answer's points not tapped, sorted.
	Missed []string
	// Wrong are the tapped points the piece cannot reach, sorted.
	Wrong []string
	// Why holds, for each point of Wrong in the same order, the rule's reason it cannot be
	// reached (Step.WhyNot).
	Why []string
}

// ParsePoint reads a point written "e0" (file a-i, rank 0-9; case and spaces ignored).
func ParsePoint(s string) (xiangqi.Square, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	if len(t) != 2 || t[0] < 'a' || t[0] > 'i' || t[1] < '0' || t[1] > '9' {
		return xiangqi.NoSquare, fmt.Errorf("lessons: %q is not a point (file a-i, rank 0-9, e.g. e0)", s)
	}
	return xiangqi.SquareAt(int(t[0]-'a'), int(t[1]-'0')), nil
}

// Check compares the tapped points with the step's answer. Tapping a point twice counts
// once. An unreadable point is an error naming it (nothing is marked then).
func (s Step) Check(tapped []string) (Mark, error) {
	answer, err := s.Answer()
	if err != nil {
		return Mark{}, err
	}
	taps := map[string]bool{}
	for _, t := range tapped {
		sq, err := ParsePoint(t)
		if err != nil {
			return Mark{}, err
		}
		taps[sq.String()] = true
	}
	var m Mark
	for _, a := range answer {
		if !taps[a] {
			m.Missed = append(m.Missed, a)
		}
		delete(taps, a)
	}
	for t := range taps {
		m.Wrong = append(m.Wrong, t)
	}
	slices.Sort(m.Wrong)
	for _, w := range m.Wrong {
		why, err := s.WhyNot(w)
		if err != nil {
			return Mark{}, err
		}
		m.Why = append(m.Why, why)
	}
	m.Correct = len(m.Missed) == 0 && len(m.Wrong) == 0
	return m, nil
}

// WhyNot returns why the step's piece cannot move to point, as the rules package words it
// (the *xiangqi.MoveError's reason, e.g. "the horse's leg c1 is blocked"), with a capital and
// a period; "" when it can. The error is that of an unreadable point.
func (s Step) WhyNot(point string) (string, error) {
	p, from, err := s.position()
	if err != nil {
		return "", err
	}
	to, err := ParsePoint(point)
	if err != nil {
		return "", err
	}
	if to == from {
		return "The piece is already there: a move must go somewhere else.", nil
	}
	_, err = p.ParseMove(from.String() + to.String())
	var me *xiangqi.MoveError
	if err == nil || !errors.As(err, &me) {
		return "", nil
	}
	r := me.Reason
	if r == "" {
		return "", nil
	}
	return strings.ToUpper(r[:1]) + r[1:] + ".", nil
}

// Explain returns the step that explains why a move was illegal, for a player's "why can't it
// move there?": err is (or wraps) the *xiangqi.MoveError of the rules package (ParseMove,
// Game.Push, Position.ParseSAN), whose reason names the blocked leg, the eye, the river, the
// palace, the screen, the soldier's direction, the facing generals or the check. ok is false
// for other errors and reasons (a move on no piece, an unreadable move).
func Explain(err error) (Chapter, Step, bool) {
	var me *xiangqi.MoveError
	if !errors.As(err, &me) {
		return Chapter{}, Step{}, false
	}
	for _, c := range Chapters() {
		for _, s := range c.Steps {
			for _, frag := range s.explains {
				if strings.Contains(me.Reason, frag) {
					return c, s, true
				}
			}
		}
	}
	return Chapter{}, Step{}, false
}

var chapters = []Chapter{
	{ID: "general", Title: "The general", Kind: xiangqi.General, Red: "帥", Black: "將", Vietnamese: "Tướng", Steps: []Step{
		{FEN: "4k4/4a4/9/9/9/9/9/9/4K4/9 w - - 0 1", Point: "e1",
			Rule:     "The general (帥/將, Tướng) moves one point along a file or rank.",
			explains: []string{"a general moves one point along a file or rank"}},
		{FEN: "4k4/4a4/9/9/9/9/9/9/9/3K5 w - - 0 1", Point: "d0",
			Rule:     "The general (帥/將, Tướng) never leaves its palace, the nine points marked with a cross.",
			explains: []string{"a general may not leave its palace"}},
		{FEN: "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1", Point: "e0", Case: "XQ02",
			Rule: "The general (帥/將, Tướng) may not step onto an open file that faces the other general."},
	}},
	{ID: "advisor", Title: "The advisor", Kind: xiangqi.Advisor, Red: "仕", Black: "士", Vietnamese: "Sĩ", Steps: []Step{
		{FEN: "3k5/9/9/9/9/9/9/9/4A4/4K4 w - - 0 1", Point: "e1", Case: "XQ09",
			Rule:     "The advisor (仕/士, Sĩ) moves one point diagonally along the palace's lines.",
			explains: []string{"an advisor moves one point diagonally"}},
		{FEN: "3k5/9/9/9/9/9/9/9/9/3AK4 w - - 0 1", Point: "d0", Case: "XQ09",
			Rule:     "The advisor (仕/士, Sĩ) never leaves the palace, so from a corner it can only go to the centre.",
			explains: []string{"an advisor may not leave its palace"}},
	}},
	{ID: "elephant", Title: "The elephant", Kind: xiangqi.Elephant, Red: "相", Black: "象", Vietnamese: "Tượng", Steps: []Step{
		{FEN: "3k5/9/9/9/9/9/9/4B4/9/4K4 w - - 0 1", Point: "e2",
			Rule:     "The elephant (相/象, Tượng) moves exactly two points diagonally.",
			explains: []string{"an elephant moves exactly two points diagonally"}},
		{FEN: "3k5/9/9/9/9/2B6/9/9/9/4K4 w - - 0 1", Point: "c4", Case: "XQ08",
			Rule:     "The elephant (相/象, Tượng) may not cross the river: it stays on its own half.",
			explains: []string{"an elephant may not cross the river"}},
		{FEN: "3k5/9/9/9/9/2B6/3N5/9/9/4K4 w - - 0 1", Point: "c4", Case: "XQ08",
			Rule:     "The elephant (相/象, Tượng) cannot move when the point between, its eye, is occupied.",
			explains: []string{"the elephant's eye"}},
	}},
	{ID: "horse", Title: "The horse", Kind: xiangqi.Horse, Red: "傌", Black: "馬", Vietnamese: "Mã", Steps: []Step{
		{FEN: "3k5/9/9/9/4N4/9/9/9/9/4K4 w - - 0 1", Point: "e5",
			Rule:     "The horse (傌/馬, Mã) moves one point along a file or rank, then one point diagonally outwards.",
			explains: []string{"a horse moves one point along a file or rank"}},
		{FEN: "3k5/9/9/9/9/9/9/9/1R7/1N2K4 w - - 0 1", Point: "b0", Case: "XQ06",
			Rule:     "The horse (傌/馬, Mã) is hobbled when the point next to it in the direction it goes, its leg, is occupied.",
			explains: []string{"the horse's leg"}},
	}},
	{ID: "chariot", Title: "The chariot", Kind: xiangqi.Chariot, Red: "俥", Black: "車", Vietnamese: "Xe", Steps: []Step{
		{FEN: "3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1", Point: "a0",
			Rule:     "The chariot (俥/車, Xe) moves any number of points along a file or rank.",
			explains: []string{"a chariot moves along a file or rank"}},
		{FEN: "3k5/9/9/p8/9/9/9/9/9/R1N1K4 w - - 0 1", Point: "a0",
			Rule:     "The chariot (俥/車, Xe) cannot jump: it stops before its own piece and captures the first enemy piece in its way.",
			explains: []string{"a chariot cannot jump over pieces"}},
	}},
	{ID: "cannon", Title: "The cannon", Kind: xiangqi.Cannon, Red: "炮", Black: "砲", Vietnamese: "Pháo", Steps: []Step{
		{FEN: "3k4n/9/9/9/9/9/9/9/9/4K3C w - - 0 1", Point: "i0", Case: "XQ10",
			Rule:     "The cannon (炮/砲, Pháo) moves like the chariot, but without a piece to jump it cannot capture.",
			explains: []string{"a cannon jumps only when it captures", "a cannon moves along a file or rank"}},
		{FEN: "3k4n/9/9/9/8P/9/9/9/9/4K3C w - - 0 1", Point: "i0", Case: "XQ10",
			Rule:     "The cannon (炮/砲, Pháo) captures by jumping over exactly one piece, its screen.",
			explains: []string{"a cannon captures by jumping exactly one screen"}},
		{FEN: "3k4n/9/9/8P/8P/9/9/9/9/4K3C w - - 0 1", Point: "i0", Case: "XQ10",
			Rule: "The cannon (炮/砲, Pháo) cannot capture over two pieces: the screen must be a single piece."},
	}},
	{ID: "soldier", Title: "The soldier", Kind: xiangqi.Soldier, Red: "兵", Black: "卒", Vietnamese: "Binh", Steps: []Step{
		{FEN: xiangqi.StartFEN, Point: "e3", Case: "XQ05",
			Rule:     "The soldier (兵/卒, Binh) moves one point forwards, and before the river only forwards.",
			explains: []string{"a soldier may move sideways only after crossing the river", "a soldier moves one point forwards"}},
		{FEN: "rnbakabnr/9/1c5c1/p1p1P1p1p/9/9/P1P3P1P/1C5C1/4A4/RNB1KABNR w - - 0 1", Point: "e6", Case: "XQ05",
			Rule:     "The soldier (兵/卒, Binh) that has crossed the river may also move one point sideways, but never backwards.",
			explains: []string{"a soldier never moves backwards"}},
	}},
	{ID: "rules", Title: "The whole board", Steps: []Step{
		{FEN: "4k4/9/9/9/4P4/9/9/9/9/4K4 w - - 0 1", Point: "e5", Case: "XQ01",
			Rule:     "Flying general: the two generals may never face each other on an open file, so a lone piece between them is pinned.",
			explains: []string{"generals facing each other"}},
		{FEN: "3k5/9/9/9/4r4/9/R8/9/9/4K4 w - - 0 1", Point: "a3",
			Rule:     "Check: when your general is attacked, your move must end the attack, here by blocking it.",
			explains: []string{"is in check and stays in check", "would leave the"}},
		{FEN: "4k4/4a4/9/9/9/9/9/9/3r1r3/4K4 w - - 0 2", Point: "e0", Case: "XQ12",
			Rule: "Stalemate loses: a side with no legal move loses the game, even when it is not in check."},
		{FEN: "3k5/9/9/9/9/5p3/9/5p3/5K3/5C3 w - - 0 1", Point: "f1", Case: "R08",
			Demo: []string{"f1e1", "f2e2", "e1f1", "e2f2", "f1e1", "f2e2", "e1f1", "e2f2"},
			Rule: "Perpetual check: a side that repeats the position by checking with every move loses."},
		{FEN: "2bakabnr/9/r1n1c4/2p1p1p1p/PP7/9/4P1P1P/2C3NC1/9/1NBAKAB1R w - - 0 1", Point: "c2", Case: "R01",
			Demo: []string{"c2a2", "a7b7", "a2b2", "b7a7", "b2a2", "a7b7", "a2b2", "b7a7", "b2a2"},
			Rule: "Perpetual chase: a side that repeats the position by threatening the same unprotected piece with every move loses."},
	}},
}
