package conformance

import (
	"fmt"
	"os"
	"reflect"
	"strconv"
	"testing"

	"golang.org/x/exp/constraints"

	"github.com/cotuong-ai/cotuong/gamesearch"
)

// Defaults used when the matching Game field is zero.
const (
	// DefaultPlayouts is the number of random playouts from the start position.
	DefaultPlayouts = 8
	// DefaultPlayoutPlies is the ply cap of one random playout; a playout that has not ended
	// by a game rule after this many plies is a failure.
	DefaultPlayoutPlies = 1000
	// DefaultMaxPerftNodes is the largest perft row (in leaf nodes) the suite runs.
	DefaultMaxPerftNodes = 1_000_000
	// DefaultSearchNodes is the node limit of the searches that must return a legal move.
	DefaultSearchNodes = 10_000
	// DefaultSearchDepth is the depth in plies of the terminal-root and single-move searches
	// and the depth cap of the searches run by several goroutines at once (which also stop at
	// the SearchNodes limit).
	DefaultSearchDepth = 4
	// DefaultGoroutines is the number of goroutines that search copies of one position at once.
	DefaultGoroutines = 4
)

// PerftCase is one reference perft row: Nodes leaves at exactly Depth plies from the
// position Text. Take the numbers from outside the plugin (published tables, other engines).
type PerftCase struct {
	Name  string // a label for failures, e.g. "kiwipete"
	Text  string // the position, in the game's text format (FEN)
	Depth int    // plies
	Nodes uint64 // leaf nodes at Depth, legal moves only
}

// MateCase is a position where the side to move mates in Moves moves (2*Moves-1 plies) and not
// sooner, against any defence.
type MateCase struct {
	Text  string // the position
	Moves int    // moves to mate, as UCI prints "score mate N"; 1 means the next move mates
	First string // the expected first move as FormatMove writes it; "" accepts any move
	// Source says where the label comes from (a problem collection, an engine's output); it
	// is only repeated in failures.
	Source string
	// Check says the mate is a checkmate: the last move of the mate gives check (rather than
	// leaving the defender without a move, which loses in some games).
	Check bool
}

// SingleMoveCase is a position with exactly one legal move.
type SingleMoveCase struct {
	Text string // the position
	Move string // the only legal move, as FormatMove writes it
}

// Game describes a game plugin to the suite. P is the plugin's position type, M its move type;
// the labelled positions must come from outside the plugin's code (rule books, published
// problems, other engines), so the suite checks the plugin against them rather than against
// itself. Every list may be empty, but a list that is empty checks nothing.
type Game[P any, PP gamesearch.PositionPtr[P, M], M constraints.Integer] struct {
	// Name names the game in failures, e.g. "xiangqi".
	Name string
	// Parse reads a position from its text (FEN); it returns an error for bad input.
	Parse func(text string) (P, error)
	// Format writes a position as text that Parse reads back.
	Format func(p *P) string
	// FormatMove writes a move (UCI coordinates for chess and xiangqi).
	FormatMove func(m M) string
	// Equal reports whether two positions are the same. Nil means == when P is comparable and
	// reflect.DeepEqual otherwise, which is right for a plain value type; set Equal if a
	// position carries state that its text does not hold (a cache, a scratch buffer).
	Equal func(a, b *P) bool

	// Start is the start position's text; the random playouts begin there.
	Start string
	// StalemateLoses is the game's rule: true when having no legal move while not in check
	// loses (xiangqi, WXF rules), false when it draws (chess, FIDE Laws 5.2.1).
	StalemateLoses bool

	// Perft holds reference perft rows; rows with more than MaxPerftNodes nodes are skipped.
	Perft []PerftCase
	// MaxPerftNodes caps the rows run, in leaf nodes; 0 means DefaultMaxPerftNodes.
	MaxPerftNodes uint64

	// Checkmated holds positions whose side to move is checkmated.
	Checkmated []string
	// Stalemated holds positions whose side to move has no legal move and is not in check.
	Stalemated []string
	// InCheck holds positions whose side to move is in check and has a legal move.
	InCheck []string
	// MateIn holds forced mates, with their length.
	MateIn []MateCase
	// SingleMove holds positions with exactly one legal move.
	SingleMove []SingleMoveCase
	// DrawnByRule holds positions that Drawn must report (move limit, insufficient material).
	DrawnByRule []string
	// NotDrawn holds positions with legal moves that Drawn must not report (a move-limit
	// counter one short of the limit, material that can still mate). The start position, the
	// mates, the single-move and in-check positions are checked the same way.
	NotDrawn []string
	// Positions holds further positions (no label) the suite round-trips and searches.
	Positions []string

	// SEE holds static exchanges worked out by hand; the "see" check needs *P to implement
	// gamesearch.ExchangeEvaluator when the list is not empty.
	SEE []SEECase
	// NullMoves holds positions with the position after a pass; the "nullmove" check needs *P
	// to implement gamesearch.NullMover when it or NonPawnMaterial is not empty.
	NullMoves []NullMoveCase
	// NonPawnMaterial holds positions labelled with HasNonPawnMaterial's answer.
	NonPawnMaterial []MaterialCase
	// Searcher, when set, makes the game's own configured searcher (e.g. xiangqi.NewSearcher);
	// the "search/game" check searches every MateIn case with it.
	Searcher func(opts gamesearch.Options[M]) *gamesearch.Searcher[P, PP, M]
	// MovedTo names the piece move m moves in *p and its destination (e.g. "N@f3"); when set,
	// the "piecekeys" check needs *P to implement gamesearch.PieceToKeyer and checks its keys.
	MovedTo func(p *P, m M) string

	// Playouts is the number of random playouts from Start; 0 means DefaultPlayouts.
	Playouts int
	// PlayoutPlies caps each playout, in plies; 0 means DefaultPlayoutPlies.
	PlayoutPlies int
	// Seed seeds the playouts (playout i uses the seed pair (Seed, i)), so a failure repeats.
	Seed uint64
	// SearchNodes is the node limit of the legal-move and concurrent searches; 0 means
	// DefaultSearchNodes.
	SearchNodes int64
	// SearchDepth is the depth of the fixed-depth searches in plies; 0 means
	// DefaultSearchDepth.
	SearchDepth int
	// Goroutines is the number of goroutines searching at once; 0 means DefaultGoroutines.
	Goroutines int
	// NoSearch skips the search checks (for a plugin whose search is tested elsewhere).
	NoSearch bool
}

// Run runs every check of the suite on g, each group as a subtest of t named after it
// ("labels", "moves", "playouts", "perft", "search/terminal", ...). Each failure is reported
// with t.Error and names the game, the check, the position text and the move.
//
// For a longer soak, set the environment variable CONFORMANCE_PLAYOUTS to a number of
// playouts (it overrides g.Playouts) and CONFORMANCE_SEED to another seed.
func Run[P any, PP gamesearch.PositionPtr[P, M], M constraints.Integer](t *testing.T, g Game[P, PP, M]) {
	t.Helper()
	if v := os.Getenv("CONFORMANCE_PLAYOUTS"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			t.Fatalf("CONFORMANCE_PLAYOUTS=%q: want a number of playouts", v)
		}
		g.Playouts = n
	}
	if v := os.Getenv("CONFORMANCE_SEED"); v != "" {
		n, err := strconv.ParseUint(v, 10, 64)
		if err != nil {
			t.Fatalf("CONFORMANCE_SEED=%q: want an unsigned number", v)
		}
		g.Seed = n
	}
	for _, c := range checks[P, PP, M]() {
		t.Run(c.name, func(t *testing.T) {
			s := newSuite(g, c.name)
			s.run(c.fn)
			for _, n := range s.notes {
				t.Log(n)
			}
			for _, err := range s.errs {
				t.Error(err)
			}
		})
	}
}

// Check runs every check of the suite on g and returns the failures, in a fixed order (nil
// when g passes). It is Run without a *testing.T, for programs and examples.
func Check[P any, PP gamesearch.PositionPtr[P, M], M constraints.Integer](g Game[P, PP, M]) []error {
	var errs []error
	for _, c := range checks[P, PP, M]() {
		s := newSuite(g, c.name)
		s.run(c.fn)
		errs = append(errs, s.errs...)
	}
	return errs
}

// CheckNames returns the names of the suite's checks, in the order Run and Check run them.
func CheckNames() []string {
	// The names do not depend on the type parameters; any instantiation lists them.
	cs := checks[nopPos, *nopPos, uint8]()
	names := make([]string, len(cs))
	for i, c := range cs {
		names[i] = c.name
	}
	return names
}

// nopPos lets CheckNames instantiate the check list without a game.
type nopPos struct{}

func (*nopPos) LegalMoves(dst []uint8) []uint8 { return dst }
func (*nopPos) After(uint8, *nopPos)           {}
func (*nopPos) InCheck() bool                  { return false }
func (*nopPos) Drawn() bool                    { return false }
func (*nopPos) LossOnStalemate() bool          { return false }
func (*nopPos) Evaluate() int                  { return 0 }
func (*nopPos) Hash() uint64                   { return 0 }

// maxErrors caps the failures one check reports; a broken plugin fails the same way many times.
const maxErrors = 20

// suite holds one check's state: the game, the failures so far and, for panics, what was
// being checked.
type suite[P any, PP gamesearch.PositionPtr[P, M], M constraints.Integer] struct {
	g       Game[P, PP, M]
	check   string
	errs    []error
	notes   []string // what was checked, for the test log
	dropped int
	// where describes the position being checked and whereMove the move, if hasMove, for a
	// panic's message.
	where     string
	whereMove M
	hasMove   bool
	// comparable is true when P's values compare with ==.
	comparable bool
	// keys maps each hash met to the identity (see identity) of the first position that had
	// it; collisions counts the distinct positions found sharing a key.
	keys       map[uint64]string
	collisions int
}

func newSuite[P any, PP gamesearch.PositionPtr[P, M], M constraints.Integer](g Game[P, PP, M], check string) *suite[P, PP, M] {
	if g.Playouts == 0 {
		g.Playouts = DefaultPlayouts
	}
	if g.PlayoutPlies == 0 {
		g.PlayoutPlies = DefaultPlayoutPlies
	}
	if g.MaxPerftNodes == 0 {
		g.MaxPerftNodes = DefaultMaxPerftNodes
	}
	if g.SearchNodes == 0 {
		g.SearchNodes = DefaultSearchNodes
	}
	if g.SearchDepth == 0 {
		g.SearchDepth = DefaultSearchDepth
	}
	if g.Goroutines == 0 {
		g.Goroutines = DefaultGoroutines
	}
	if g.Name == "" {
		g.Name = "game"
	}
	return &suite[P, PP, M]{g: g, check: check, comparable: reflect.TypeFor[P]().Comparable()}
}

// setMove records the move being checked, for a panic's message.
func (s *suite[P, PP, M]) setMove(m M) { s.whereMove, s.hasMove = m, true }

// clearMove forgets the move being checked.
func (s *suite[P, PP, M]) clearMove() { s.hasMove = false }

// run calls fn, turning a panic of the plugin (or the search) into a failure that says where
// it happened.
func (s *suite[P, PP, M]) run(fn func(*suite[P, PP, M])) {
	if s.g.Parse == nil || s.g.Format == nil || s.g.FormatMove == nil {
		s.errs = append(s.errs, fmt.Errorf("%s: %s: Game needs Parse, Format and FormatMove", s.g.Name, s.check))
		return
	}
	defer func() {
		if r := recover(); r != nil {
			if s.hasMove {
				s.failf("panic while checking %s, move %s: %v", s.where, s.moveString(s.whereMove), r)
			} else {
				s.failf("panic while checking %s: %v", s.where, r)
			}
		}
		if s.dropped > 0 {
			s.errs = append(s.errs, fmt.Errorf("%s: %s: %d more failures not shown", s.g.Name, s.check, s.dropped))
		}
	}()
	fn(s)
}

// failf records a failure, prefixed with the game and check names.
func (s *suite[P, PP, M]) failf(format string, args ...any) {
	if len(s.errs) >= maxErrors {
		s.dropped++
		return
	}
	s.errs = append(s.errs, fmt.Errorf("%s: %s: %s", s.g.Name, s.check, fmt.Sprintf(format, args...)))
}

// logf records a note for the test log (how many positions, plies, transpositions).
func (s *suite[P, PP, M]) logf(format string, args ...any) {
	s.notes = append(s.notes, fmt.Sprintf(format, args...))
}

// parse reads text, recording a failure (and returning false) when it cannot.
func (s *suite[P, PP, M]) parse(what, text string) (P, bool) {
	s.where = fmt.Sprintf("%s %q (Parse)", what, text)
	p, err := s.g.Parse(text)
	if err != nil {
		s.failf("%s %q: Parse: %v", what, text, err)
		return p, false
	}
	return p, true
}

func (s *suite[P, PP, M]) equal(a, b *P) bool {
	if s.g.Equal != nil {
		return s.g.Equal(a, b)
	}
	if s.comparable {
		// For a comparable type, == agrees with reflect.DeepEqual except that it compares
		// pointers by address (a shared table stays shared) and is much faster.
		return any(*a) == any(*b)
	}
	return reflect.DeepEqual(*a, *b)
}

// moveString writes m with the game's FormatMove and its integer value.
func (s *suite[P, PP, M]) moveString(m M) string {
	return fmt.Sprintf("%s (%d)", s.g.FormatMove(m), m)
}

func (s *suite[P, PP, M]) movesString(ms []M) string {
	out := "["
	for i, m := range ms {
		if i > 0 {
			out += " "
		}
		out += s.g.FormatMove(m)
	}
	return out + "]"
}

// labelled is one position the suite was given, with the list it came from.
type labelled struct {
	kind, text string
}

// positions lists every position the game gave, start position first.
func (s *suite[P, PP, M]) positions() []labelled {
	g := s.g
	out := []labelled{{"start position", g.Start}}
	add := func(kind string, texts ...string) {
		for _, t := range texts {
			out = append(out, labelled{kind, t})
		}
	}
	add("checkmated position", g.Checkmated...)
	add("stalemated position", g.Stalemated...)
	add("in-check position", g.InCheck...)
	for _, c := range g.MateIn {
		add(fmt.Sprintf("mate-in-%d position", c.Moves), c.Text)
	}
	for _, c := range g.SingleMove {
		add("single-move position", c.Text)
	}
	add("drawn position", g.DrawnByRule...)
	add("not-drawn position", g.NotDrawn...)
	add("position", g.Positions...)
	seen := map[string]bool{}
	for _, c := range g.Perft {
		if !seen[c.Text] {
			seen[c.Text] = true
			add("perft position "+c.Name, c.Text)
		}
	}
	return out
}
