package conformance_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cotuong-ai/cotuong/conformance"
)

// TestTicTacToe runs the whole suite on the tic-tac-toe plugin: a new game needs nothing else.
func TestTicTacToe(t *testing.T) {
	conformance.Run(t, tictactoe())
}

// withBugs returns the tic-tac-toe descriptor whose positions carry the given faults, without
// the slowest perft row.
func withBugs(b tttBug) conformance.Game[tttPos, *tttPos, tttMove] {
	g := tictactoe()
	g.MaxPerftNodes = 20_000
	g.Parse = func(s string) (tttPos, error) {
		p, err := parseTTT(s)
		p.Faults = b
		return p, err
	}
	return g
}

// TestCheckCatchesFaults plants one fault at a time in the plugin and asserts the suite reports
// it, in the check that should catch it, naming the position and (where there is one) the move.
func TestCheckCatchesFaults(t *testing.T) {
	cases := []struct {
		name  string
		bug   tttBug
		check string // the check that must fail
		want  string // a piece of the failure text
	}{
		{"After mutates the receiver", bugAfterMutates, "tic-tac-toe: moves: ", "After(a1 (0)) changed the receiver"},
		{"duplicate legal move", bugDuplicateMove, "tic-tac-toe: moves: ", "LegalMoves lists move"},
		{"lost position not in check", bugNoCheck, "tic-tac-toe: labels: ", `checkmated position "xxxoo.... o": InCheck() = false, want true`},
		{"lost position scored as a draw", bugNoCheck, "tic-tac-toe: search/terminal: ", "Search score 0, want -32000"},
		{"hash depends on move order", bugOrderHash, "tic-tac-toe: playouts: ", "has hash"},
		{"format loses marks", bugFormatDropsO, "tic-tac-toe: labels: ", "which Parse rejects"},
		{"hash leaves out the mark", bugMarkHash, "tic-tac-toe: playouts: ", "have the same hash"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			errs := conformance.Check(withBugs(c.bug))
			require.NotEmpty(t, errs, "the suite missed the fault")
			var hits []string
			for _, err := range errs {
				if strings.HasPrefix(err.Error(), c.check) && strings.Contains(err.Error(), c.want) {
					hits = append(hits, err.Error())
				}
			}
			assert.NotEmpty(t, hits, "no failure of check %q contains %q; failures:\n%s", c.check, c.want, joinErrs(errs))
		})
	}
}

func joinErrs(errs []error) string {
	var b strings.Builder
	for _, e := range errs {
		b.WriteString(e.Error())
		b.WriteByte('\n')
	}
	return b.String()
}

// TestCheckNames pins the check names Run uses for its subtests.
func TestCheckNames(t *testing.T) {
	assert.Equal(t, []string{"labels", "moves", "playouts", "perft", "see", "nullmove", "piecekeys", "search/terminal", "search/legal",
		"search/mate", "search/single", "search/cancel", "search/limits", "search/concurrent", "search/game"}, conformance.CheckNames())
}

// TestParseErrors: the suite reports a label it cannot parse instead of panicking.
func TestParseErrors(t *testing.T) {
	g := tictactoe()
	g.Checkmated = append(g.Checkmated, "xxx")
	errs := conformance.Check(g)
	require.NotEmpty(t, errs)
	assert.Contains(t, joinErrs(errs), `tic-tac-toe: labels: checkmated position "xxx": Parse: tic-tac-toe: "xxx": want 9 cells`)
}

// counter is a game that never ends: one move, always, and nothing repeats.
type counter struct{ n int }

func (p *counter) LegalMoves(dst []uint8) []uint8 { return append(dst, 1) }
func (p *counter) After(m uint8, c *counter)      { c.n = p.n + int(m) }
func (p *counter) InCheck() bool                  { return false }
func (p *counter) Drawn() bool                    { return false }
func (p *counter) LossOnStalemate() bool          { return false }
func (p *counter) Evaluate() int                  { return 0 }
func (p *counter) Hash() uint64                   { return uint64(p.n) * 0x9e3779b97f4a7c15 }

// TestEndlessPlayout: a game whose playouts never end by a rule fails, naming the seed and the
// last position.
func TestEndlessPlayout(t *testing.T) {
	errs := conformance.Check(conformance.Game[counter, *counter, uint8]{
		Name: "counter",
		Parse: func(s string) (counter, error) {
			n, err := strconv.Atoi(s)
			return counter{n}, err
		},
		Format:       func(p *counter) string { return strconv.Itoa(p.n) },
		FormatMove:   func(m uint8) string { return "+" + strconv.Itoa(int(m)) },
		Start:        "0",
		Playouts:     2,
		PlayoutPlies: 50,
		Seed:         7,
		NoSearch:     true,
	})
	text := joinErrs(errs)
	assert.Contains(t, text, `counter: playouts: playout 0 (seed 7, 0) did not end by a game rule within 50 plies`)
	assert.Contains(t, text, `last position "50"`)
	assert.Contains(t, text, "counter: playouts: no transposition found in 2 playouts")
	assert.NotContains(t, text, "search/", "NoSearch skips the search checks")
}
