package xiangqi

import (
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cotuong-ai/cotuong/internal/testkit/reference"
)

func mustFEN(t testing.TB, fen string) Position {
	t.Helper()
	p, err := ParseFEN(fen)
	require.NoError(t, err, fen)
	return p
}

func ruleCase(t *testing.T, id string) reference.RuleCase {
	t.Helper()
	c, err := reference.RuleCaseByID(id)
	require.NoError(t, err)
	require.Equal(t, "xiangqi", c.Game)
	return c
}

// uciList returns the UCI texts of moves, sorted.
func uciList(moves []Move) []string {
	out := make([]string, len(moves))
	for i, m := range moves {
		out[i] = m.UCI()
	}
	slices.Sort(out)
	return out
}

// legal returns the sorted UCI texts of the legal moves of p.
func legal(p Position) []string { return uciList(p.LegalMoves(nil)) }

// movesFrom returns the sorted UCI texts of the legal moves of the piece on sq (given as "e0").
func movesFrom(p Position, sq string) []string {
	var out []string
	for _, m := range p.LegalMoves(nil) {
		if m.From().String() == sq {
			out = append(out, m.UCI())
		}
	}
	slices.Sort(out)
	return out
}

var setRE = regexp.MustCompile(`\{([a-i0-9, ]+)\}`)

// sets returns every "{a,b,c}" move set written in s, each sorted.
func sets(s string) [][]string {
	var out [][]string
	for _, m := range setRE.FindAllStringSubmatch(s, -1) {
		var set []string
		for _, f := range strings.Split(m[1], ",") {
			set = append(set, strings.TrimSpace(f))
		}
		slices.Sort(set)
		out = append(out, set)
	}
	return out
}

// transform describes a symmetry of the rules: mirror swaps files a<->i; flip swaps the
// colours and turns the board (rank r <-> 9-r), so Red's case becomes Black's.
type transform struct{ mirror, flip bool }

var transforms = []transform{{false, false}, {true, false}, {false, true}, {true, true}}

func (tr transform) String() string {
	return map[transform]string{{false, false}: "as given", {true, false}: "mirrored", {false, true}: "colours swapped",
		{true, true}: "mirrored, colours swapped"}[tr]
}

func (tr transform) sq(s string) string {
	f, r := s[0]-'a', s[1]-'0'
	if tr.mirror {
		f = 8 - f
	}
	if tr.flip {
		r = 9 - r
	}
	return string([]byte{'a' + f, '0' + r})
}

func (tr transform) move(m string) string { return tr.sq(m[:2]) + tr.sq(m[2:]) }

func (tr transform) moves(ms []string) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = tr.move(m)
	}
	slices.Sort(out)
	return out
}

// fen transforms the board and side fields of a FEN and keeps the rest.
func (tr transform) fen(fen string) string {
	fields := strings.Fields(fen)
	var grid [10][9]byte // [rank][file]
	for i, rs := range strings.Split(fields[0], "/") {
		rank, file := 9-i, 0
		for j := 0; j < len(rs); j++ {
			c := rs[j]
			if c >= '1' && c <= '9' {
				for n := 0; n < int(c-'0'); n++ {
					grid[rank][file] = 0
					file++
				}
				continue
			}
			grid[rank][file] = c
			file++
		}
	}
	var out [10][9]byte
	for r := 0; r < 10; r++ {
		for f := 0; f < 9; f++ {
			c := grid[r][f]
			rr, ff := r, f
			if tr.mirror {
				ff = 8 - f
			}
			if tr.flip {
				rr = 9 - r
				if c >= 'a' {
					c -= 'a' - 'A'
				} else if c != 0 {
					c += 'a' - 'A'
				}
			}
			out[rr][ff] = c
		}
	}
	var sb strings.Builder
	for r := 9; r >= 0; r-- {
		empty := 0
		for f := 0; f < 9; f++ {
			if out[r][f] == 0 {
				empty++
				continue
			}
			if empty > 0 {
				sb.WriteByte(byte('0' + empty))
				empty = 0
			}
			sb.WriteByte(out[r][f])
		}
		if empty > 0 {
			sb.WriteByte(byte('0' + empty))
		}
		if r > 0 {
			sb.WriteByte('/')
		}
	}
	side := fields[1]
	if tr.flip {
		if side == "b" {
			side = "w"
		} else {
			side = "b"
		}
	}
	return strings.Join(append([]string{sb.String(), side}, fields[2:]...), " ")
}

// playout plays up to n random legal moves from p and returns every position reached,
// p first.
func playout(rng *rand.Rand, p Position, n int) []Position {
	out := []Position{p}
	for i := 0; i < n; i++ {
		moves := p.LegalMoves(nil)
		if len(moves) == 0 {
			break
		}
		p = p.Play(moves[rng.IntN(len(moves))])
		out = append(out, p)
	}
	return out
}

func newRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, seed*0x9E3779B97F4A7C15+1)) }

// benchPlayouts returns the positions of games random playouts of up to plies moves from each
// bench position (searchBenchFENs), in that order, drawing the moves from rng.
func benchPlayouts(t testing.TB, rng *rand.Rand, games, plies int) []Position {
	t.Helper()
	var out []Position
	for _, fen := range searchBenchFENs {
		for range games {
			out = append(out, playout(rng, mustFEN(t, fen), plies)...)
		}
	}
	return out
}
