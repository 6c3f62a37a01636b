package uci

import (
	"io"
	"strings"
	"testing"
)

// FuzzHandle feeds arbitrary lines between a position and a short search: the engine must not
// panic, and the final "go depth 1" must end in exactly one bestmove.
func FuzzHandle(f *testing.F) {
	for _, s := range []string{"position fen 8/8/8/8/8/8/8/8 w - - 0 1", "setoption name UCI_Variant value xiangqi",
		"position startpos moves e2e4 e7e5 e1e2 e8e7 e2e1", "go perft 1", "banmoves e2e4", "ucci",
		"setoption name MultiPV value 64", "position fen 4k4/9/9/9/9/9/9/9/4Ar3/2r1K4 w - - 0 7",
		"setoption name Skill Level value 0", "go searchmoves zz", "setoption usemillisec true", "d"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		if strings.Contains(line, "infinite") || strings.Contains(line, "ponder") || strings.Contains(line, "perft") {
			return // would wait for stop / run long
		}
		var out strings.Builder
		w := &lockedBuilder{b: &out}
		e := New(w, 1)
		in := "position startpos\n" + strings.ReplaceAll(line, "\n", " ") + "\nisready\ngo depth 1\n"
		if err := e.Run(strings.NewReader(in)); err != nil && err != io.EOF {
			t.Fatal(err)
		}
		n := strings.Count(out.String(), "bestmove")
		word := ""
		if f := strings.Fields(line); len(f) > 0 {
			word = f[0]
		}
		if word == "go" {
			n-- // the fuzzed line was a go of its own
		}
		if strings.Contains(out.String(), "nobestmove") || word == "quit" {
			return
		}
		if n != 1 {
			t.Fatalf("want one bestmove, got output:\n%s", out.String())
		}
	})
}

type lockedBuilder struct{ b *strings.Builder }

func (l *lockedBuilder) Write(p []byte) (int, error) { return l.b.Write(p) }
