package conformance_test

import (
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

// withBugs returns the tic-tac-toe descriptor whose positions carry the given faults.
func withBugs(b tttBug) conformance.Game[tttPos, *tttPos, tttMove] {
	g := tictactoe()
	g.Parse = func(s string) (tttPos, error) {
		p, err := parseTTT(s)
		p.bugs = b
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
	assert.Equal(t, []string{"labels", "moves", "playouts", "perft", "search/terminal", "search/legal",
		"search/mate", "search/single", "search/cancel", "search/concurrent"}, conformance.CheckNames())
}

// TestParseErrors: the suite reports a label it cannot parse instead of panicking.
func TestParseErrors(t *testing.T) {
	g := tictactoe()
	g.Checkmated = append(g.Checkmated, "xxx")
	errs := conformance.Check(g)
	require.NotEmpty(t, errs)
	assert.Contains(t, joinErrs(errs), `tic-tac-toe: labels: checkmated position "xxx": Parse: tic-tac-toe: "xxx": want 9 cells`)
}
