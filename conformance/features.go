package conformance

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"golang.org/x/exp/constraints"

	"github.com/cotuong-ai/cotuong/gamesearch"
)

// Features is what CheckFeatures needs of a game's NNUE feature set: the Inputs, Active and
// Changes methods of nnue.FeatureSet, restated here so that this package imports only
// gamesearch (any nnue.FeatureSet[P, M] is a Features[P, M]). Sides are 0 (the first
// player) and 1.
type Features[P any, M constraints.Integer] interface {
	// Inputs is the number of input features per perspective.
	Inputs() int
	// Active appends the indices of pos's active features seen from side to dst.
	Active(pos *P, side int, dst []int) []int
	// Changes appends the features the move m of pos turns on to added and off to removed,
	// seen from side, or reports refresh.
	Changes(pos *P, m M, side int, added, removed []int) (a, r []int, refresh bool)
}

// FeatureCheck configures CheckFeatures.
type FeatureCheck[P any, PP gamesearch.PositionPtr[P, M], M constraints.Integer] struct {
	// Start is the position the playouts begin from.
	Start P
	// Features is the game's feature set; nil skips the feature-level check.
	Features Features[P, M]
	// Neural, when set, is a search evaluation built on the feature set (with any network,
	// a random one is best: it reads every input): along each playout its states, kept
	// incrementally with Update (and Pass after a null move when *P implements
	// gamesearch.NullMover), must evaluate every position exactly as a fresh Refresh does.
	Neural gamesearch.Neural[P, M]
	// Format writes a position in failures; nil prints the ply only.
	Format func(*P) string
	// Playouts and Plies: the number of random playouts and the ply cap of each; zero means
	// DefaultPlayouts and 200.
	Playouts, Plies int
	// Seed seeds the playouts (playout i uses the seed pair (Seed, i)).
	Seed uint64
}

// CheckFeatures checks a game's NNUE feature set against its rules over random playouts
// from c.Start, and returns the failures (nil when there are none), each naming the playout,
// the ply, the position and the side:
//
//   - every index Active and Changes report is in [0, Inputs());
//   - for every legal move m of every position p of a playout and both sides: unless
//     Changes(p, m, side) asks for a refresh, Active(after m, side) equals Active(p, side)
//     plus added minus removed, as multisets (nnue.FeatureSet's contract); every move of
//     the position is checked, not only the one played;
//   - with c.Neural: the states kept move by move along the playout from one Refresh of the
//     start, and after a null move from any position not in check, evaluate each position
//     as a Refresh of that position alone does.
func CheckFeatures[P any, PP gamesearch.PositionPtr[P, M], M constraints.Integer](c FeatureCheck[P, PP, M]) []error {
	playouts, plies := c.Playouts, c.Plies
	if playouts <= 0 {
		playouts = DefaultPlayouts
	}
	if plies <= 0 {
		plies = 200
	}
	var errs []error
	fail := func(format string, args ...any) {
		if len(errs) < 20 {
			errs = append(errs, fmt.Errorf(format, args...))
		}
	}
	text := func(p *P) string {
		if c.Format == nil {
			return "(no Format)"
		}
		return c.Format(p)
	}
	var cur, fresh gamesearch.NeuralFrames[P, M]
	if c.Neural != nil {
		cur = c.Neural.NewFrames(plies + 2)
		fresh = c.Neural.NewFrames(1)
	}
	var before, after, added, removed, want []int
	for i := range playouts {
		rng := rand.New(rand.NewPCG(c.Seed, uint64(i)))
		path := make([]P, 1, plies+2) // heap positions: the frames may keep pointers while a call runs
		path[0] = c.Start
		if cur != nil {
			cur.Refresh(0, &path[0])
		}
		for ply := 0; ply < plies; ply++ {
			p := &path[ply]
			where := func() string {
				return fmt.Sprintf("playout %d (seed %d, %d) ply %d position %q", i, c.Seed, i, ply, text(p))
			}
			moves := PP(p).LegalMoves(nil)
			if c.Features != nil {
				n := c.Features.Inputs()
				for side := range 2 {
					before = c.Features.Active(p, side, before[:0])
					if bad := outside(before, n); bad >= 0 {
						fail("%s side %d: Active reports feature %d outside [0, %d)", where(), side, bad, n)
					}
					for _, m := range moves {
						var child P
						PP(p).After(m, &child)
						var refresh bool
						added, removed, refresh = c.Features.Changes(p, m, side, added[:0], removed[:0])
						if refresh {
							continue
						}
						if bad := outside(added, n); bad >= 0 {
							fail("%s side %d move %v: Changes adds feature %d outside [0, %d)", where(), side, m, bad, n)
						}
						if bad := outside(removed, n); bad >= 0 {
							fail("%s side %d move %v: Changes removes feature %d outside [0, %d)", where(), side, m, bad, n)
						}
						after = c.Features.Active(&child, side, after[:0])
						var ok bool
						want, ok = multisetApply(want[:0], before, added, removed)
						got := slices.Sorted(slices.Values(after))
						if !ok || !slices.Equal(got, want) {
							fail("%s side %d move %v: Active after the move is %v, Active before plus %v minus %v is %v",
								where(), side, m, got, added, removed, want)
						}
					}
				}
			}
			if cur != nil && ply > 0 {
				fresh.Refresh(0, p)
				if got, w := cur.Evaluate(ply, p), fresh.Evaluate(0, p); got != w {
					fail("%s: the incrementally kept state evaluates to %d, a fresh refresh to %d", where(), got, w)
				}
			}
			if len(moves) == 0 || PP(p).Drawn() {
				break
			}
			if nm, ok := any(PP(p)).(gamesearch.NullMover[P]); ok && cur != nil && !PP(p).InCheck() {
				path = append(path, *new(P))
				p = &path[ply] // append may have moved the path
				child := &path[ply+1]
				nm.NullMove(child)
				cur.Pass(ply, child)
				fresh.Refresh(0, child)
				if got, w := cur.Evaluate(ply+1, child), fresh.Evaluate(0, child); got != w {
					fail("%s: after a null move the state evaluates to %d, a fresh refresh to %d", where(), got, w)
				}
				path = path[:ply+1]
			}
			m := moves[rng.IntN(len(moves))]
			path = append(path, *new(P))
			p = &path[ply]
			PP(p).After(m, &path[ply+1])
			if cur != nil {
				cur.Update(ply, p, m, &path[ply+1])
			}
		}
	}
	return errs
}

// outside returns the first index of fs outside [0, n), or -1.
func outside(fs []int, n int) int {
	for _, f := range fs {
		if f < 0 || f >= n {
			return f
		}
	}
	return -1
}

// multisetApply appends to dst, sorted, the multiset base plus add minus remove, and reports
// false when remove takes out an index more often than base and add hold it.
func multisetApply(dst, base, add, remove []int) ([]int, bool) {
	count := map[int]int{}
	for _, f := range base {
		count[f]++
	}
	for _, f := range add {
		count[f]++
	}
	for _, f := range remove {
		count[f]--
	}
	ok := true
	for f, k := range count {
		ok = ok && k >= 0
		for range k {
			dst = append(dst, f)
		}
	}
	slices.Sort(dst)
	return dst, ok
}
