package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cotuong-ai/cotuong/games/xiangqi"
	"github.com/cotuong-ai/cotuong/nnue"
)

func testConfig(out string) config {
	return config{Games: 3, Nodes: 400, Seed: 5, Out: out, Concurrency: 1, RandomMin: 2, RandomMax: 4,
		MaxPlies: 120, Resign: 800, ResignPlies: 4, DrawScore: 15, DrawPlies: 20, DrawAfter: 60, HashMiB: 1}
}

// TestDatagen: a short run writes readable samples of quiet, distinct positions, with the
// game's result from the side to move, and the same seed gives the same file.
func TestDatagen(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.txt"), filepath.Join(dir, "b.txt")
	for _, out := range []string{a, b} {
		if err := run(testConfig(out), io.Discard); err != nil {
			t.Fatal(err)
		}
	}
	da, _ := os.ReadFile(a)
	db, _ := os.ReadFile(b)
	if !bytes.Equal(da, db) {
		t.Fatal("two runs with the same seed wrote different files")
	}
	games := strings.Count(string(da), "\n# game ")
	if games != 3 {
		t.Fatalf("%d game comment lines, want 3:\n%s", games, da)
	}
	r := nnue.NewSampleReader(bytes.NewReader(da))
	seen := map[uint64]bool{}
	n := 0
	for {
		s, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		p, err := xiangqi.ParseFEN(s.Position)
		if err != nil {
			t.Fatalf("sample %q: %v", s.Position, err)
		}
		if p.InCheck() {
			t.Errorf("sample %q: the side to move is in check", s.Position)
		}
		if seen[p.Hash()] {
			t.Errorf("sample %q kept twice", s.Position)
		}
		seen[p.Hash()] = true
		n++
	}
	if n < 30 {
		t.Fatalf("%d samples from 3 games, want at least 30", n)
	}
	// Each game's results: in a decided game the two sides' samples carry 1 and 0 by the
	// side to move; in a drawn one every sample carries 0.5.
	for _, block := range strings.Split(string(da), "\n# game ")[1:] {
		lines := strings.Split(strings.TrimSpace(block), "\n")
		head := lines[0]
		for _, l := range lines[1:] {
			parts := strings.Split(l, "|")
			fen, res := strings.TrimSpace(parts[0]), strings.TrimSpace(parts[2])
			red := strings.Contains(fen, " w ")
			var want string
			switch {
			case strings.Contains(head, "result 1/2-1/2"):
				want = "0.5"
			case strings.Contains(head, "result 1-0") == red:
				want = "1"
			default:
				want = "0"
			}
			if res != want {
				t.Fatalf("game %q: sample %q has result %s, want %s", head, l, res, want)
			}
		}
	}
}

func TestDatagenBadFlags(t *testing.T) {
	c := testConfig("-")
	c.RandomMax = 1
	if err := run(c, io.Discard); err == nil {
		t.Fatal("-random-max below -random-min accepted")
	}
	c = testConfig("-")
	c.Net = filepath.Join(t.TempDir(), "missing.nnue")
	if err := run(c, io.Discard); err == nil {
		t.Fatal("a missing -net file accepted")
	}
}
