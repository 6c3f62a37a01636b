package reference

import (
	_ "embed"
	"fmt"
	"strconv"
	"strings"
)

//go:embed perft.tsv
var perftTSV string

//go:embed rule-cases.tsv
var ruleCasesTSV string

//go:embed notation.tsv
var notationTSV string

//go:embed repetition.tsv
var repetitionTSV string

// PerftRow is one row of perft.tsv: the number of leaf nodes at exactly Depth plies from FEN.
type PerftRow struct {
	Game  string // "chess" or "xiangqi"
	Name  string // e.g. "startpos", "kiwipete"
	FEN   string
	Depth int    // plies
	Nodes uint64 // leaves at Depth, legal moves only
}

// RuleCase is one row of rule-cases.tsv. FENs holds the FEN cell split on " | ".
type RuleCase struct {
	ID, Game, Kind string
	FENs           []string
	Query          string // the moves_or_query column
	Expected       string
	Source         string
}

// NotationRow is one row of notation.tsv: MoveUCI, played after MovesBefore from FEN, written
// in WXF, Chinese and Vietnamese notation.
type NotationRow struct {
	FEN         string
	MovesBefore []string // UCI moves, empty for none
	MoveUCI     string
	WXF         string
	Chinese     string
	Vietnamese  string
	Note        string
}

func rows(tsv string, cols int) ([][]string, error) {
	var out [][]string
	lines := strings.Split(strings.TrimRight(tsv, "\n"), "\n")
	for i, line := range lines[1:] { // skip the header
		if strings.TrimSpace(line) == "" {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != cols {
			return nil, fmt.Errorf("reference: line %d has %d columns, want %d", i+2, len(f), cols)
		}
		out = append(out, f)
	}
	return out, nil
}

// Perft returns the rows of perft.tsv for game ("chess" or "xiangqi"; "" for all) whose node
// count is at most maxNodes (0 for no limit). It returns an error if the file is malformed.
func Perft(game string, maxNodes uint64) ([]PerftRow, error) {
	rs, err := rows(perftTSV, 5)
	if err != nil {
		return nil, err
	}
	var out []PerftRow
	for _, f := range rs {
		d, err := strconv.Atoi(f[3])
		if err != nil {
			return nil, fmt.Errorf("reference: perft depth %q: %w", f[3], err)
		}
		n, err := strconv.ParseUint(f[4], 10, 64)
		if err != nil {
			return nil, fmt.Errorf("reference: perft nodes %q: %w", f[4], err)
		}
		if (game == "" || f[0] == game) && (maxNodes == 0 || n <= maxNodes) {
			out = append(out, PerftRow{Game: f[0], Name: f[1], FEN: f[2], Depth: d, Nodes: n})
		}
	}
	return out, nil
}

// RuleCases returns the rows of rule-cases.tsv for game ("chess" or "xiangqi"; "" for all).
func RuleCases(game string) ([]RuleCase, error) {
	rs, err := rows(ruleCasesTSV, 7)
	if err != nil {
		return nil, err
	}
	var out []RuleCase
	for _, f := range rs {
		if game != "" && f[1] != game {
			continue
		}
		out = append(out, RuleCase{ID: f[0], Game: f[1], Kind: f[2], FENs: strings.Split(f[3], " | "),
			Query: f[4], Expected: f[5], Source: f[6]})
	}
	return out, nil
}

// RuleCaseByID returns the row of rule-cases.tsv with the given id, e.g. "XQ12".
func RuleCaseByID(id string) (RuleCase, error) {
	all, err := RuleCases("")
	if err != nil {
		return RuleCase{}, err
	}
	for _, c := range all {
		if c.ID == id {
			return c, nil
		}
	}
	return RuleCase{}, fmt.Errorf("reference: no rule case %q", id)
}

// Notation returns the rows of notation.tsv.
func Notation() ([]NotationRow, error) {
	rs, err := rows(notationTSV, 7)
	if err != nil {
		return nil, err
	}
	var out []NotationRow
	for _, f := range rs {
		var before []string
		if f[1] != "-" {
			before = strings.Fields(f[1])
		}
		out = append(out, NotationRow{FEN: f[0], MovesBefore: before, MoveUCI: f[2], WXF: f[3],
			Chinese: f[4], Vietnamese: f[5], Note: f[6]})
	}
	return out, nil
}

// RepetitionRow is one row of repetition.tsv: the game from FEN after Moves ends by
// repetition, and Expected says who wins ("red wins", "black wins") or "draw".
type RepetitionRow struct {
	Name     string
	FEN      string   // as Fairy-Stockfish writes it (one row carries an empty "[]" holdings suffix)
	Moves    []string // UCI moves, ranks 0-9
	Expected string
	Source   string
}

// Repetitions returns the rows of repetition.tsv.
func Repetitions() ([]RepetitionRow, error) {
	rs, err := rows(repetitionTSV, 5)
	if err != nil {
		return nil, err
	}
	out := make([]RepetitionRow, 0, len(rs))
	for _, f := range rs {
		out = append(out, RepetitionRow{Name: f[0], FEN: f[1], Moves: strings.Fields(f[2]), Expected: f[3], Source: f[4]})
	}
	return out, nil
}
