package uci

import (
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/cotuong-ai/cotuong/internal/testkit/race"
)

// streamWords are the lines the random command streams draw from: every command, with
// limits that end at once, never, or only on stop, and malformed forms of each.
var streamWords = []string{
	"go", "go infinite", "go ponder", "go ponder wtime 500 btime 500", "go movetime 5", "go depth 3",
	"go nodes 2000", "go mate 2", "go perft 3", "go perft 12", "go perft 99999999999", "go wtime 100 btime 100",
	"go searchmoves e2e4 h2e2", "go depth abc", "go movetime -5", "stop", "stop", "ponderhit", "ponderhit zz",
	"position startpos", "position startpos moves e2e4", "position startpos moves h2e2 h9g7",
	"position fen 8/8 w - - 0 1", "position startpos moves zz", "position", "ucinewgame",
	"setoption name Hash value 2", "setoption name UCI_Variant value xiangqi", "setoption name UCI_Variant value chess",
	"setoption name Clear Hash", "setoption name MultiPV value 3", "setoption name Skill Level value 0",
	"setoption name Threads value 2", "isready", "uci", "ucci", "banmoves h2e2", "d", "debug on", "debug off",
	"hello world", "\x00\xff", "",
}

// TestCommandStreams feeds 40 streams (4 under the race detector) of 30 lines drawn at random (a fixed seed, so a failure
// repeats) from streamWords. Whatever the stream left running, the engine still reads its
// input: isready is answered and quit ends it within the stall bound (a few milliseconds on
// an idle machine). Every go of the stream gets at most one answer, and the engine never
// panics.
func TestCommandStreams(t *testing.T) {
	rng := rand.New(rand.NewPCG(2026, 16))
	for i := range race.Shrink(40) {
		var stream []string
		for range 30 {
			stream = append(stream, streamWords[rng.IntN(len(streamWords))])
		}
		h := start(t)
		h.send(stream...)
		h.send("isready")
		t0 := time.Now()
		ls := h.until("readyok", stall)
		if el := time.Since(t0); el > stall {
			t.Fatalf("stream %d: readyok after %v", i, el)
		}
		h.send("quit")
		select {
		case err := <-h.done:
			if err != nil {
				t.Fatalf("stream %d: Run: %v", i, err)
			}
			h.done <- nil // for the cleanup
		case <-time.After(stall):
			t.Fatalf("stream %d: quit did not end the engine; stream:\n%s\noutput:\n%s", i,
				strings.Join(stream, "\n"), strings.Join(ls, "\n"))
		}
		gos := 0
		for _, l := range stream {
			if strings.HasPrefix(l, "go") {
				gos++
			}
		}
		// Output after readyok is read by the cleanup; count the answers seen so far.
		if n := countPrefix(ls, "bestmove") + countPrefix(ls, "nobestmove"); n > gos {
			t.Fatalf("stream %d: %d answers to %d gos:\n%s", i, n, gos, strings.Join(ls, "\n"))
		}
	}
}
