package gamesearch

import (
	"errors"
	"fmt"
	"strings"

	"golang.org/x/exp/constraints"
)

// RecordMove is what a Record needs of a game's move type: a small integer (as for Position)
// that writes itself in UCI coordinates, e.g. "h2e2" or "e7e8q".
type RecordMove interface {
	constraints.Integer
	UCI() string
}

// RecordPosition is what a Record needs of a game's position, called through *P: its
// Zobrist key, whether the side to move is in check, its FEN, the position after a legal move
// (a new value; the receiver unchanged) and the half-move clock (plies since the last
// irreversible move: a capture, and in chess a pawn move; no position before it can repeat),
// and the move a text names in the position (UCI coordinates, or the game's notation for
// people), with an error saying why when it names none.
type RecordPosition[P any, M RecordMove] interface {
	*P
	Hash() uint64
	InCheck() bool
	FEN() string
	Play(m M) P
	HalfmoveClock() int
	ParseMove(s string) (M, error)
}

// RecordRules is what a game supplies to its Record: what differs between games. The
// methods are called by the Record only; they must not change it.
type RecordRules[P any, M RecordMove] interface {
	// StartFEN is the FEN of the game's usual start position, which String writes as
	// "startpos".
	StartFEN() string
	// Check returns nil when m is legal in *p, else an error saying why not (the game's own
	// error type, e.g. a *MoveError).
	Check(p *P, m M) error
	// Over returns nil while the game goes on, else the error Push returns for m: the game
	// has ended (by the game's rules: mate, repetition, a move limit, ...), the error says how.
	Over(m M) error
}

// Record is a game record: a start position and the moves played since, with the position
// each leads to, for any game (P the position type, M its move type). It plays and takes back
// moves, writes itself as UCI's "position" command does, and gives the search its history for
// repetitions. The game decides legality and when the game is over through its RecordRules;
// games embed a *Record in their own Game type and add their result rules on top.
//
// The zero Record is not valid: use NewRecord. A Record is not safe for concurrent use.
type Record[P any, PP RecordPosition[P, M], M RecordMove] struct {
	positions []P // positions[i] is the position after i moves; positions[0] the start
	moves     []M
	rules     RecordRules[P, M]
}

// NewRecord starts a record at start, with no move played, judged by rules.
func NewRecord[P any, PP RecordPosition[P, M], M RecordMove](start P, rules RecordRules[P, M]) *Record[P, PP, M] {
	return &Record[P, PP, M]{positions: []P{start}, rules: rules}
}

// String writes the record as the arguments of UCI's "position" command: "startpos moves
// h2e2 h9g7" or "fen <FEN> moves ...", moves in UCI coordinates, no "moves" part when no move
// has been played. The start is "startpos" when its FEN is the rules' StartFEN.
func (r *Record[P, PP, M]) String() string {
	var sb strings.Builder
	if f := PP(&r.positions[0]).FEN(); f == r.rules.StartFEN() {
		sb.WriteString("startpos")
	} else {
		sb.WriteString("fen ")
		sb.WriteString(f)
	}
	if len(r.moves) > 0 {
		sb.WriteString(" moves")
		for _, m := range r.moves {
			sb.WriteByte(' ')
			sb.WriteString(m.UCI())
		}
	}
	return sb.String()
}

// SplitRecord splits a record's text form, as String writes it ("startpos moves h2e2 h9g7",
// "fen <FEN> moves ...", the "moves" part optional, a leading "position" allowed, as in UCI's
// "position" command), into the start's FEN ("" for "startpos") and the moves' texts. Its
// errors, without a package prefix, name the part that does not fit: empty, a first word
// other than "startpos" or "fen", "fen" without a FEN, or a word other than "moves" after the
// start.
func SplitRecord(s string) (fen string, moves []string, err error) {
	tok := strings.Fields(s)
	if len(tok) > 0 && tok[0] == "position" {
		tok = tok[1:]
	}
	if len(tok) == 0 {
		return "", nil, errors.New(`empty, want "startpos" or "fen <FEN>" then "moves ..."`)
	}
	i := 1
	switch tok[0] {
	case "startpos":
	case "fen":
		for i < len(tok) && tok[i] != "moves" {
			i++
		}
		if i == 1 {
			return "", nil, errors.New(`"fen" is not followed by a FEN`)
		}
		fen = strings.Join(tok[1:i], " ")
	default:
		return "", nil, fmt.Errorf(`starts with %q, want "startpos" or "fen"`, tok[0])
	}
	if i < len(tok) {
		if tok[i] != "moves" {
			return "", nil, fmt.Errorf(`unexpected %q, want "moves"`, tok[i])
		}
		moves = tok[i+1:]
	}
	return fen, moves, nil
}

// RecordError is an error of ParseRecord: the part of the text that does not fit, and why.
type RecordError struct {
	Move int    // the number (from 1) of the move that failed; 0 when the start failed
	Text string // that move's text; "" when the start failed
	Err  error  // why: SplitRecord's or the FEN reader's error, or the move's ParseMove or Push error
}

// Error returns "move N (TEXT): why" for a move, else the start's error as it is.
func (e *RecordError) Error() string {
	if e.Move == 0 {
		return e.Err.Error()
	}
	return fmt.Sprintf("move %d (%s): %v", e.Move, e.Text, e.Err)
}

// Unwrap returns Err, so errors.As finds the game's own error (e.g. a *MoveError).
func (e *RecordError) Unwrap() error { return e.Err }

// RecordGame is what ParseRecord needs of a game's own type: the PushAll of the *Record it
// embeds.
type RecordGame interface {
	PushAll(moves []string) (int, error)
}

// ParseRecord reads a record's text form (SplitRecord) into the game newGame makes from its
// start (start for "startpos", else the FEN read by parseFEN), then plays the moves on it
// (PushAll). G is the game's own type (e.g. *xiangqi.Game, which embeds a *Record). On an
// error it returns the zero G and word's wording (the game's) of a *RecordError naming the
// start or the move that failed; with a nil word, the *RecordError itself.
func ParseRecord[G RecordGame, P any](s string, start P, parseFEN func(fen string) (P, error),
	newGame func(start P) G, word func(*RecordError) error) (G, error) {
	var zero G
	fen, moves, err := SplitRecord(s)
	if err == nil && fen != "" {
		start, err = parseFEN(fen)
	}
	if err != nil {
		return zero, wordRecordError(word, &RecordError{Err: err})
	}
	g := newGame(start)
	if n, err := g.PushAll(moves); err != nil {
		return zero, wordRecordError(word, &RecordError{Move: n + 1, Text: moves[n], Err: err})
	}
	return g, nil
}

func wordRecordError(word func(*RecordError) error, e *RecordError) error {
	if word == nil {
		return e
	}
	return word(e)
}

// PushAll reads each text of moves in the position it is to be played from (ParseMove) and
// pushes the move, in order. It stops at the first that cannot be read or pushed and returns
// its index (from 0) with that error; else len(moves) and nil.
func (r *Record[P, PP, M]) PushAll(moves []string) (int, error) {
	for i, s := range moves {
		m, err := PP(&r.positions[len(r.positions)-1]).ParseMove(s)
		if err == nil {
			err = r.Push(m)
		}
		if err != nil {
			return i, err
		}
	}
	return len(moves), nil
}

// Start returns the start position.
func (r *Record[P, PP, M]) Start() P { return r.positions[0] }

// Position returns the current position.
func (r *Record[P, PP, M]) Position() P { return r.positions[len(r.positions)-1] }

// At returns the position after i moves (0: the start), for 0 <= i <= Len(); it panics
// otherwise.
func (r *Record[P, PP, M]) At(i int) P { return r.positions[i] }

// Moves returns a copy of the moves played, oldest first.
func (r *Record[P, PP, M]) Moves() []M { return append([]M(nil), r.moves...) }

// Move returns the i-th move played, counting from 0 (it leads from At(i) to At(i+1)), for
// 0 <= i < Len(); it panics otherwise.
func (r *Record[P, PP, M]) Move(i int) M { return r.moves[i] }

// Len returns the number of moves (plies) played.
func (r *Record[P, PP, M]) Len() int { return len(r.moves) }

// Push plays m. It returns the rules' Over error when the game is over, else the rules' Check
// error when m is not legal; either way it changes nothing.
func (r *Record[P, PP, M]) Push(m M) error {
	if err := r.rules.Over(m); err != nil {
		return err
	}
	return r.Continue(m)
}

// Continue plays m like Push, but also after the game has ended by a rule that leaves legal
// moves (repetition, a move limit, material): a GUI or a UCI "position ... moves" may play
// on. It returns the rules' Check error, and changes nothing, when m is not legal.
func (r *Record[P, PP, M]) Continue(m M) error {
	cur := &r.positions[len(r.positions)-1]
	if err := r.rules.Check(cur, m); err != nil {
		return err
	}
	r.positions = append(r.positions, PP(cur).Play(m))
	r.moves = append(r.moves, m)
	return nil
}

// Pop takes back the last move and returns it; ok is false (and m the zero move) when no
// move has been played.
func (r *Record[P, PP, M]) Pop() (m M, ok bool) {
	if len(r.moves) == 0 {
		return m, false
	}
	m = r.moves[len(r.moves)-1]
	r.moves = r.moves[:len(r.moves)-1]
	r.positions = r.positions[:len(r.positions)-1]
	return m, true
}

// Apply calls f on every position of the record, the start first, to change a setting that
// leaves the moves' legality alone (e.g. a move limit).
func (r *Record[P, PP, M]) Apply(f func(p *P)) {
	for i := range r.positions {
		f(&r.positions[i])
	}
}

// Occurrences counts the positions of the record that same finds equal to the current one,
// counting the current one: it looks at every second position back (same side to move) as
// far as the current half-move clock allows, and stops once it has counted most (0: no
// bound). first is the index (for At) of the earliest occurrence counted; the current
// position's own index, Len(), when it has not occurred before.
func (r *Record[P, PP, M]) Occurrences(most int, same func(a, b *P) bool) (count, first int) {
	n := len(r.positions) - 1
	cur := &r.positions[n]
	count, first = 1, n
	// Positions before the last irreversible move cannot repeat the current one; the clock
	// bounds the scan (but a FEN clock may claim more plies than the record holds).
	lo := max(n-PP(cur).HalfmoveClock(), 0)
	for i := n - 2; i >= lo && (most == 0 || count < most); i -= 2 {
		if same(&r.positions[i], cur) {
			count++
			first = i
		}
	}
	return count, first
}

// History returns the positions before the current one, oldest first, as the search wants
// them (Searcher.Search's history): Zobrist key, whether the side to move was in check, and, when *P is
// a RepetitionJudge, what the move played from it threatened (MoveThreats; filled only since
// the last irreversible move, as no repetition reaches further back).
func (r *Record[P, PP, M]) History() []HistoryEntry {
	n := len(r.positions) - 1
	h := make([]HistoryEntry, n)
	for i := range h {
		h[i] = HistoryEntry{Hash: PP(&r.positions[i]).Hash(), InCheck: PP(&r.positions[i]).InCheck()}
	}
	if _, ok := any(PP(&r.positions[n])).(RepetitionJudge[P]); !ok {
		return h
	}
	for i := max(n-PP(&r.positions[n]).HalfmoveClock()-1, 0); i < n; i++ {
		h[i].Threats = any(PP(&r.positions[i+1])).(RepetitionJudge[P]).MoveThreats(&r.positions[i])
	}
	return h
}
