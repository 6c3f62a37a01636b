package main

import (
	"fmt"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/cotuong-ai/cotuong/engine"
	"github.com/cotuong-ai/cotuong/examples/internal/uciclient"
	"github.com/cotuong-ai/cotuong/internal/testkit/peer"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fairyToOurs turns a Fairy-Stockfish xiangqi move (ranks 1-10) into ours (ranks 0-9);
// oursToFairy does the reverse. Both leave anything they cannot read unchanged ("(none)").
func fairyToOurs(m string) string {
	if o, err := (uciclient.RankShift{Shift: 1}).FromEngine(m); err == nil {
		return o
	}
	return m
}

func oursToFairy(m string) string { return uciclient.RankShift{Shift: 1}.ToEngine(m) }

// matchSide is one player of a match.
type matchSide struct {
	p       *proc
	ours    bool
	toPeer  func(string) string // our move text to the engine's
	fromEng func(string) string // the engine's move text to ours
}

// playMatch plays one game of v between our engine (as side ourSide) and a peer, at
// movetime ms per move, for at most maxPlies plies. Every move of ours is checked against the
// peer's own list of legal moves ("go perft 1"), and every move of either engine against the
// game package. It returns the game.
func playMatch(t *testing.T, v engine.Variant, ours, theirs *proc, ourSide engine.Side, movetime, maxPlies int,
	toPeer, fromPeer func(string) string) engine.Game {
	t.Helper()
	g := engine.NewGame(v)
	var ourMoves []string // in our notation
	position := func(conv func(string) string) string {
		if len(ourMoves) == 0 {
			return "position startpos"
		}
		ms := make([]string, len(ourMoves))
		for i, m := range ourMoves {
			ms[i] = conv(m)
		}
		return "position startpos moves " + strings.Join(ms, " ")
	}
	id := func(s string) string { return s }
	for ply := 0; ply < maxPlies && !g.Result().Over; ply++ {
		var mv string
		if g.SideToMove() == ourSide {
			// The peer's legal moves here, to check ours and our move generator.
			theirs.send(position(toPeer), "go perft 1")
			ls := theirs.until("Nodes searched", 10*time.Second)
			var peerLegal []string
			for _, l := range ls {
				if m, _, ok := strings.Cut(l, ": "); ok && !strings.Contains(m, " ") {
					peerLegal = append(peerLegal, fromPeer(m))
				}
			}
			var ourLegal []string
			for _, m := range g.Legal() {
				ourLegal = append(ourLegal, g.UCI(m))
			}
			sort.Strings(peerLegal)
			sort.Strings(ourLegal)
			require.Equal(t, peerLegal, ourLegal, "legal moves after %s", position(id))

			ours.send(position(id), fmt.Sprintf("go movetime %d", movetime))
			ls = ours.until("bestmove", 10*time.Second)
			mv = bestmoveOf(ls[len(ls)-1])
			require.Contains(t, peerLegal, mv, "our engine played %q after %s", mv, position(id))
		} else {
			theirs.send(position(toPeer), fmt.Sprintf("go movetime %d", movetime))
			ls := theirs.until("bestmove", 10*time.Second)
			mv = fromPeer(bestmoveOf(ls[len(ls)-1]))
		}
		require.NotEqual(t, "(none)", mv, "a side found no move while the game package says %q after %s",
			g.Result().Text, position(id))
		m, err := g.ParseMove(mv)
		require.NoError(t, err, "move %q after %s", mv, position(id))
		require.NoError(t, g.Push(m))
		ourMoves = append(ourMoves, mv)
	}
	return g
}

// checkFinal asks both engines about the final position and checks that what they say
// agrees with the game package's Result.
func checkFinal(t *testing.T, g engine.Game, ours, theirs *proc, toPeer func(string) string) {
	t.Helper()
	r := g.Result()
	moves := g.Moves()
	pos := "position startpos"
	peerPos := "position startpos"
	if len(moves) > 0 {
		pm := make([]string, len(moves))
		for i, m := range moves {
			pm[i] = toPeer(m)
		}
		pos += " moves " + strings.Join(moves, " ")
		peerPos += " moves " + strings.Join(pm, " ")
	}
	ours.send(pos, "go depth 2")
	ls := ours.until("bestmove", 10*time.Second)
	theirs.send(peerPos, "go depth 2")
	pls := theirs.until("bestmove", 10*time.Second)
	noMoves := len(g.Legal()) == 0
	if noMoves {
		require.True(t, r.Over, "no legal move but the game is not over: %s", r.Text)
		assert.Equal(t, "bestmove (none)", ls[len(ls)-1])
		assert.Equal(t, "(none)", bestmoveOf(pls[len(pls)-1]), "the peer agrees there is no legal move")
		if r.Draw {
			assert.Equal(t, "info depth 0 score cp 0", ls[0], "a drawn terminal root (chess stalemate)")
		} else {
			assert.Equal(t, "info depth 0 score mate 0", ls[0])
			assert.Equal(t, g.SideToMove().Other(), r.Winner, "the side with no move loses")
		}
	} else {
		assert.NotEqual(t, "bestmove (none)", ls[len(ls)-1])
		assert.NotEqual(t, "(none)", bestmoveOf(pls[len(pls)-1]))
	}
}

// matchGames and matchPlies: two games, one with each side, each played until the rules end
// it or for matchPlies plies. The checks are on every move and on the final position, so the
// verdict does not depend on how (or how soon) a game ends.
const (
	matchGames = 2
	matchPlies = 120
)

func runMatch(t *testing.T, v engine.Variant, peerName string, setup []string, toPeer, fromPeer func(string) string) {
	path := peer.Path(t, peerName)
	ours := startProc(t, "cotuong", engineBinary(t))
	theirs := startProc(t, peerName, path)
	ours.send("uci")
	ours.until("uciok", 10*time.Second)
	theirs.send("uci")
	theirs.until("uciok", 10*time.Second)
	ours.send("setoption name UCI_Variant value "+string(v), "isready")
	ours.until("readyok", 5*time.Second)
	theirs.send(setup...)
	theirs.send("isready")
	theirs.until("readyok", 10*time.Second)

	start := time.Now()
	for game := 0; game < matchGames; game++ {
		ourSide := engine.Side(game % 2)
		ours.send("ucinewgame")
		theirs.send("ucinewgame")
		g := playMatch(t, v, ours, theirs, ourSide, 25, matchPlies, toPeer, fromPeer)
		r := g.Result()
		t.Logf("%s game %d (we are %s): %d plies, %s (%s), %v: %s", v, game+1, g.SideName(ourSide),
			g.Len(), r.Text, r.Short, time.Since(start).Round(time.Millisecond), strings.Join(g.Moves(), " "))
		checkFinal(t, g, ours, theirs, toPeer)
	}
}

// Our engine against Fairy-Stockfish in xiangqi (ranks 1-10 there, 0-9 here).
func TestMatchFairyStockfish(t *testing.T) {
	runMatch(t, engine.Xiangqi, "fairy-stockfish",
		[]string{"setoption name UCI_Variant value xiangqi", "setoption name Skill Level value 3"},
		oursToFairy, fairyToOurs)
}

// Our engine against Stockfish in chess.
func TestMatchStockfish(t *testing.T) {
	id := func(s string) string { return s }
	runMatch(t, engine.Chess, "stockfish", []string{"setoption name Skill Level value 3"}, id, id)
}
