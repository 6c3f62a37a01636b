package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cotuong-ai/cotuong/games/chess"
	"github.com/cotuong-ai/cotuong/games/xiangqi"
	"github.com/cotuong-ai/cotuong/nnue"
)

func testConfig(out string) config {
	return config{Game: "xiangqi", Games: 3, Nodes: 400, Seed: 5, Out: out, Concurrency: 1, RandomMin: 2, RandomMax: 4,
		MaxPlies: 120, Resign: 800, ResignPlies: 4, DrawScore: 15, DrawPlies: 20, DrawAfter: 60, HashMiB: 1}
}

// runTwice runs c twice, to two files, checks that they are equal and returns the first.
func runTwice(t *testing.T, c config) []byte {
	t.Helper()
	dir := t.TempDir()
	var data [2][]byte
	for i := range data {
		c.Out = filepath.Join(dir, []string{"a.txt", "b.txt"}[i])
		if err := run(c, io.Discard); err != nil {
			t.Fatal(err)
		}
		var err error
		if data[i], err = os.ReadFile(c.Out); err != nil {
			t.Fatal(err)
		}
	}
	if !bytes.Equal(data[0], data[1]) {
		t.Fatal("two runs with the same seed wrote different files")
	}
	return data[0]
}

// checkSamples checks a datagen file of games games: every sample parses (parse returns the
// position's key and whether its side to move is in check), none is in check or kept twice,
// and each game's results are, from the side to move, 1 and 0 in a decided game and 0.5 in a
// drawn one. It returns the number of samples.
func checkSamples(t *testing.T, data []byte, games int, parse func(fen string) (key uint64, inCheck bool, err error)) int {
	t.Helper()
	if n := strings.Count(string(data), "\n# game "); n != games {
		t.Fatalf("%d game comment lines, want %d:\n%s", n, games, data)
	}
	r := nnue.NewSampleReader(bytes.NewReader(data))
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
		key, check, err := parse(s.Position)
		if err != nil {
			t.Fatalf("sample %q: %v", s.Position, err)
		}
		if check {
			t.Errorf("sample %q: the side to move is in check", s.Position)
		}
		if seen[key] {
			t.Errorf("sample %q kept twice", s.Position)
		}
		seen[key] = true
		n++
	}
	for _, block := range strings.Split(string(data), "\n# game ")[1:] {
		lines := strings.Split(strings.TrimSpace(block), "\n")
		head := lines[0]
		for _, l := range lines[1:] {
			if strings.HasPrefix(l, "#") { // a later run's header
				continue
			}
			parts := strings.Split(l, "|")
			fen, res := strings.TrimSpace(parts[0]), strings.TrimSpace(parts[2])
			first := strings.Contains(fen, " w ") // Red or White to move
			var want string
			switch {
			case strings.Contains(head, "result 1/2-1/2"):
				want = "0.5"
			case strings.Contains(head, "result 1-0") == first:
				want = "1"
			default:
				want = "0"
			}
			if res != want {
				t.Fatalf("game %q: sample %q has result %s, want %s", head, l, res, want)
			}
		}
	}
	return n
}

// TestDatagen: a short run writes readable samples of quiet, distinct positions, with the
// game's result from the side to move, and the same seed gives the same file.
func TestDatagen(t *testing.T) {
	data := runTwice(t, testConfig(""))
	n := checkSamples(t, data, 3, func(fen string) (uint64, bool, error) {
		p, err := xiangqi.ParseFEN(fen)
		return p.Hash(), p.InCheck(), err
	})
	if n < 30 {
		t.Fatalf("%d samples from 3 games, want at least 30", n)
	}
}

// TestDatagenChess: -game chess -games 2 -nodes 300 writes chess samples that parse back, of
// quiet distinct positions with the games' results, reproducibly, under a header naming the
// game.
func TestDatagenChess(t *testing.T) {
	c := testConfig("")
	c.Game, c.Games, c.Nodes = "chess", 2, 300
	data := runTwice(t, c)
	if head, _, _ := strings.Cut(string(data), "\n"); !strings.HasSuffix(head, " game chess") {
		t.Fatalf("header %q does not name the game", head)
	}
	n := checkSamples(t, data, 2, func(fen string) (uint64, bool, error) {
		p, err := chess.ParseFEN(fen)
		return p.Hash(), p.InCheck(), err
	})
	if n < 20 {
		t.Fatalf("%d samples from 2 games, want at least 20", n)
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
	c = testConfig("-")
	c.Game = "shogi"
	if err := run(c, io.Discard); err == nil || !strings.Contains(err.Error(), `unknown game "shogi"`) {
		t.Fatalf("-game shogi: %v", err)
	}
	c = testConfig("-")
	c.Game, c.Net = "chess", "../../../games/xiangqi/xiangqi.nnue"
	if err := run(c, io.Discard); err == nil || !strings.Contains(err.Error(), "wrong feature set") {
		t.Fatalf("a xiangqi -net for chess: %v", err)
	}
}

// withoutHeaders drops the "# datagen" run header lines of a datagen file.
func withoutHeaders(data []byte) string {
	var b strings.Builder
	for _, l := range strings.SplitAfter(string(data), "\n") {
		if !strings.HasPrefix(l, "# datagen ") {
			b.WriteString(l)
		}
	}
	return b.String()
}

// TestDatagenResume: a run stopped in the middle of writing a game, run again with the same
// command, cuts the unfinished game off and plays only the missing games, so the file holds
// what one uninterrupted run writes (but for the run header lines); run once more, it adds
// no game.
func TestDatagenResume(t *testing.T) {
	dir := t.TempDir()
	c := testConfig(filepath.Join(dir, "whole.txt"))
	if err := run(c, io.Discard); err != nil {
		t.Fatal(err)
	}
	whole, err := os.ReadFile(c.Out)
	if err != nil {
		t.Fatal(err)
	}
	last := strings.LastIndex(string(whole), "\n# game ")
	if last < 0 {
		t.Fatal("no game in the file")
	}
	cut := last + (len(whole)-last)/2 // in the middle of the last game's lines, mid-line
	c.Out = filepath.Join(dir, "resumed.txt")
	if err := os.WriteFile(c.Out, whole[:cut], 0o644); err != nil {
		t.Fatal(err)
	}
	resumed := runAndRead(t, c)
	if got, want := withoutHeaders(resumed), withoutHeaders(whole); got != want {
		t.Fatalf("resumed file differs from an uninterrupted run's:\n%s\nwant\n%s", got, want)
	}
	again := runAndRead(t, c)
	if got, want := withoutHeaders(again), withoutHeaders(whole); got != want {
		t.Fatalf("a run over a complete file added games:\n%s", got)
	}
	if n := strings.Count(string(again), "# datagen "); n != 3 {
		t.Fatalf("%d run header lines after three runs, want 3", n)
	}
}

// TestDatagenResumeOtherSeed: a run of another seed appended to a file plays all its games
// but keeps no position the file already holds.
func TestDatagenResumeOtherSeed(t *testing.T) {
	c := testConfig(filepath.Join(t.TempDir(), "data.txt"))
	c.Games = 2
	if err := run(c, io.Discard); err != nil {
		t.Fatal(err)
	}
	c.Seed++
	if err := run(c, io.Discard); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(c.Out)
	if err != nil {
		t.Fatal(err)
	}
	checkSamples(t, data, 4, func(fen string) (uint64, bool, error) {
		p, err := xiangqi.ParseFEN(fen)
		return p.Hash(), p.InCheck(), err
	})
}

// runAndRead runs datagen with c and returns its output file.
func runAndRead(t *testing.T, c config) []byte {
	t.Helper()
	if err := run(c, io.Discard); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(c.Out)
	if err != nil {
		t.Fatal(err)
	}
	return data
}
