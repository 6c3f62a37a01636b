// Package puzzles holds the puzzle sets of both games — xiangqi mates in 1 to 5, tactics that
// win material and defensive moves, tagged with the motifs of their solution, and a few chess
// puzzles made by the same generator — with the verifier that made them and what an app needs
// to pose one as lichess does: load a set, choose by theme, check the player's move (any mate
// no slower is accepted), show the refutation of a wrong one, give the hint in two steps,
// play the computer's reply, say why a mate wins, and rate the player and the puzzle
// (Glicko-2).
//
// # What a puzzle is
//
// A puzzle is a position, the solver (the side to move) and a solution line: the solver's
// moves and the defender's replies between them, in UCI coordinates (xiangqi ranks 0-9 from
// Red's side). Every puzzle was verified by Verifier at a fixed node budget per search
// (Generate's VerifyNodes, full strength, one thread, the table cleared before each search):
//
//   - mate (themes mateIn1 … mateIn5): the search mates in k ≤ MaxMate moves; the
//     defender's replies are the search's best (the longest defence), the solver's moves the
//     search's best; the line ends in checkmate (or, in xiangqi, no legal move, which loses)
//     after exactly k solver moves. Other moves that mate no slower may exist: Attempt.Play
//     accepts them, checked by a search when played;
//   - material (theme material, with the piece won): the first move scores at least
//     WinningScore centipawns, the second-best first move at most NotWinning and at least
//     Margin less than the first. The line follows the defender's best replies; a later solver
//     move is kept only if it too beats the second-best move of its position by Margin, and
//     the line stops before the first one that does not (or after MaxMaterialMoves solver
//     moves). The piece won is the most valuable kind the solver gains on balance over the
//     line and a few more plies of the engine's continuation;
//   - defence (theme defensiveMove): the opponent threatens to win (given the turn, it scores
//     at least WinningScore+Margin/2), the best move holds (at least −NotWinning) and every
//     other move loses at least DefenceLoss and Margin more. The solution is that one move.
//
// Motifs adds the motifs read from the board (fork, hangingPiece, cannonScreen, pin,
// discoveredAttack, trappedPiece, endgame). A puzzle's difficulty is the depth, in plies,
// from which the search's best move is the solution's first move and stays so until the
// search ends: 1-3 easy, 4-7 medium, 8 and more hard; PuzzleRating makes it a starting
// Glicko-2 rating.
//
// # The files
//
// xiangqi.tsv and chess.tsv (embedded) hold one puzzle a line in five tab-separated
// columns — FEN, solution (UCI moves separated by spaces), themes (the goal, "mateIn3",
// "defensiveMove" or "material:chariot", then the motifs, separated by spaces), difficulty
// (plies), and the ID, where the generator found it ("seed:ply": the self-play game's seed and
// the ply at which the position arose). Lines starting with # are comments. The go:generate
// lines of gen.go write them with examples/dev/puzzles, which plays the seeded self-play games
// again and verifies again (it writes the same files), then has the outside engines judge
// them (-check) and drops what they find wrong.
package puzzles

import (
	"bufio"
	"context"
	_ "embed"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/cotuong-ai/cotuong/engine"
	"github.com/cotuong-ai/cotuong/gamesearch"
)

//go:embed xiangqi.tsv
var xiangqiTSV string

//go:embed chess.tsv
var chessTSV string

// Theme is a puzzle's kind: its goal ("mateIn1" … "mateIn5", "material", "defence") or a
// motif found in its solution ("fork", "hanging", …; see Motifs).
type Theme string

// The goals of a puzzle other than a mate.
const (
	// Material is the theme of a tactic that wins material.
	Material Theme = "material"
	// Defence is the theme of a defensive move: the only move that saves the solver from a
	// threat (lichess's defensiveMove).
	Defence Theme = "defensiveMove"
)

// MateIn returns the theme of a mate in n moves of the solver, "mateIn<n>".
func MateIn(n int) Theme { return Theme("mateIn" + strconv.Itoa(n)) }

// Mate returns the number of solver moves of a mate theme, 0 for other themes.
func (t Theme) Mate() int {
	s, ok := strings.CutPrefix(string(t), "mateIn")
	if !ok {
		return 0
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 {
		return 0
	}
	return n
}

// Puzzle is one puzzle of a set.
type Puzzle struct {
	Variant engine.Variant
	// FEN is the start position; the solver is its side to move.
	FEN string
	// Solution is the line in UCI coordinates: the solver's moves at even indices (0, 2, …)
	// and the defender's replies at odd ones. It ends with a solver move.
	Solution []string
	// Theme is the goal: MateIn(k), Material or Defence.
	Theme Theme
	// Motifs are the tactical motifs and phases found in the solution (Motifs), in the
	// order of AllMotifs.
	Motifs []Theme
	// Won names the piece a material puzzle wins ("chariot", "rook", …); "" for mates.
	Won string
	// Difficulty is the search depth, in plies, from which the solution's first move is
	// found and kept (see the package documentation).
	Difficulty int
	// Seed is the generator's record of where the position came from, "seed:ply".
	Seed string
}

// Description returns the goal in words: "Mate in 3", "Win a chariot" or "Find the
// defence".
func (p Puzzle) Description() string {
	if k := p.Theme.Mate(); k > 0 {
		return "Mate in " + strconv.Itoa(k)
	}
	if p.Theme == Defence {
		return "Find the only defence"
	}
	if p.Won == "" {
		return "Win material"
	}
	return "Win " + article(p.Won) + " " + p.Won
}

// ThemeText returns the goal as the theme column writes it: "mateIn3", "defence", or
// "material:chariot" for a material puzzle.
func (p Puzzle) ThemeText() string {
	if p.Theme == Material && p.Won != "" {
		return string(Material) + ":" + p.Won
	}
	return string(p.Theme)
}

// Has reports whether t is the puzzle's goal or one of its motifs ("material" matches any
// material puzzle, Mate any mate).
func (p Puzzle) Has(t Theme) bool {
	if p.Theme == t || t == Mate && p.Theme.Mate() > 0 {
		return true
	}
	for _, m := range p.Motifs {
		if m == t {
			return true
		}
	}
	return false
}

func article(noun string) string {
	if noun != "" && strings.ContainsRune("aeiou", rune(noun[0])) {
		return "an"
	}
	return "a"
}

// Line returns the puzzle as one line of a set file (no newline).
func (p Puzzle) Line() string {
	themes := p.ThemeText()
	for _, m := range p.Motifs {
		themes += " " + string(m)
	}
	return strings.Join([]string{p.FEN, strings.Join(p.Solution, " "), themes,
		strconv.Itoa(p.Difficulty), p.Seed}, "\t")
}

// ParseError is the error of Parse for a line of a set file it cannot read.
type ParseError struct {
	Line int    // the line number, from 1
	Err  string // what is wrong
}

// Error returns "puzzles: line N: " and the problem.
func (e *ParseError) Error() string { return fmt.Sprintf("puzzles: line %d: %s", e.Line, e.Err) }

// Parse reads a set file of variant v (the format in the package documentation). Each
// puzzle's FEN and solution are checked against the rules: a bad FEN, an illegal move, a
// solution that is empty or ends with a defender's move, or a bad theme or difficulty gives a
// *ParseError naming the line.
func Parse(v engine.Variant, text string) ([]Puzzle, error) {
	var out []Puzzle
	sc := bufio.NewScanner(strings.NewReader(text))
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	n := 0
	for sc.Scan() {
		n++
		line := strings.TrimRight(sc.Text(), "\r")
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		p, err := parseLine(v, line)
		if err != nil {
			return out, &ParseError{Line: n, Err: err.Error()}
		}
		out = append(out, p)
	}
	if err := sc.Err(); err != nil {
		return out, &ParseError{Line: n + 1, Err: err.Error()}
	}
	return out, nil
}

func parseLine(v engine.Variant, line string) (Puzzle, error) {
	f := strings.Split(line, "\t")
	if len(f) != 5 {
		return Puzzle{}, fmt.Errorf("%d columns, want 5 (FEN, solution, theme, difficulty, seed)", len(f))
	}
	p := Puzzle{Variant: v, FEN: f[0], Solution: strings.Fields(f[1]), Seed: f[4]}
	words := strings.Fields(f[2])
	if len(words) == 0 {
		return Puzzle{}, errors.New("no theme")
	}
	theme, won, _ := strings.Cut(words[0], ":")
	p.Theme, p.Won = Theme(theme), won
	if p.Theme != Material && p.Theme != Defence && (p.Theme.Mate() == 0 || p.Theme.Mate() > MaxMate) {
		return Puzzle{}, fmt.Errorf("unknown theme %q", words[0])
	}
	for _, w := range words[1:] {
		if !isMotif(Theme(w)) {
			return Puzzle{}, fmt.Errorf("unknown motif %q", w)
		}
		p.Motifs = append(p.Motifs, Theme(w))
	}
	d, err := strconv.Atoi(f[3])
	if err != nil || d < 1 {
		return Puzzle{}, fmt.Errorf("difficulty %q is not a positive number", f[3])
	}
	p.Difficulty = d
	if len(p.Solution)%2 == 0 {
		return Puzzle{}, fmt.Errorf("the solution has %d moves: it must end with a solver move", len(p.Solution))
	}
	if k := p.Theme.Mate(); k > 0 && len(p.Solution) != 2*k-1 {
		return Puzzle{}, fmt.Errorf("a %s solution has %d moves, want %d", p.Theme, len(p.Solution), 2*k-1)
	}
	g, err := engine.GameFromFEN(v, p.FEN)
	if err != nil {
		return Puzzle{}, err
	}
	for i, s := range p.Solution {
		m, err := g.ParseUCI(s)
		if err == nil {
			err = g.Push(m)
		}
		if err != nil {
			return Puzzle{}, fmt.Errorf("solution move %d: %s", i+1, engine.MoveProblem(err))
		}
	}
	if k := p.Theme.Mate(); k > 0 {
		if r := g.Result(); !r.Over || r.Draw || len(g.Legal()) != 0 {
			return Puzzle{}, errors.New("the mate line does not end in mate")
		}
	}
	return p, nil
}

// Load returns the embedded puzzle set of variant v, in the file's order (by seed). The
// embedded files are checked by the package's tests, so the error is nil for the shipped
// sets.
func Load(v engine.Variant) ([]Puzzle, error) {
	if v == engine.Xiangqi {
		return Parse(v, xiangqiTSV)
	}
	return Parse(v, chessTSV)
}

// MateNodes is the node budget of the search that checks a mate puzzle's move other than the
// solution's and finds the refutation of a wrong move (main-search and quiescence nodes, one
// thread). It keeps the check under about a second in the browser build.
const MateNodes = 100_000

// Attempt is a player's try at one puzzle: the game from the puzzle's position with the
// moves played so far, and the line still expected (the solution's, or in a mate puzzle the
// line the player chose). It is not safe for concurrent use.
type Attempt struct {
	p      Puzzle
	g      engine.Game
	line   []string // the expected moves from the current position, the solver's first
	done   int      // solver moves played
	solved bool
	failed bool
	s      engine.Searcher
}

// Start begins an attempt at p. The error is that of the puzzle's FEN.
func (p Puzzle) Start() (*Attempt, error) {
	g, err := engine.GameFromFEN(p.Variant, p.FEN)
	if err != nil {
		return nil, err
	}
	return &Attempt{p: p, g: g, line: append([]string(nil), p.Solution...)}, nil
}

// Moves returns the number of solver moves of p's solution: 3 for a mate in 3.
func (p Puzzle) Moves() int { return (len(p.Solution) + 1) / 2 }

// ID returns the puzzle's identifier in its set, the seed column ("1:71").
func (p Puzzle) ID() string { return p.Seed }

// Puzzle returns the puzzle being attempted.
func (a *Attempt) Puzzle() Puzzle { return a.p }

// Game returns a copy of the attempt's game: the puzzle's position and the moves played.
func (a *Attempt) Game() engine.Game { return a.g.Clone() }

// Played returns the moves played so far in UCI, the solver's and the replies alternately.
func (a *Attempt) Played() []string { return a.g.Moves() }

// Done returns the number of solver moves played so far (of Puzzle.Moves).
func (a *Attempt) Done() int { return a.done }

// Solved reports whether the puzzle is complete: every solver move of the line played, or
// in a mate puzzle the defender mated.
func (a *Attempt) Solved() bool { return a.solved }

// Failed reports whether a wrong move was tried or the solution was asked for (Fail): the
// attempt counts as a failure for the ratings even if the puzzle is then completed.
func (a *Attempt) Failed() bool { return a.failed }

// Fail marks the attempt as failed (the player gave up or looked at the solution).
func (a *Attempt) Fail() { a.failed = true }

// Hint returns the solver's next expected move in UCI ("" once solved).
func (a *Attempt) Hint() string {
	if a.solved || len(a.line) == 0 {
		return ""
	}
	return a.line[0]
}

// HintPiece returns the square, in UCI ("h2"), of the piece the next expected move moves:
// the first step of a hint, as lichess shows the piece before the move ("" once solved).
func (a *Attempt) HintPiece() string {
	if h := a.Hint(); len(h) >= 4 {
		return h[:2]
	}
	return ""
}

// Line returns the moves still expected from the current position (the solver's first), in
// UCI: the solution's, or the line the player chose in a mate puzzle.
func (a *Attempt) Line() []string { return append([]string(nil), a.line...) }

// Verdict is what Attempt.Play says of a move.
type Verdict struct {
	// Correct: the move was accepted and played.
	Correct bool
	// Solved: the puzzle is complete after it.
	Solved bool
	// Alternative: the move was not the solution's but mates no slower (mate puzzles); the
	// attempt continues on the line it chose.
	Alternative bool
	// Reply is the computer's answer, already played, in UCI ("" when solved or wrong).
	Reply string
	// Expected is the expected move, in UCI, when the move was wrong.
	Expected string
	// Refutation is, when the move was wrong, the opponent's best answer to it in UCI (""
	// when the move ends the game or none was found); RefutationScore is the opponent's
	// score after that answer, in centipawns or gamesearch mate scores, from the opponent's
	// view.
	Refutation      string
	RefutationScore int
	// Reason says in words how the game was won when the puzzle ends in mate (MateReason);
	// "" otherwise.
	Reason string
}

func (a *Attempt) searcher() engine.Searcher {
	if a.s == nil {
		a.s = engine.NewSearcher(a.p.Variant, engine.SearcherOptions{HashMiB: 8, Threads: 1})
	}
	return a.s
}

// search searches g's position (with its history, for the repetition rules) with MateNodes.
func (a *Attempt) search(g engine.Game) engine.SearchResult {
	s := a.searcher()
	s.Clear()
	return s.Search(context.Background(), g, gamesearch.Limits{Nodes: MateNodes}, nil, nil)
}

// Play checks the player's move, written in any notation the game reads (UCI, ICCS, WXF,
// Chinese, SAN). A move is accepted when it is the expected move or, in a mate puzzle, any
// move that mates at once or keeps a forced mate no slower than the puzzle's: the engine's
// search of MateNodes nodes, from the game with its history (so under the game's repetition
// rules), must find the defender mated within the solver moves left; the attempt then goes
// on along the line that search found. An accepted move is played and, unless the puzzle is
// solved, so is the computer's reply (the line's, or the search's best defence), which the
// Verdict returns. A wrong legal move is not played: the Verdict names the expected move and
// the opponent's refutation, and the attempt counts as failed. An unreadable or illegal move
// is an error (engine.MoveProblem words it), as is a move after the puzzle is solved.
func (a *Attempt) Play(move string) (Verdict, error) {
	if a.solved {
		return Verdict{}, errors.New("puzzles: the puzzle is already solved")
	}
	m, err := a.g.ParseMove(move)
	if err != nil {
		return Verdict{}, err
	}
	u := a.g.UCI(m)
	solver := a.g.SideToMove()
	w := a.g.Clone()
	if err := w.Push(m); err != nil {
		return Verdict{}, err
	}
	mates := func() bool {
		r := w.Result()
		return r.Over && !r.Draw && r.Winner == solver
	}
	var v Verdict
	var searched *engine.SearchResult // the search of w, when one was made
	switch {
	case len(a.line) > 0 && u == a.line[0]:
		a.line = a.line[1:]
		v.Correct = true
	case a.p.Theme.Mate() > 0 && mates():
		a.line = nil
		v.Correct, v.Alternative = true, true
	case a.p.Theme.Mate() > 0:
		left := a.p.Theme.Mate() - a.done - 1 // solver moves allowed after this one
		r := a.search(w)
		searched = &r
		if n := gamesearch.MateIn(r.Score); r.HasMove && n < 0 && -n <= left {
			a.line = pvUCI(w, r.PV)
			v.Correct, v.Alternative = true, true
		}
	}
	if !v.Correct {
		a.failed = true
		v.Expected = a.Hint()
		if !w.Result().Over {
			if searched == nil { // one search of w serves the mate check and the refutation
				r := a.search(w)
				searched = &r
			}
			if searched.HasMove {
				v.Refutation, v.RefutationScore = w.UCI(searched.Move), searched.Score
			}
		}
		return v, nil
	}
	a.g = w
	a.done++
	if res := a.g.Result(); res.Over || a.p.Theme.Mate() == 0 && len(a.line) == 0 {
		a.solved, v.Solved = true, true
		if res.Over && a.p.Theme.Mate() > 0 {
			v.Reason = MateReason(a.g)
		}
		return v, nil
	}
	if len(a.line) == 0 { // the chosen line's PV ended early: the best defence by search
		r := a.search(a.g)
		if !r.HasMove {
			return Verdict{}, errors.New("puzzles: the defender has no move but the game is not over")
		}
		a.line = pvUCI(a.g, r.PV)
	}
	rm, err := a.g.ParseUCI(a.line[0])
	if err == nil {
		err = a.g.Push(rm)
	}
	if err != nil {
		return Verdict{}, fmt.Errorf("puzzles: the line's reply %s: %w", a.line[0], err)
	}
	v.Reply = a.line[0]
	a.line = a.line[1:]
	if len(a.line) == 0 && a.p.Theme.Mate() > 0 { // the next solver move by search
		r := a.search(a.g)
		if r.HasMove {
			a.line = pvUCI(a.g, r.PV)
		}
	}
	return v, nil
}

// pvUCI writes a line of moves from g's position in UCI, stopping at the first move that
// cannot be played.
func pvUCI(g engine.Game, pv []engine.Move) []string {
	w := g.Clone()
	var out []string
	for _, m := range pv {
		u := w.UCI(m)
		if w.Push(m) != nil {
			break
		}
		out = append(out, u)
	}
	return out
}
