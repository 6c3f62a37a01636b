package render

import (
	"image"
	"math"
)

// ArrowKind colours an arrow on the board.
type ArrowKind uint8

const (
	// ArrowBetter is the better move of a judged move, or the next move of its line (green).
	ArrowBetter ArrowKind = iota
	// ArrowHint is the move a hint suggests (blue).
	ArrowHint
	// ArrowThreat is the opponent's strongest move if it were their turn (red).
	ArrowThreat
)

// Arrow is an arrow on the board from one intersection to another (squares as in View).
type Arrow struct {
	From, To int
	Kind     ArrowKind
}

// ReviewPanel is what the review shows beside the board, in the move list's panel.
type ReviewPanel struct {
	// Graph holds Red's winning chances (−1..1) in each position of the game, index = the
	// number of moves played before it; NaN where the analysis has not reached. A mate is ±1,
	// at the graph's edge. A nil Graph draws no graph (the lesson's and the puzzles' panels).
	Graph []float64
	// Marks holds the judgement glyph of the move leading to each position (Marks[p] for the
	// move p−1 → p; "" when none), drawn as dots on the graph.
	Marks []string
	// Cursor is the position the board shows (an index of Graph), marked on the graph.
	Cursor int
	// Words are the paragraphs about the current move (its judgement and explanation, the
	// analysis's progress), wrapped to the panel's width.
	Words []string
	// Buttons is the panel's row of buttons (the better line, cancelling the analysis, the
	// summary).
	Buttons []Button
	// Scores keeps room in each move list column for the move's score (MoveRow.RedScore,
	// BlackScore) whether or not the analysis has reached it yet, so the list keeps its
	// columns and rows as the scores arrive.
	Scores bool
	// GraphAbove and GraphBelow label the graph's two halves (the side whose winning chances
	// are drawn above the middle line, and below it: "+ Red better", "- Black better"); drawn
	// dimmed at the graph's top and bottom left, under the curve.
	GraphAbove, GraphBelow string
}

// reviewH is the least height of the review panel in units on a portrait frame: the board
// shrinks to give it room.
const reviewH = 300

// reviewWordLines is the most lines the review's words take (their room is kept whatever
// their length).
const reviewWordLines = 6

// graphH is the height of the evaluation graph in units (at least a touch target).
const graphH = 64

// layoutReview splits l.List into the review's graph, its buttons, its words and the move
// list below them.
func (r *Renderer) layoutReview(l *Layout, rp *ReviewPanel, px func(float64) int) error {
	area := l.List
	gap := px(pad)
	y := area.Min.Y + gap/2
	if rp.Graph != nil { // a panel without a graph (the lesson's, the puzzles') has none
		gh := max(px(graphH), l.TouchPx)
		l.Graph = image.Rect(area.Min.X, y, area.Max.X, y+gh)
		l.GraphPlies = len(rp.Graph)
		y += gh + gap/2
	}
	if n := len(rp.Buttons); n > 0 {
		bh := l.TouchPx
		bw := (area.Dx() - gap*(n-1)) / n
		for i, b := range rp.Buttons {
			x := area.Min.X + i*(bw+gap)
			l.PanelButtons = append(l.PanelButtons, image.Rect(x, y, x+bw, y+bh))
			a := b.Action
			if b.Disabled {
				a = ""
			}
			l.panelActions = append(l.panelActions, a)
		}
		y += bh + gap/2
	}
	face, err := r.face(sansFace, l.ListPx)
	if err != nil {
		return err
	}
	for _, w := range rp.Words {
		l.WordLines = append(l.WordLines, wrap(face, w, area.Dx()-px(12))...)
	}
	// The words take at most half of what is left, the list the rest (all of it when there
	// is no graph: the lesson's and the puzzles' panels have no move list).
	left := area.Max.Y - y
	l.WordLineH = l.ListRowH
	maxWords := max(1, left/l.WordLineH)
	if rp.Graph != nil {
		// The review: its list's rows are touch targets, two of them always in view, and the
		// words keep the same room (up to reviewWordLines) whatever their length, so the list
		// never moves under a finger as they change.
		l.ListRowH = max(l.ListRowH, l.TouchPx)
		maxWords = min(reviewWordLines, max(1, (left-2*l.ListRowH-2*gap)/l.WordLineH))
	}
	if len(l.WordLines) > maxWords {
		l.WordLines = append(l.WordLines[:maxWords-1], l.WordLines[maxWords-1]+" …")
	}
	rows := len(l.WordLines)
	if rp.Graph != nil {
		rows = maxWords
	}
	l.Words = image.Rect(area.Min.X, y, area.Max.X, y+rows*l.WordLineH)
	if rows > 0 {
		y = l.Words.Max.Y + gap/2
	}
	l.List = image.Rect(area.Min.X, y, area.Max.X, area.Max.Y)
	return nil
}

// graphX returns the x of position p on the graph.
func (l *Layout) graphX(p int) float64 {
	g := l.Graph
	if l.GraphPlies <= 1 {
		return float64(g.Min.X + g.Dx()/2)
	}
	return float64(g.Min.X) + 4 + float64(p)*float64(g.Dx()-8)/float64(l.GraphPlies-1)
}

// graphAt returns the position nearest to x on the graph.
func (l *Layout) graphAt(x float64) int {
	if l.GraphPlies <= 1 {
		return 0
	}
	g := l.Graph
	p := int(math.Round((x - float64(g.Min.X) - 4) * float64(l.GraphPlies-1) / float64(g.Dx()-8)))
	return min(max(p, 0), l.GraphPlies-1)
}

// moveAt returns the index (2·row + column) of the move drawn at (x, y) in the list, or −1.
func (l *Layout) moveAt(x, y int) int {
	if l.listRows == nil || l.ListRowH <= 0 {
		return -1
	}
	offset := l.ListMaxScroll - l.ListScroll
	line := (y - l.List.Min.Y - int(math.Round(pad/2*l.Unit)) + offset)
	if line < 0 {
		return -1
	}
	line /= l.ListRowH
	if line >= len(l.listRows) {
		return -1
	}
	idx := l.listRows[line]
	if !l.ListOneColumn && x >= l.List.Min.X+int(math.Round(10*l.Unit))+l.ListNumW+l.ListColW {
		idx++ // the black column
	}
	return idx
}
