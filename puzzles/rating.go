package puzzles

import "math"

// Rating is a Glicko-2 rating on the Glicko scale: R the rating, RD the rating deviation
// (both in rating points) and Vol the volatility σ. It follows Mark E. Glickman, "Example of
// the Glicko-2 system" (Boston University, 2013; glicko.net/glicko/glicko2.pdf), steps 1-8.
// As on lichess, the player and each puzzle have one, and an attempt is a game between them:
// RecordAttempt updates both.
type Rating struct {
	R, RD, Vol float64
}

// Glicko-2's settings here (Glickman's step 1).
const (
	// Tau (τ) constrains the change of the volatility; Glickman advises 0.3 to 1.2.
	Tau = 0.75
	// glickoScale converts between the Glicko and Glicko-2 scales (Glickman's 173.7178).
	glickoScale = 173.7178
	// volEpsilon is the convergence tolerance of the volatility iteration (Glickman's ε).
	volEpsilon = 0.000001
	// MinRD and MaxRD bound a rating deviation after an update: a rating never becomes
	// certain, and never less certain than a new one.
	MinRD, MaxRD = 45, 350
)

// NewRating returns the rating of a new player: 1500, RD 350, volatility 0.06 (Glickman's
// step 1).
func NewRating() Rating { return Rating{R: 1500, RD: 350, Vol: 0.06} }

// PuzzleRating returns the starting rating of a puzzle of difficulty d (the depth, in plies,
// at which the search finds its solution; see Puzzle.Difficulty): 1000 + 100·d, from 1100 for
// a first-iteration solution to 2500 at 15 plies and more, with RD 300 (uncertain: players'
// results move it).
func PuzzleRating(d int) Rating {
	return Rating{R: 1000 + 100*float64(min(max(d, 1), 15)), RD: 300, Vol: 0.06}
}

// Game is one result of a rating period: the opponent's rating and the score, 1 for a win
// and 0 for a loss (½ for a draw).
type Game struct {
	Opponent Rating
	Score    float64
}

func gPhi(phi float64) float64 { return 1 / math.Sqrt(1+3*phi*phi/(math.Pi*math.Pi)) }

// Update returns r after a rating period with the given games (Glickman's steps 2-8, τ =
// tau). With no games only the deviation grows (step 6). The deviation is kept within
// MinRD and MaxRD.
func (r Rating) Update(games []Game, tau float64) Rating {
	mu := (r.R - 1500) / glickoScale
	phi := r.RD / glickoScale
	if len(games) == 0 {
		return Rating{R: r.R, RD: clampRD(glickoScale * math.Sqrt(phi*phi+r.Vol*r.Vol)), Vol: r.Vol}
	}
	var vInv, sum float64
	for _, gm := range games {
		muj := (gm.Opponent.R - 1500) / glickoScale
		phij := gm.Opponent.RD / glickoScale
		g := gPhi(phij)
		e := 1 / (1 + math.Exp(-g*(mu-muj)))
		vInv += g * g * e * (1 - e)
		sum += g * (gm.Score - e)
	}
	v := 1 / vInv
	delta := v * sum
	// Step 5: the new volatility by the Illinois algorithm.
	a := math.Log(r.Vol * r.Vol)
	f := func(x float64) float64 {
		ex := math.Exp(x)
		d := phi*phi + v + ex
		return ex*(delta*delta-phi*phi-v-ex)/(2*d*d) - (x-a)/(tau*tau)
	}
	A := a
	var B float64
	if delta*delta > phi*phi+v {
		B = math.Log(delta*delta - phi*phi - v)
	} else {
		k := 1.0
		for f(a-k*tau) < 0 {
			k++
		}
		B = a - k*tau
	}
	fA, fB := f(A), f(B)
	for i := 0; math.Abs(B-A) > volEpsilon && i < 100; i++ {
		C := A + (A-B)*fA/(fB-fA)
		fC := f(C)
		if fC*fB <= 0 {
			A, fA = B, fB
		} else {
			fA /= 2
		}
		B, fB = C, fC
	}
	vol := math.Exp(A / 2)
	// Steps 6-8.
	phiStar := math.Sqrt(phi*phi + vol*vol)
	phiNew := 1 / math.Sqrt(1/(phiStar*phiStar)+1/v)
	muNew := mu + phiNew*phiNew*sum
	return Rating{R: glickoScale*muNew + 1500, RD: clampRD(glickoScale * phiNew), Vol: vol}
}

func clampRD(rd float64) float64 { return min(max(rd, MinRD), MaxRD) }

// RecordAttempt updates the player's and the puzzle's ratings after one attempt, each
// against the other's rating before it, as one game of a rating period (τ = Tau): solved is
// a win for the player and a loss for the puzzle.
func RecordAttempt(player, puzzle Rating, solved bool) (Rating, Rating) {
	s := 0.0
	if solved {
		s = 1
	}
	return player.Update([]Game{{Opponent: puzzle, Score: s}}, Tau),
		puzzle.Update([]Game{{Opponent: player, Score: 1 - s}}, Tau)
}

// Record is a player's puzzle record as an app keeps it: the player's rating and the rating
// of each puzzle attempted, by ID (a puzzle not in the map has PuzzleRating of its
// difficulty). The zero Record is a new player's. Its fields are exported for saving as
// JSON.
type Record struct {
	Player  Rating            `json:"player"`
	Puzzles map[string]Rating `json:"puzzles,omitempty"`
}

// PlayerRating returns the player's rating (NewRating for a new player).
func (r Record) PlayerRating() Rating {
	if r.Player.RD == 0 {
		return NewRating()
	}
	return r.Player
}

// Rating returns p's rating in the record: its own once attempted, else PuzzleRating of its
// difficulty.
func (r Record) Rating(p Puzzle) Rating {
	if pr, ok := r.Puzzles[p.ID()]; ok {
		return pr
	}
	return PuzzleRating(p.Difficulty)
}

// Result records an attempt at p (RecordAttempt) and returns the player's rating before and
// after it.
func (r *Record) Result(p Puzzle, solved bool) (before, after Rating) {
	before = r.PlayerRating()
	after, pr := RecordAttempt(before, r.Rating(p), solved)
	r.Player = after
	if r.Puzzles == nil {
		r.Puzzles = map[string]Rating{}
	}
	r.Puzzles[p.ID()] = pr
	return before, after
}
