package review

import (
	"bytes"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/cotuong-ai/cotuong/engine"
	"github.com/cotuong-ai/cotuong/gamesearch"
)

// The text form of an Analysis, kept by the app with its saved game:
//
//	review 1 xiangqi 150000
//	cp 35 12 h2e2 h9g7 b0c2
//	mate 3 9 h0h9 e9e8 h9h8
//	mate -2 7 e0e1 h9h1
//	cp -310 16 @600000 h7h3 b0c2 check h7h3 b0c2 h3h9
//	over 0
//
// A header (format version, the variant, the node budget, and "network" for a xiangqi
// analysis by the network, Analysis.Network: "review 2 xiangqi 90000 network"; without it the
// scores are the classical evaluation's), then one line a position in
// order: "cp <centipawns> <depth> <pv...>" or "mate <moves> <depth> <pv...>" (the score from
// the side to move's view; mate moves as UCI "score mate": positive when the side to move
// mates, negative when it is mated) or "over <result>" (the game was over: 1 won, 0 drawn,
// −1 lost for the side to move). PV moves are in the engine's UCI coordinates. A position
// verified by a deeper search has its budget after the depth: "@<nodes>" (Eval.Nodes).
// Version 2 is an analysis whose material reasons were checked (Analysis.Checked): a
// position's line may end with "check <moves...>", its Eval.Check. Version 1 has no checks.

const (
	textVersion        = "1" // Analysis.Checked false
	textVersionChecked = "2" // Analysis.Checked true: lines may hold "check"
)

// MarshalText writes a in the text form above (version 2 when a.Checked, else version 1
// without the checks); ErrNoAnalysis for a nil a.
func (a *Analysis) MarshalText() ([]byte, error) {
	if a == nil {
		return nil, ErrNoAnalysis
	}
	var b bytes.Buffer
	version := textVersion
	if a.Checked {
		version = textVersionChecked
	}
	fmt.Fprintf(&b, "review %s %s %d", version, a.Variant, a.Nodes)
	if a.Network {
		b.WriteString(" network")
	}
	b.WriteByte('\n')
	g := engine.NewGame(a.Variant)
	for _, e := range a.Evals {
		switch {
		case e.Over:
			r := 0
			if e.Score > 0 {
				r = 1
			} else if e.Score < 0 {
				r = -1
			}
			fmt.Fprintf(&b, "over %d\n", r)
			continue
		case gamesearch.IsMate(e.Score):
			fmt.Fprintf(&b, "mate %d %d", mateMoves(e.Score), e.Depth)
		default:
			fmt.Fprintf(&b, "cp %d %d", e.Score, e.Depth)
		}
		if e.Nodes > 0 {
			fmt.Fprintf(&b, " @%d", e.Nodes)
		}
		writeLine(&b, g, e.PV)
		if a.Checked && e.Check != nil {
			b.WriteString(" check")
			writeLine(&b, g, e.Check)
		}
		b.WriteByte('\n')
	}
	return b.Bytes(), nil
}

// writeLine writes each move of line in UCI coordinates (g's notation), each after a space.
func writeLine(b *bytes.Buffer, g engine.Game, line []engine.Move) {
	for _, m := range line {
		b.WriteByte(' ')
		b.WriteString(g.UCI(m))
	}
}

// mateMoves is gamesearch.MateIn, with a mate in the position itself written as 0.
func mateMoves(score int) int { return gamesearch.MateIn(score) }

// mateScore is the score of "mate n": the shortest mate of that many moves.
func mateScore(n int) int {
	if n > 0 {
		return gamesearch.Mate - (2*n - 1)
	}
	return -(gamesearch.Mate - 2*(-n))
}

// ParseError is the error of Parse: the line (from 1) and what is wrong with it.
type ParseError struct {
	Line int
	Msg  string
}

// Error returns "review: line N: msg".
func (e *ParseError) Error() string { return fmt.Sprintf("review: line %d: %s", e.Line, e.Msg) }

// Parse reads an analysis written by MarshalText (version 1 or 2) for the game g: the
// variant must be g's, the positions at most g's (its moves + 1), and each PV and check a
// legal line from its position.
// Errors are *ParseError naming the line.
func Parse(text []byte, g engine.Game) (*Analysis, error) {
	if g == nil {
		return nil, ErrNoGame
	}
	lines := strings.Split(strings.TrimRight(string(text), "\n"), "\n")
	f := strings.Fields(lines[0])
	if len(f) < 4 || len(f) > 5 || f[0] != "review" {
		return nil, &ParseError{1, `want the header "review <version> <variant> <nodes> [network]"`}
	}
	if f[1] != textVersion && f[1] != textVersionChecked {
		return nil, &ParseError{1, fmt.Sprintf("format version %q, want %s or %s", f[1], textVersion, textVersionChecked)}
	}
	checked := f[1] == textVersionChecked
	v, err := engine.ParseVariant(f[2])
	if err != nil || string(v) != f[2] {
		return nil, &ParseError{1, fmt.Sprintf("unknown game %q", f[2])}
	}
	if v != g.Variant() {
		return nil, &ParseError{1, fmt.Sprintf("the analysis is of %s, the game of %s", v, g.Variant())}
	}
	nodes, err := strconv.ParseInt(f[3], 10, 64)
	if err != nil || nodes <= 0 {
		return nil, &ParseError{1, fmt.Sprintf("node budget %q is not a positive number", f[3])}
	}
	network := len(f) == 5
	if network && (f[4] != "network" || v != engine.Xiangqi) {
		return nil, &ParseError{1, fmt.Sprintf("%q after the node budget: want \"network\" (xiangqi only) or nothing", f[4])}
	}
	cur, moves, _ := replay(g)
	a := &Analysis{Variant: v, Nodes: nodes, Checked: checked, Network: network}
	for i, line := range lines[1:] {
		n := i + 2
		if i > len(moves) {
			return nil, &ParseError{n, fmt.Sprintf("more positions than the game's %d", len(moves)+1)}
		}
		e, err := parseEval(line, cur, checked)
		if err != nil {
			return nil, &ParseError{n, err.Error()}
		}
		a.Evals = append(a.Evals, e)
		if i < len(moves) {
			if err := cur.Continue(moves[i]); err != nil {
				return nil, &ParseError{n, err.Error()}
			}
		}
	}
	return a, nil
}

// parseEval reads one position's line for the current position of g; checked allows a
// "check" line after the PV.
func parseEval(line string, g engine.Game, checked bool) (Eval, error) {
	f := strings.Fields(line)
	if len(f) == 0 {
		return Eval{}, fmt.Errorf("empty line")
	}
	num := func(i int, what string, lo, hi int) (int, error) {
		if len(f) <= i {
			return 0, fmt.Errorf("%q: missing the %s", f[0], what)
		}
		x, err := strconv.Atoi(f[i])
		if err != nil || x < lo || x > hi {
			return 0, fmt.Errorf("%s %q: want a whole number in %d..%d", what, f[i], lo, hi)
		}
		return x, nil
	}
	var e Eval
	switch f[0] {
	case "over":
		r, err := num(1, "result", -1, 1)
		if err != nil {
			return e, err
		}
		if len(f) > 2 {
			return e, fmt.Errorf("\"over\" takes one number")
		}
		return Eval{Over: true, Score: r * gamesearch.Mate}, nil
	case "cp":
		s, err := num(1, "score", -gamesearch.MateBound+1, gamesearch.MateBound-1)
		if err != nil {
			return e, err
		}
		e.Score = s
	case "mate":
		s, err := num(1, "mate", -gamesearch.MaxPly/2, gamesearch.MaxPly/2)
		if err != nil {
			return e, err
		}
		if s == 0 {
			return e, fmt.Errorf("\"mate 0\" is a game that is over: write \"over -1\"")
		}
		e.Score = mateScore(s)
	default:
		return e, fmt.Errorf("%q: want cp, mate or over", f[0])
	}
	d, err := num(2, "depth", 0, gamesearch.MaxPly)
	if err != nil {
		return e, err
	}
	e.Depth = d
	pv := f[3:]
	if len(pv) > 0 && strings.HasPrefix(pv[0], "@") {
		nodes, err := strconv.ParseInt(pv[0][1:], 10, 64)
		if err != nil || nodes <= 0 {
			return e, fmt.Errorf("node budget %q: want @ and a positive number", pv[0])
		}
		e.Nodes, pv = nodes, pv[1:]
	}
	var check []string
	if i := slices.Index(pv, "check"); i >= 0 {
		if !checked {
			return e, fmt.Errorf("\"check\" in a version %s analysis: want version %s", textVersion, textVersionChecked)
		}
		if pv, check = pv[:i], pv[i+1:]; len(check) == 0 {
			return e, fmt.Errorf("\"check\" without a move")
		}
	}
	if e.PV, err = parseLine(g, pv, "PV"); err != nil {
		return e, err
	}
	if check != nil {
		e.Check, err = parseLine(g, check, "check")
	}
	return e, err
}

// parseLine reads moves (UCI coordinates) as a legal line from g's current position; what names
// the line in errors.
func parseLine(g engine.Game, moves []string, what string) ([]engine.Move, error) {
	c := g.Clone()
	var line []engine.Move
	for _, s := range moves {
		m, err := c.ParseUCI(s)
		if err == nil {
			err = c.Continue(m)
		}
		if err != nil {
			return nil, fmt.Errorf("%s move %q: %s", what, s, engine.MoveProblem(err))
		}
		line = append(line, m)
	}
	return line, nil
}
