package xiangqi

import (
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestMoveLimitChecks plays the games of testdata/movelimit.tsv (columns name, fen, moves,
// clock, red_checks, black_checks, counted, result, source) and checks the no-capture
// clock, the checks each side gave since the last capture, the plies counted towards the
// move limit and the result after the last move. The rule is the AXF one as Fairy-Stockfish
// implements it (the source column): checks beyond ten by one side do not count, so 130
// plies with 15 checks by Red are 120 counted and end the game, 120 of them are 110 and do
// not; without checks 120 plies end it; and a checkmate on the ply that reaches the limit
// still wins. Every move before the last must find the game going on (Push refuses a move
// after the end).
func TestMoveLimitChecks(t *testing.T) {
	data, err := os.ReadFile("testdata/movelimit.tsv")
	require.NoError(t, err)
	rows := strings.Split(strings.TrimSpace(string(data)), "\n")
	require.Equal(t, "name\tfen\tmoves\tclock\tred_checks\tblack_checks\tcounted\tresult\tsource", rows[0])
	require.Len(t, rows, 7)
	for _, row := range rows[1:] {
		f := strings.Split(row, "\t")
		require.Len(t, f, 9, row)
		name := f[0]
		g := NewGame(mustFEN(t, f[1]))
		for i, s := range strings.Fields(f[2]) {
			_, err := g.PushString(s)
			require.NoError(t, err, "%s: ply %d %s", name, i+1, s)
		}
		num := func(s string) int {
			n, err := strconv.Atoi(s)
			require.NoError(t, err, name)
			return n
		}
		p := g.Position()
		assert.Equal(t, num(f[3]), p.HalfmoveClock(), "%s: clock", name)
		assert.Equal(t, num(f[4]), p.ChecksSinceCapture(Red), "%s: Red's checks", name)
		assert.Equal(t, num(f[5]), p.ChecksSinceCapture(Black), "%s: Black's checks", name)
		assert.Equal(t, num(f[6]), p.MoveLimitPlies(), "%s: plies counted", name)
		want := map[string]Result{
			"ongoing":               {},
			"draw by move limit":    {Status: DrawnGame, Reason: MoveLimit},
			"red wins by checkmate": {Status: RedWins, Reason: Checkmate},
		}
		w, ok := want[f[7]]
		require.True(t, ok, "%s: result %q", name, f[7])
		assert.Equal(t, w, g.Result(), "%s", name)
		assert.Equal(t, f[7] != "ongoing", p.Drawn(), "%s: Drawn (a mate on the limit is drawn by Drawn alone; Result and the search look for the mate first)", name)
	}
}

// TestMoveLimitCheckCounters: a capture resets both counts (its own check not counted), a
// count starts at 0 from a FEN whatever its halfmove clock, the larger of the two counts
// decides (as Fairy-Stockfish takes it as the claimant's), and the counts are not part of the
// hash or the FEN.
func TestMoveLimitCheckCounters(t *testing.T) {
	// Red's a0a9 checks along rank 9 (Black's general on d9).
	p := mustFEN(t, "3k5/9/9/9/9/9/9/9/9/R3K4 w - - 100 60")
	q := p.Play(mustParse(t, p, "a0a9"))
	assert.Equal(t, 1, q.ChecksSinceCapture(Red))
	assert.Equal(t, 0, q.ChecksSinceCapture(Black))
	assert.Equal(t, 101, q.MoveLimitPlies())
	r := mustFEN(t, q.FEN())
	assert.Equal(t, 0, r.ChecksSinceCapture(Red), "a FEN starts the counts at 0")
	assert.Equal(t, q.Hash(), r.Hash(), "the counts are not in the hash")
	assert.Equal(t, q.FEN(), r.FEN())

	// A capture that gives check resets the counts and is not counted itself.
	c := mustFEN(t, "3k5/9/9/9/9/9/9/9/p8/R3K4 w - - 100 60")
	c.checks = [2]uint16{12, 3}
	cc := c.Play(mustParse(t, c, "a0a1"))
	assert.Equal(t, [2]int{0, 0}, [2]int{cc.ChecksSinceCapture(Red), cc.ChecksSinceCapture(Black)})
	assert.Equal(t, 0, cc.MoveLimitPlies())
	// c0c9 takes the elephant and checks the general on d9.
	ck := mustFEN(t, "2bk5/9/9/9/9/9/9/9/9/2R1K4 w - - 100 60")
	ck.checks = [2]uint16{12, 3}
	ckc := ck.Play(mustParse(t, ck, "c0c9"))
	require.True(t, ckc.InCheck())
	assert.Equal(t, [2]int{0, 0}, [2]int{ckc.ChecksSinceCapture(Red), ckc.ChecksSinceCapture(Black)})
	assert.Equal(t, 0, ckc.HalfmoveClock())

	// The larger count decides: 14 checks by Black, 12 by Red: 8 plies not counted.
	l := mustFEN(t, "3k5/9/9/9/9/9/9/9/9/R3K4 w - - 125 80")
	l.checks = [2]uint16{12, 14}
	assert.Equal(t, 117, l.MoveLimitPlies())
	assert.False(t, l.Drawn())
	l.checks = [2]uint16{14, 12}
	assert.Equal(t, 117, l.MoveLimitPlies())
	l.checks = [2]uint16{10, 10}
	assert.Equal(t, 125, l.MoveLimitPlies())
	assert.True(t, l.Drawn())
	l.SetMoveLimit(0)
	assert.False(t, l.Drawn(), "limit off")

	// A null move gives no check and keeps the counts.
	var n Position
	q.checks = [2]uint16{4, 2}
	q2 := q.Play(mustParse(t, q, "d9d8"))
	q2.NullMove(&n)
	assert.Equal(t, [2]int{4, 2}, [2]int{n.ChecksSinceCapture(Red), n.ChecksSinceCapture(Black)})
}

// TestXQ22MoveLimitCheckCounting checks reference case XQ22 (AXF: checks beyond ten by one
// side do not count towards the move limit) on the games of testdata/movelimit.tsv, which
// start from the case's position: Red's checks fall on the plies the case names, and the
// counts and results after the plies it names are as it states.
func TestXQ22MoveLimitCheckCounting(t *testing.T) {
	c := ruleCase(t, "XQ22")
	require.Len(t, c.FENs, 1)
	q := regexp.MustCompile(`(\d+) plies without a capture, Red checking at plies (\d+), (\d+), \.\.\., (\d+) \((\d+) checks\)`).FindStringSubmatch(c.Query)
	require.NotNil(t, q, c.Query)
	e := regexp.MustCompile(`not drawn after (\d+) plies \((\d+) counted\) nor (\d+) \((\d+)\); drawn after (\d+); the same line without checks drawn at (\d+); a mate on the limit ply wins`).FindStringSubmatch(c.Expected)
	require.NotNil(t, e, c.Expected)
	n := func(s string) int {
		v, err := strconv.Atoi(s)
		require.NoError(t, err)
		return v
	}
	data, err := os.ReadFile("testdata/movelimit.tsv")
	require.NoError(t, err)
	games := map[string][]string{}
	for _, row := range strings.Split(strings.TrimSpace(string(data)), "\n")[1:] {
		f := strings.Split(row, "\t")
		require.Equal(t, c.FENs[0], f[1], "%s starts from the case's position", f[0])
		games[f[0]] = strings.Fields(f[2])
	}
	checks := games["checks15-ply130"]
	require.Len(t, checks, n(q[1]))
	first, step, last := n(q[2]), n(q[3])-n(q[2]), n(q[4])
	g := NewGame(mustFEN(t, c.FENs[0]))
	given := 0
	for i, s := range checks {
		_, err := g.PushString(s)
		require.NoError(t, err, "ply %d", i+1)
		ply := i + 1
		p := g.Position()
		want := ply >= first && ply <= last && (ply-first)%step == 0
		assert.Equal(t, want, p.InCheck(), "ply %d: check", ply)
		if p.InCheck() {
			given++
		}
		switch ply {
		case n(e[1]), n(e[3]):
			counted := map[int]int{n(e[1]): n(e[2]), n(e[3]): n(e[4])}[ply]
			assert.Equal(t, counted, p.MoveLimitPlies(), "ply %d: counted", ply)
			assert.False(t, p.Drawn(), "ply %d", ply)
			assert.Equal(t, Result{}, g.Result(), "ply %d", ply)
		case n(e[5]):
			assert.True(t, p.Drawn(), "ply %d", ply)
			assert.Equal(t, Result{Status: DrawnGame, Reason: MoveLimit}, g.Result())
		}
	}
	assert.Equal(t, n(q[5]), given)
	plain := NewGame(mustFEN(t, c.FENs[0]))
	for _, s := range games["nochecks-ply120"] {
		_, err := plain.PushString(s)
		require.NoError(t, err)
	}
	assert.Len(t, games["nochecks-ply120"], n(e[6]))
	assert.Equal(t, Result{Status: DrawnGame, Reason: MoveLimit}, plain.Result())
	mate := NewGame(mustFEN(t, c.FENs[0]))
	for _, s := range games["nochecks-ply120-mate"] {
		_, err := mate.PushString(s)
		require.NoError(t, err)
	}
	assert.Len(t, games["nochecks-ply120-mate"], n(e[6]))
	assert.Equal(t, Result{Status: RedWins, Reason: Checkmate}, mate.Result())
}
