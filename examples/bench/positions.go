package main

import (
	"context"
	"embed"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/cotuong-ai/cotuong/engine"
	"github.com/cotuong-ai/cotuong/gamesearch"
)

//go:embed testdata/xiangqi.tsv testdata/chess.tsv
var builtin embed.FS

// Entry is one fixed position of a positions file.
type Entry struct {
	Game     string   // "xiangqi" or "chess"
	Label    string   // short unique name, e.g. "mate-in-1"
	Category string   // "forced capture", "mate to find", ...
	Position string   // FEN, or "startpos|fen <FEN> [moves ...]"
	Best     []string // right moves (UCI); empty = no forced answer
	Avoid    []string // wrong moves (UCI)
	Note     string
}

// HasAnswer reports whether the entry says which moves are right or wrong.
func (e Entry) HasAnswer() bool { return len(e.Best) > 0 || len(e.Avoid) > 0 }

// Right reports whether move is right: in Best (when Best is given) and not in Avoid.
func (e Entry) Right(move string) bool {
	if len(e.Best) > 0 && !slices.Contains(e.Best, move) {
		return false
	}
	return !slices.Contains(e.Avoid, move)
}

// parseEntries reads a positions file: '#' comment lines, then tab-separated rows of
// label, category, position, best, avoid, note (the last three may be empty).
func parseEntries(game, name, text string) ([]Entry, error) {
	var out []Entry
	seen := map[string]bool{}
	for i, line := range strings.Split(text, "\n") {
		line = strings.TrimRight(line, "\r")
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) < 3 || len(f) > 6 {
			return nil, fmt.Errorf("%s:%d: %d tab-separated fields, want 3 to 6 (label, category, position, best, avoid, note)", name, i+1, len(f))
		}
		for len(f) < 6 {
			f = append(f, "")
		}
		e := Entry{Game: game, Label: strings.TrimSpace(f[0]), Category: strings.TrimSpace(f[1]),
			Position: strings.TrimSpace(f[2]), Best: strings.Fields(f[3]), Avoid: strings.Fields(f[4]),
			Note: strings.TrimSpace(f[5])}
		if e.Label == "" || e.Position == "" {
			return nil, fmt.Errorf("%s:%d: empty label or position", name, i+1)
		}
		if seen[e.Label] {
			return nil, fmt.Errorf("%s:%d: label %q used twice", name, i+1, e.Label)
		}
		seen[e.Label] = true
		out = append(out, e)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no positions", name)
	}
	return out, nil
}

// loadEntries reads the positions of game from dir/<game>.tsv, or from the built-in copy of
// testdata when dir is empty.
func loadEntries(game, dir string) ([]Entry, error) {
	var data []byte
	var err error
	name := game + ".tsv"
	if dir == "" {
		data, err = builtin.ReadFile("testdata/" + name)
	} else {
		name = filepath.Join(dir, name)
		data, err = os.ReadFile(name)
	}
	if err != nil {
		return nil, err
	}
	return parseEntries(game, name, string(data))
}

// Sample is the outcome of one search.
type Sample struct {
	Move     string // UCI, "(none)" when the root has no legal move
	Score    int    // centipawns from the side to move, mate scores ±(Mate-ply)
	Depth    int    // last completed iteration, plies
	SelDepth int
	Nodes    int64
	Elapsed  time.Duration
}

// Prepared is a parsed position ready to search.
type Prepared struct {
	Entry
	// Search runs one search with a cleared table of hashMiB MiB. It is not safe for
	// concurrent use.
	Search func(ctx context.Context, lim gamesearch.Limits, hashMiB int) Sample
}

// gameText turns a positions-file position into the game form engine.ParseGame reads.
func gameText(pos string) string {
	if strings.HasPrefix(pos, "startpos") || strings.HasPrefix(pos, "fen ") {
		return pos
	}
	return "fen " + pos
}

// searcherKey names one engine.Searcher of the bench: a game and a table size.
type searcherKey struct {
	v       engine.Variant
	hashMiB int
}

// searchers holds one Searcher per game and table size, cleared before every search so that
// repetitions are independent.
var searchers = map[searcherKey]engine.Searcher{}

// prepare parses e's position and checks that every best/avoid move is legal there, written
// in UCI coordinates.
func prepare(e Entry) (Prepared, error) {
	p := Prepared{Entry: e}
	v, err := engine.ParseVariant(e.Game)
	if err != nil || string(v) != e.Game {
		return p, fmt.Errorf("unknown game %q (want xiangqi or chess)", e.Game)
	}
	g, err := engine.ParseGame(v, gameText(e.Position))
	if err != nil {
		return p, fmt.Errorf("%s %s: %w", e.Game, e.Label, err)
	}
	for _, m := range append(slices.Clone(e.Best), e.Avoid...) {
		if _, err := g.ParseUCI(m); err != nil {
			return p, fmt.Errorf("%s %s: expected move %s: %s", e.Game, e.Label, m, engine.MoveProblem(err))
		}
	}
	p.Search = func(ctx context.Context, lim gamesearch.Limits, hashMiB int) Sample {
		k := searcherKey{v, hashMiB}
		s := searchers[k]
		if s == nil {
			s = engine.NewSearcher(v, engine.SearcherOptions{HashMiB: hashMiB})
			searchers[k] = s
		}
		s.Clear()
		r := s.Search(ctx, g, lim, nil, nil)
		mv := "(none)"
		if r.HasMove {
			mv = g.UCI(r.Move)
		}
		return Sample{Move: mv, Score: r.Score, Depth: r.Depth, SelDepth: r.SelDepth, Nodes: r.Nodes, Elapsed: r.Elapsed}
	}
	return p, nil
}
