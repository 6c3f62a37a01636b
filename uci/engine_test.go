package uci

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/cotuong-ai/cotuong/engine"
	"github.com/cotuong-ai/cotuong/games/chess"
	"github.com/cotuong-ai/cotuong/games/xiangqi"
	"github.com/cotuong-ai/cotuong/internal/testkit/race"
	"github.com/cotuong-ai/cotuong/internal/testkit/reference"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const sec = time.Second

// stall bounds the wall time a step may take beyond what the engine itself asked for: a
// loaded 2-core test machine (load average 20 was seen) can hold a goroutine back that long.
// Exact times are checked through the budget the engine reports under "debug on".
const stall = 3 * sec

// budgetLine is the "info string" the engine prints under "debug on" for a timed go.
func budgetLine(d time.Duration) string { return fmt.Sprintf("time budget %d ms", d.Milliseconds()) }

// legalChess reports whether uci is legal after moves from fen ("" = start). The oracle is the
// game package itself, not the engine package the UCI engine uses.
func legalChess(t *testing.T, fen string, moves []string, uci string) bool {
	t.Helper()
	return legalAfter[chess.Position, chess.Move](t, chess.Start(), chess.ParseFEN, fen, moves, uci)
}

// legalXiangqi is legalChess for xiangqi.
func legalXiangqi(t *testing.T, fen string, moves []string, uci string) bool {
	t.Helper()
	return legalAfter[xiangqi.Position, xiangqi.Move](t, xiangqi.Start(), xiangqi.ParseFEN, fen, moves, uci)
}

// uciMove is a game's move type: comparable and written in UCI.
type uciMove interface {
	comparable
	UCI() string
}

// legalAfter plays moves from fen (start when fen is "") and reports whether uci is among the
// legal moves there.
func legalAfter[P any, M uciMove, PP interface {
	*P
	ParseMove(string) (M, error)
	Play(M) P
	LegalMoves([]M) []M
}](t *testing.T, start P, parseFEN func(string) (P, error), fen string, moves []string, uci string) bool {
	t.Helper()
	p := start
	if fen != "" {
		var err error
		p, err = parseFEN(fen)
		require.NoError(t, err)
	}
	for _, s := range moves {
		m, err := PP(&p).ParseMove(s)
		require.NoError(t, err)
		p = PP(&p).Play(m)
	}
	for _, m := range PP(&p).LegalMoves(nil) {
		if m.UCI() == uci {
			return true
		}
	}
	return false
}

var infoRe = regexp.MustCompile(`^info depth (\d+) seldepth (\d+) multipv (\d+) score (cp|mate) (-?\d+) nodes (\d+) nps (\d+) time (\d+) pv( [a-z0-9]+)+$`)

func TestHandshake(t *testing.T) {
	h := start(t)
	h.send("uci")
	ls := h.until("uciok", 5*sec)
	assert.Equal(t, "id name "+Name, ls[0])
	assert.Equal(t, "id author "+Author, ls[1])
	for _, want := range []string{
		"option name UCI_Variant type combo default chess var chess var xiangqi",
		"option name Hash type spin default 16 min 1 max 1024",
		"option name Clear Hash type button",
		"option name Threads type spin default 1 min 1 max 64",
		"option name MultiPV type spin default 1 min 1 max 64",
		"option name Move Overhead type spin default 30 min 0 max 5000",
		"option name Ponder type check default false",
		"option name Skill Level type spin default 20 min 0 max 20",
		"option name UCI_LimitStrength type check default false",
		"option name UCI_Elo type spin default 2450 min 1000 max 2450",
	} {
		assert.Contains(t, ls, want)
	}
	h.send("isready")
	assert.Equal(t, []string{"readyok"}, h.until("readyok", 5*sec))
}

// A full exchange for chess, as a GUI sends it.
func TestExchangeChess(t *testing.T) {
	h := start(t)
	h.send("uci")
	h.until("uciok", 5*sec)
	h.send("setoption name Hash value 8", "isready")
	h.until("readyok", 5*sec)
	h.send("ucinewgame", "position startpos moves e2e4 e7e5", "go depth 4")
	mv, ls := h.bestmove(20 * sec)
	assert.True(t, legalChess(t, "", []string{"e2e4", "e7e5"}, mv), "bestmove %s", mv)
	var depths []int
	for _, l := range ls[:len(ls)-1] {
		m := infoRe.FindStringSubmatch(l)
		require.NotNil(t, m, "info line %q", l)
		d, _ := strconv.Atoi(m[1])
		depths = append(depths, d)
	}
	assert.Equal(t, []int{1, 2, 3, 4}, depths)
	// The PV of the last line starts with the bestmove.
	assert.Contains(t, ls[len(ls)-2], " pv "+mv)
	h.send("position startpos moves e2e4 e7e5 g1f3", "go wtime 5000 btime 5000 winc 100 binc 100")
	mv, _ = h.bestmove(10 * sec)
	assert.True(t, legalChess(t, "", []string{"e2e4", "e7e5", "g1f3"}, mv), "bestmove %s", mv)
	h.send("quit")
}

// A full exchange for xiangqi in UCI: ranks 0-9 from Red's side.
func TestExchangeXiangqi(t *testing.T) {
	h := start(t)
	h.send("uci")
	h.until("uciok", 5*sec)
	h.send("setoption name UCI_Variant value xiangqi", "isready")
	h.until("readyok", 5*sec)
	h.send("ucinewgame", "position startpos moves h2e2 h9g7", "go depth 4")
	mv, ls := h.bestmove(20 * sec)
	assert.True(t, legalXiangqi(t, "", []string{"h2e2", "h9g7"}, mv), "bestmove %s", mv)
	for _, l := range ls[:len(ls)-1] {
		assert.Regexp(t, infoRe, l)
	}
	h.send("position fen "+xiangqi.StartFEN+" moves h2e2", "go movetime 200")
	mv, _ = h.bestmove(10 * sec)
	assert.True(t, legalXiangqi(t, "", []string{"h2e2"}, mv), "bestmove %s", mv)
	// Moves written with 10th rank numbers (Fairy-Stockfish's form) are not ours: rank 10
	// does not exist, so the position is refused and the last one kept.
	h.send("position startpos moves h3e3", "isready")
	ls = h.until("readyok", 5*sec)
	require.Len(t, infoStrings(ls), 1)
	assert.Contains(t, infoStrings(ls)[0], "illegal move 1, h3e3: no piece on h3")
}

// perftOutput checks the "move: count" lines, the blank line and the total.
func perftOutput(t *testing.T, ls []string, want uint64, moves int) {
	t.Helper()
	require.GreaterOrEqual(t, len(ls), 2)
	assert.Equal(t, "", ls[len(ls)-2], "a blank line before the total")
	assert.Equal(t, fmt.Sprintf("Nodes searched: %d", want), ls[len(ls)-1])
	var sum uint64
	re := regexp.MustCompile(`^([a-z][0-9]+[a-z][0-9]+[qrbn]?): (\d+)$`)
	for _, l := range ls[:len(ls)-2] {
		m := re.FindStringSubmatch(l)
		require.NotNil(t, m, "perft line %q", l)
		n, _ := strconv.ParseUint(m[2], 10, 64)
		sum += n
	}
	assert.Equal(t, want, sum, "the lines add up to the total")
	assert.Equal(t, moves, len(ls)-2, "one line per root move")
}

// go perft against the reference counts (internal/testkit/reference perft.tsv).
func TestGoPerft(t *testing.T) {
	h := start(t)
	for _, game := range []string{"chess", "xiangqi"} {
		rows, err := reference.Perft(game, 60000)
		require.NoError(t, err)
		require.NotEmpty(t, rows)
		h.send("setoption name UCI_Variant value " + game)
		seen := map[string]uint64{}
		for _, r := range rows {
			if r.Depth == 1 {
				seen[r.FEN] = r.Nodes
			}
		}
		for _, r := range rows {
			h.send("position fen "+r.FEN, fmt.Sprintf("go perft %d", r.Depth))
			ls := h.until("Nodes searched:", 30*sec)
			if root, ok := seen[r.FEN]; ok {
				perftOutput(t, ls, r.Nodes, int(root))
			} else {
				assert.Equal(t, fmt.Sprintf("Nodes searched: %d", r.Nodes), ls[len(ls)-1], "%s %s d%d", game, r.Name, r.Depth)
			}
		}
	}
}

func TestStopDuringInfinite(t *testing.T) {
	h := start(t)
	h.send("position startpos", "go infinite")
	deadline := time.Now().Add(300 * time.Millisecond)
	for time.Now().Before(deadline) { // info lines may come; bestmove must not
		if l, ok := h.next(time.Until(deadline)); ok {
			require.False(t, strings.HasPrefix(l, "bestmove"), "bestmove before stop: %q", l)
		}
	}
	h.send("isready")
	h.until("readyok", sec) // answered while searching
	t0 := time.Now()
	h.send("stop")
	mv, _ := h.bestmove(stall + sec)
	assert.Less(t, time.Since(t0), stall, "stop answered at once")
	assert.True(t, legalChess(t, "", nil, mv), "bestmove %s", mv)
	// Exactly one bestmove: a second stop prints nothing.
	h.send("stop")
	h.quiet(200 * time.Millisecond)
}

// An infinite search that runs out of plies (or a terminal root) still waits for stop.
func TestInfiniteWaitsForStop(t *testing.T) {
	h := start(t)
	h.send("position fen 7k/7p/7P/8/1K6/8/B7/8 b - - 0 53", "go infinite")
	ls := h.until("info depth 0", sec)
	assert.Equal(t, "info depth 0 score cp 0", ls[len(ls)-1])
	h.quiet(200 * time.Millisecond)
	h.send("stop")
	mv, _ := h.bestmove(sec)
	assert.Equal(t, "(none)", mv)
}

// Bad input a GUI or a person may send: each answered with info string naming the problem,
// the engine alive. After a refused position command a go answers with an info string naming
// it and "bestmove 0000", never with a move of the position before it (which the GUI no
// longer shows); the next good position is searched as usual.
func TestBadInput(t *testing.T) {
	h := start(t)
	h.send("go depth 1") // before any position
	mv, ls := h.bestmove(10 * sec)
	require.NotEmpty(t, infoStrings(ls))
	assert.Contains(t, infoStrings(ls)[0], "no position set")
	assert.True(t, legalChess(t, "", nil, mv))

	good := []string{"e2e4", "c7c5"}
	h.send("position startpos moves " + strings.Join(good, " "))
	cases := []struct{ line, want string }{
		{"hello", `unknown command "hello"`},
		{"position fen rnbkkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "bad chess FEN"},
		{"position fen 8/8/8 w - - 0 1", "bad chess FEN"},
		{"position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e", "bad chess FEN"},
		{"position fen", `"fen" is not followed by a FEN`},
		{"position startpos moves e2e4 e7e5 e1e3", `position: illegal move 3, "e1e3": `},
		{"position startpos moves e2e4 zz", `position: illegal move 2, "zz": neither a coordinate move (UCI e2e4, e7e8q) nor SAN`},
		{"position sideways", `expected "startpos" or "fen <FEN>"`},
		{"setoption name Hash value 0", "Hash: 0 is out of range 1..1024"},
		{"setoption name Hash value lots", `Hash: "lots" is not a whole number`},
		{"setoption name Colour value blue", `unknown option "Colour"`},
		{"setoption name UCI_Variant value shogi", "UCI_Variant: \"shogi\" is not one of chess, xiangqi"},
		{"setoption name Ponder value maybe", `Ponder: "maybe" is not true or false`},
		{"setoption", "setoption: missing option name"},
		{"debug sideways", "debug"},
		{"\x00\xff garbage", "unknown command"},
	}
	for _, c := range cases {
		h.send(c.line, "isready")
		ls := h.until("readyok", 5*sec)
		msgs := infoStrings(ls)
		require.Len(t, msgs, 1, "line %q: %v", c.line, ls)
		assert.Contains(t, msgs[0], c.want, "line %q", c.line)
	}
	h.send("go perft 2", "isready") // a perft answers no bestmove, and counts no other position
	ls = h.until("readyok", 10*sec)
	assert.Equal(t, []string{"info string go perft: the last position command was refused (position sideways); send a position to count",
		"readyok"}, ls)
	h.send("go depth 2")
	ls = h.until("bestmove", 10*sec)
	assert.Equal(t, []string{"info string go: the last position command was refused (position sideways); send a position to search",
		"bestmove 0000"}, ls)
	h.send("position startpos moves "+strings.Join(good, " "), "go depth 2")
	mv, ls = h.bestmove(10 * sec)
	assert.Empty(t, infoStrings(ls))
	assert.True(t, legalChess(t, "", good, mv), "bestmove %s is not a move after 1.e4 c5", mv)

	// A go line with bad tokens still searches, and says what it ignored.
	h.send("go depth x nodes 500")
	mv, ls = h.bestmove(10 * sec)
	assert.Contains(t, strings.Join(infoStrings(ls), "|"), `depth: "x" is not a number`)
	assert.True(t, legalChess(t, "", good, mv))
}

// XQ12 (stalemate loses) and XQ13 (checkmate) roots in xiangqi, CH08/CH09 and EN01 in
// chess: "info depth 0 score mate 0" (or "score cp 0" for a chess stalemate) and
// "bestmove (none)", never a stale or made-up move.
func TestTerminalRoots(t *testing.T) {
	h := start(t)
	h.send("setoption name UCI_Variant value xiangqi")
	for _, id := range []string{"XQ12", "XQ13"} {
		rc, err := reference.RuleCaseByID(id)
		require.NoError(t, err)
		for _, fen := range rc.FENs {
			h.send("position fen "+fen, "go depth 5")
			mv, ls := h.bestmove(10 * sec)
			assert.Equal(t, "(none)", mv, "%s %s", id, fen)
			assert.Equal(t, []string{"info depth 0 score mate 0", "bestmove (none)"}, ls, "%s %s", id, fen)
		}
	}
	h.send("setoption name UCI_Variant value chess")
	for id, want := range map[string]string{"CH08": "info depth 0 score mate 0", "CH09": "info depth 0 score cp 0"} {
		rc, err := reference.RuleCaseByID(id)
		require.NoError(t, err)
		h.send("position fen "+rc.FENs[0], "go depth 10")
		_, ls := h.bestmove(10 * sec)
		assert.Equal(t, []string{want, "bestmove (none)"}, ls, id)
	}

	// EN01: a terminal root after an earlier search.
	rc, err := reference.RuleCaseByID("EN01")
	require.NoError(t, err)
	steps := strings.Split(rc.Query, "; ")
	require.Len(t, steps, 4)
	h.send(steps[0], steps[1])
	first, _ := h.bestmove(10 * sec)
	assert.True(t, legalChess(t, "", nil, first))
	h.send(steps[2], steps[3])
	_, ls := h.bestmove(10 * sec)
	assert.Equal(t, []string{"info depth 0 score mate 0", "bestmove (none)"}, ls)
}

// EN03: tiny limits still give a legal move, quickly.
func TestTinyLimits(t *testing.T) {
	rc, err := reference.RuleCaseByID("EN03")
	require.NoError(t, err)
	h := start(t)
	for _, game := range []string{"chess", "xiangqi"} {
		h.send("setoption name UCI_Variant value "+game, "position startpos")
		for _, gocmd := range strings.Split(rc.Query, " | ") {
			t0 := time.Now()
			h.send(gocmd)
			mv, _ := h.bestmove(10 * sec)
			el := time.Since(t0)
			if game == "chess" {
				assert.True(t, legalChess(t, "", nil, mv), "%s: %s", gocmd, mv)
			} else {
				assert.True(t, legalXiangqi(t, "", nil, mv), "%s: %s", gocmd, mv)
			}
			// Stockfish answers in ~2 ms; the bound leaves room for a loaded test machine.
			assert.Less(t, el, stall, "%s %s took %v", game, gocmd, el)
		}
	}
}

// EN04: the shortest mate is preferred and reported as mate 1; "go mate 1" stops early.
func TestMateDistance(t *testing.T) {
	rc, err := reference.RuleCaseByID("EN04")
	require.NoError(t, err)
	h := start(t)
	h.send("position fen "+rc.FENs[0], "go depth 5")
	mv, ls := h.bestmove(20 * sec)
	assert.Equal(t, "f5f1", mv)
	assert.Contains(t, ls[len(ls)-2], "score mate 1 ")
	h.send("go mate 1")
	mv, ls = h.bestmove(10 * sec)
	assert.Equal(t, "f5f1", mv)
	assert.LessOrEqual(t, len(ls), 4, "stops once the mate is found: %v", ls)
}

// EN07: a position received while searching applies only to the next go.
func TestPositionWhileSearching(t *testing.T) {
	h := start(t)
	h.send("position startpos", "go infinite")
	time.Sleep(100 * time.Millisecond)
	h.send("position startpos moves e2e4", "stop")
	mv, _ := h.bestmove(2 * sec)
	assert.True(t, legalChess(t, "", nil, mv), "first bestmove %s is a White move from the start", mv)
	h.send("go depth 5")
	mv, _ = h.bestmove(20 * sec)
	assert.True(t, legalChess(t, "", []string{"e2e4"}, mv), "second bestmove %s is a Black reply to 1.e4", mv)
}

// EN08: answer within the clock, keeping a margin. The budgets the engine reports are the
// time manager's (Stockfish 15.1 used 771 ms of 2000 with movestogo 1); the wall time is only
// bounded by the budget plus a stall.
func TestTimeManagement(t *testing.T) {
	rc, err := reference.RuleCaseByID("EN08")
	require.NoError(t, err)
	h := start(t)
	h.send("debug on", "position fen "+rc.FENs[0])
	for _, c := range []struct {
		cmd   string
		clock engine.Clock
	}{{"go wtime 2000 btime 2000 movestogo 1", engine.Clock{Time: 2 * sec, MovesToGo: 1}},
		{"go wtime 1000 btime 1000", engine.Clock{Time: sec}}} {
		want := engine.Budget(c.clock, engine.DefaultOverhead)
		require.Less(t, want, c.clock.Time*3/4, "the budget keeps a quarter of the clock")
		t0 := time.Now()
		h.send(c.cmd)
		mv, ls := h.bestmove(10 * sec)
		el := time.Since(t0)
		assert.Equal(t, []string{budgetLine(want)}, infoStrings(ls), c.cmd)
		assert.True(t, legalChess(t, rc.FENs[0], nil, mv))
		assert.Less(t, el, want+stall, "%s answered after %v", c.cmd, el)
	}
	// Only Black's clock is sent while White is to move: the engine says so and uses that
	// clock.
	h.send("go btime 1000")
	mv, ls := h.bestmove(10 * sec)
	assert.Equal(t, []string{"go: no time for the side to move; using the other side's clock",
		budgetLine(engine.Budget(engine.Clock{Time: sec}, engine.DefaultOverhead))}, infoStrings(ls))
	assert.True(t, legalChess(t, rc.FENs[0], nil, mv))

	// go movetime is spent whole, as Stockfish does: never less (a lower bound on wall time
	// holds on any machine), and not much more.
	t0 := time.Now()
	h.send("go movetime 400")
	_, ls = h.bestmove(10 * sec)
	el := time.Since(t0)
	want := engine.MoveTime(400 * time.Millisecond)
	assert.Equal(t, []string{budgetLine(want)}, infoStrings(ls))
	assert.GreaterOrEqual(t, el, want)
	assert.Less(t, el, want+stall)
}

func TestMultiPV(t *testing.T) {
	h := start(t)
	h.send("setoption name MultiPV value 3", "position startpos", "go depth 3")
	_, ls := h.bestmove(10 * sec)
	seen := map[string]bool{}
	for _, l := range ls {
		if m := infoRe.FindStringSubmatch(l); m != nil && m[1] == "3" {
			seen[m[3]] = true
		}
	}
	assert.Equal(t, map[string]bool{"1": true, "2": true, "3": true}, seen)
}

func TestSearchMovesAndBanMoves(t *testing.T) {
	h := start(t)
	h.send("position startpos", "go depth 3 searchmoves a2a3 h2h3")
	mv, _ := h.bestmove(10 * sec)
	assert.Contains(t, []string{"a2a3", "h2h3"}, mv)

	h.send("ucci")
	h.until("ucciok", sec)
	h.send("setoption usemillisec true", "position startpos")
	// Ban every legal move but two.
	p := xiangqi.Start()
	var ban []string
	for _, m := range p.LegalMoves(nil) {
		if u := m.UCI(); u != "a3a4" && u != "i3i4" {
			ban = append(ban, u)
		}
	}
	h.send("banmoves "+strings.Join(ban, " "), "go depth 3")
	mv, _ = h.bestmove(10 * sec)
	assert.Contains(t, []string{"a3a4", "i3i4"}, mv)
	// A new position clears the ban.
	h.send("position startpos", "go depth 1")
	mv, _ = h.bestmove(10 * sec)
	assert.True(t, legalXiangqi(t, "", nil, mv))
}

var ucciInfoRe = regexp.MustCompile(`^info depth (\d+) score (-?\d+) time (\d+) nodes (\d+) pv( [a-i][0-9][a-i][0-9])+$`)

func TestUCCI(t *testing.T) {
	h := start(t)
	h.send("ucci")
	ls := h.until("ucciok", sec)
	assert.Contains(t, ls, "option usemillisec type check default false")
	assert.Contains(t, ls, "option hashsize type spin min 1 max 1024 default 16")
	h.send("setoption hashsize 8", "setoption randomness none", "isready")
	ls = h.until("readyok", sec)
	assert.Empty(t, infoStrings(ls))
	// Times in seconds until usemillisec: 1 s of 60 s is plenty, yet must come back fast.
	h.send("position startpos moves h2e2", "go time 60 increment 0")
	mv, ls := h.bestmove(10 * sec)
	assert.True(t, legalXiangqi(t, "", []string{"h2e2"}, mv))
	for _, l := range ls[:len(ls)-1] {
		assert.Regexp(t, ucciInfoRe, l)
	}
	h.send("setoption usemillisec true", "debug on", "position startpos", "go time 3000 increment 0")
	mv, ls = h.bestmove(10 * sec)
	assert.Equal(t, []string{budgetLine(engine.Budget(engine.Clock{Time: 3 * sec}, engine.DefaultOverhead))}, infoStrings(ls),
		"3000 read as milliseconds")
	h.send("debug off")
	assert.True(t, legalXiangqi(t, "", nil, mv))
	rc, err := reference.RuleCaseByID("XQ12")
	require.NoError(t, err)
	h.send("position fen "+rc.FENs[1], "go depth 3")
	ls = h.until("nobestmove", sec)
	assert.Equal(t, []string{"info depth 0 score -10000", "nobestmove"}, ls)
	h.send("quit")
	assert.Equal(t, []string{"bye"}, h.until("bye", sec))
}

func TestPonder(t *testing.T) {
	h := start(t)
	h.send("position startpos moves e2e4", "go ponder wtime 1000 btime 1000")
	deadline := time.Now().Add(300 * time.Millisecond)
	for time.Now().Before(deadline) { // info lines may come; bestmove must not
		if l, ok := h.next(time.Until(deadline)); ok {
			require.False(t, strings.HasPrefix(l, "bestmove"), "bestmove while pondering: %q", l)
		}
	}
	t0 := time.Now()
	h.send("ponderhit")
	mv, _ := h.bestmove(stall + sec)
	assert.Less(t, time.Since(t0), stall, "the clock starts at ponderhit: about 17 ms of 1 s")
	assert.True(t, legalChess(t, "", []string{"e2e4"}, mv))
}

func TestQuitDuringSearch(t *testing.T) {
	h := start(t)
	h.send("position startpos", "go infinite")
	time.Sleep(50 * time.Millisecond)
	h.send("quit")
	select {
	case err := <-h.done:
		assert.NoError(t, err)
		h.done <- nil // for the cleanup
	case <-time.After(2 * sec):
		t.Fatal("quit during a search did not end the engine")
	}
}

// Skill Level 0 is the ladder's weakest level: it still plays legal moves, stops at that
// level's depth cap (1 ply), and not always the same move.
func TestSkill(t *testing.T) {
	h := start(t)
	h.send("setoption name Skill Level value 0", "position startpos moves e2e4 e7e5")
	seen := map[string]bool{}
	for i := 0; i < 12; i++ {
		h.send("go movetime 2000")
		mv, ls := h.bestmove(10 * sec)
		assert.Equal(t, 1, infoDepth(t, ls), "Beginner searches 1 ply")
		assert.True(t, legalChess(t, "", []string{"e2e4", "e7e5"}, mv))
		seen[mv] = true
	}
	assert.Greater(t, len(seen), 1, "skill 0 varies its moves: %v", seen)
	h.send("setoption name UCI_LimitStrength value true", "setoption name UCI_Elo value 800", "go depth 3")
	mv, _ := h.bestmove(10 * sec)
	assert.True(t, legalChess(t, "", []string{"e2e4", "e7e5"}, mv))
}

// UCI_Elo plays the level of that rating on the variant's scale: at xiangqi 1550 is Casual
// (1 ply), 1750 Intermediate (2 plies), and the top rating searches without a cap.
func TestUCIElo(t *testing.T) {
	h := start(t)
	h.send("setoption name UCI_Variant value xiangqi", "setoption name UCI_LimitStrength value true", "position startpos")
	for elo, depth := range map[int]int{1550: 1, 1750: 2} {
		h.send(fmt.Sprintf("setoption name UCI_Elo value %d", elo), "go movetime 3000")
		_, ls := h.bestmove(10 * sec)
		assert.Equal(t, depth, infoDepth(t, ls), "UCI_Elo %d", elo)
	}
	h.send(fmt.Sprintf("setoption name UCI_Elo value %d", engine.EloMax), "go depth 6")
	_, ls := h.bestmove(30 * sec)
	assert.Equal(t, 6, infoDepth(t, ls), "full strength is not capped")
}

// infoDepth returns the deepest "info depth N" of lines.
func infoDepth(t *testing.T, lines []string) int {
	t.Helper()
	d := 0
	for _, l := range lines {
		f := strings.Fields(l)
		if len(f) > 2 && f[0] == "info" && f[1] == "depth" {
			v, err := strconv.Atoi(f[2])
			require.NoError(t, err, l)
			d = max(d, v)
		}
	}
	return d
}

// At 1 s + 0.1 s per side the engine never loses on time: for 120 plies (12 under the race
// detector; both sides played by the engine) the thinking time it reports under "debug on"
// is exactly engine.Budget of
// the clock it was sent, and each side's clock, charged with that budget and the 25 ms of lag
// per move that engine.TestNeverFlags allows, stays positive. The wall time is only bounded
// loosely (budget + 2 s, a stall a loaded machine can cause), so the verdict does not depend
// on the machine's load; engine.TestNeverFlags checks the budgets over 300 moves.
func TestNoFlagAt1Plus01(t *testing.T) {
	if testing.Short() {
		t.Skip("plays 120 timed moves")
	}
	h := start(t)
	h.send("setoption name UCI_Variant value xiangqi", "debug on")
	clock := [2]time.Duration{sec, sec}
	inc := 100 * time.Millisecond
	const lag = 25 * time.Millisecond
	var moves []string
	least := sec
	for ply := 0; ply < race.Shrink(120); ply++ {
		side := ply % 2
		pos := "position startpos"
		if len(moves) > 0 {
			pos += " moves " + strings.Join(moves, " ")
		}
		want := engine.Budget(engine.Clock{Time: clock[side], Inc: inc}, engine.DefaultOverhead)
		t0 := time.Now()
		h.send(pos, fmt.Sprintf("go wtime %d btime %d winc %d binc %d", clock[0].Milliseconds(),
			clock[1].Milliseconds(), inc.Milliseconds(), inc.Milliseconds()))
		mv, ls := h.bestmove(10 * sec)
		wall := time.Since(t0)
		require.Equal(t, []string{fmt.Sprintf("time budget %d ms", want.Milliseconds())}, infoStrings(ls),
			"ply %d: the position is accepted and the budget is the time manager's", ply)
		require.Less(t, wall, want+2*sec, "ply %d: the search stops near its budget", ply)
		clock[side] -= want + lag
		require.Positive(t, clock[side], "side %d lost on time at ply %d", side, ply)
		least = min(least, clock[side])
		clock[side] += inc
		if mv == "(none)" {
			break
		}
		require.True(t, legalXiangqi(t, "", moves, mv), "ply %d: %s", ply, mv)
		moves = append(moves, mv)
	}
	t.Logf("%d plies; least time left on a clock: %v", len(moves), least)
}

// A GUI may play on after the game package's rules end the game (threefold repetition in
// chess, repetition in xiangqi): the position is accepted and searched.
func TestPositionPastTheEnd(t *testing.T) {
	h := start(t)
	moves := "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8 e2e4"
	h.send("position startpos moves "+moves, "go depth 2")
	mv, ls := h.bestmove(10 * sec)
	assert.Empty(t, infoStrings(ls))
	assert.True(t, legalChess(t, "", strings.Fields(moves), mv), "a Black reply: %s", mv)
	h.send("setoption name UCI_Variant value xiangqi")
	moves = "h0g2 h9g7 g2h0 g7h9 h0g2 h9g7 g2h0 g7h9 h2e2"
	h.send("position startpos moves "+moves, "go depth 2")
	mv, ls = h.bestmove(10 * sec)
	assert.Empty(t, infoStrings(ls))
	assert.True(t, legalXiangqi(t, "", strings.Fields(moves), mv), "a Black reply: %s", mv)
}

// TestGoDuringBoundedSearch: a go during a bounded search stops that search, which answers
// with its best move so far, says so, and starts: both gos get their bestmove, and the first
// comes long before its 10 s.
func TestGoDuringBoundedSearch(t *testing.T) {
	h := start(t)
	t0 := time.Now()
	h.send("position startpos", "go movetime 10000", "go depth 1")
	mv, first := h.bestmove(stall + sec)
	assert.Less(t, time.Since(t0), stall, "the first search was stopped")
	assert.True(t, legalChess(t, "", nil, mv))
	mv, second := h.bestmove(10 * sec)
	assert.True(t, legalChess(t, "", nil, mv))
	all := append(append([]string(nil), first...), second...)
	assert.Contains(t, infoStrings(all), "go: a search is still running; stopping it first (it answers with its best move so far)")
}

// TestAlwaysReads: whatever runs, the engine reads its input: after a ponder search, a
// malformed ponderhit and a new go, and during a deep perft, isready is answered and stop and
// quit end what runs.
func TestAlwaysReads(t *testing.T) {
	h := start(t)
	h.send("position startpos moves e2e4", "go ponder", "ponderhit zz", "go movetime 5", "isready")
	ls := h.until("readyok", stall)
	// Two bestmoves: the ponder search's, stopped by the go, and go movetime 5's.
	for n := countPrefix(ls, "bestmove"); n < 2; n++ {
		h.bestmove(stall)
	}
	h.send("go perft 12", "isready")
	h.until("readyok", stall)
	h.send("stop")
	ls = h.until("Nodes searched", stall)
	assert.Contains(t, infoStrings(ls), "perft 12 stopped; the count below covers the root moves listed")
	h.send("go perft 99999999999", "isready")
	ls = h.until("readyok", stall)
	assert.Contains(t, infoStrings(ls), "go perft 1000: deeper than 12 plies is refused (the count would not end)")
	h.send("go perft 11", "quit")
	select {
	case err := <-h.done:
		assert.NoError(t, err)
		h.done <- nil // for the cleanup
	case <-time.After(stall):
		t.Fatal("quit during a perft did not end the engine")
	}
}

// infoNodes returns the node count of the last "info ... nodes N" line among lines (0 when
// there is none).
func infoNodes(t *testing.T, lines []string) int64 {
	t.Helper()
	var n int64
	for _, l := range lines {
		f := strings.Fields(l)
		for i := 0; i+1 < len(f); i++ {
			if f[0] == "info" && f[i] == "nodes" {
				v, err := strconv.ParseInt(f[i+1], 10, 64)
				require.NoError(t, err, l)
				n = v
			}
		}
	}
	return n
}

// countPrefix counts the lines that start with prefix.
func countPrefix(lines []string, prefix string) int {
	n := 0
	for _, l := range lines {
		if strings.HasPrefix(l, prefix) {
			n++
		}
	}
	return n
}

// rest reads the output until the engine closes it (after quit) and returns the lines.
func (h *harness) rest(timeout time.Duration) []string {
	h.t.Helper()
	deadline := time.Now().Add(timeout)
	var got []string
	for {
		l, ok := h.next(time.Until(deadline))
		if !ok {
			select {
			case err := <-h.done:
				require.NoError(h.t, err)
				h.done <- nil // for the cleanup
				return got
			case <-time.After(time.Until(deadline)):
				h.t.Fatalf("the engine did not end within %v; got:\n%s", timeout, strings.Join(got, "\n"))
			}
		}
		got = append(got, l)
	}
}

// TestPerftQuitAndStop: a perft is a count, not a search. quit right after "go perft N" ends
// the engine with no count at all (a partial "Nodes searched" would read as the answer) and
// an info string saying so; stop ends a perft with its info string and the total of the root
// moves listed; a go during a perft names the perft. A perft 1 that finishes before quit is
// read prints its whole count (20 for chess, FIDE start position).
func TestPerftQuitAndStop(t *testing.T) {
	h := start(t)
	h.send("go perft 11", "quit")
	assert.Equal(t, []string{
		"info string go perft: no position set (send position first); counting from the chess start position",
		"info string perft 11 abandoned by quit: no count",
	}, h.rest(stall))

	h = start(t)
	h.send("position startpos", "go perft 12", "isready")
	h.until("readyok", stall)
	h.send("go perft 12")
	ls := h.until("Nodes searched", stall)
	assert.Equal(t, []string{"info string go: a perft is still running; stopping it first (it prints the count so far)",
		"info string perft 12 stopped; the count below covers the root moves listed", "", "Nodes searched: 0"}, ls)
	h.send("stop")
	ls = h.until("Nodes searched", stall)
	assert.Equal(t, []string{"info string perft 12 stopped; the count below covers the root moves listed", "", "Nodes searched: 0"}, ls)

	h.send("go perft 1", "quit")
	ls = h.rest(stall)
	if countPrefix(ls, "Nodes searched") > 0 {
		assert.Equal(t, "Nodes searched: 20", ls[len(ls)-1], "a finished perft 1 counts all 20 moves")
		assert.Len(t, ls, 22, "20 move lines, a blank line and the total:\n%s", strings.Join(ls, "\n"))
	} else {
		assert.Equal(t, "info string perft 1 abandoned by quit: no count", ls[len(ls)-1])
	}
}

// TestStopWithoutSearch: "stop" with no search running is answered "nobestmove" in UCCI (a
// GUI that lost track does not wait) and nothing in UCI; during a search it is answered by
// the search's one bestmove in both, and a stop right after that is the idle case.
func TestStopWithoutSearch(t *testing.T) {
	h := start(t)
	h.send("uci")
	h.until("uciok", sec)
	h.send("stop", "isready")
	assert.Equal(t, []string{"readyok"}, h.until("readyok", sec), "UCI: stop when idle prints nothing")
	h.send("position startpos", "go infinite")
	h.send("stop")
	mv, _ := h.bestmove(5 * sec)
	assert.True(t, legalChess(t, "", nil, mv), "bestmove %s", mv)
	h.send("stop", "isready")
	assert.Equal(t, []string{"readyok"}, h.until("readyok", sec), "UCI: a second stop prints nothing")

	h.send("ucci")
	h.until("ucciok", sec)
	h.send("stop", "isready")
	assert.Equal(t, []string{"nobestmove", "readyok"}, h.until("readyok", sec), "UCCI: stop when idle")
	h.send("position startpos", "go infinite")
	deadline := time.Now().Add(200 * time.Millisecond)
	for time.Now().Before(deadline) { // info lines may come; no answer before stop
		if l, ok := h.next(time.Until(deadline)); ok {
			require.False(t, strings.Contains(l, "bestmove"), "an answer before stop: %q", l)
		}
	}
	h.send("stop", "isready")
	ls := h.until("readyok", 5*sec)
	var answers []string
	for _, l := range ls {
		if !strings.HasPrefix(l, "info ") {
			answers = append(answers, strings.Fields(l)[0])
		}
	}
	assert.Equal(t, []string{"bestmove", "readyok"}, answers, "UCCI: stop during a search gets its bestmove only: %v", ls)
	assert.True(t, legalXiangqi(t, "", nil, strings.Fields(ls[len(ls)-2])[1]))
	h.send("stop", "isready")
	assert.Equal(t, []string{"nobestmove", "readyok"}, h.until("readyok", sec), "UCCI: a stop after the answer")
}
