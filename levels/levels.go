package levels

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	"github.com/cotuong-ai/cotuong/gamesearch"
)

// Scale is the rating scale of a game's level ratings, one per game: xiangqi ratings are on
// Fairy-Stockfish 11.1's UCI_Elo scale, chess ratings on Stockfish 15.1's. Both engines use
// Stockfish's CCRL-anchored formula, so both are chess Elo scales (CCRL 40/4), not a xiangqi
// federation's rating.
type Scale int

// The two games' scales.
const (
	Xiangqi Scale = iota
	Chess
)

// String returns "xiangqi" or "chess".
func (g Scale) String() string {
	if g == Chess {
		return "chess"
	}
	return "xiangqi"
}

// Describe names the rating scale g in words, for the fine print: "Elo on Fairy-Stockfish 11.1's
// UCI_Elo scale (CCRL-anchored, a chess scale)".
func (g Scale) Describe() string {
	if g == Chess {
		return "Elo on Stockfish 15.1's UCI_Elo scale (CCRL-anchored, a chess scale)"
	}
	return "Elo on Fairy-Stockfish 11.1's UCI_Elo scale (CCRL-anchored, a chess scale)"
}

// Level is one playing strength of the computer: its name, its stated rating in each game,
// how its search is capped and how it picks a move among the searched lines.
//
// A level below full strength may evaluate without the game's positional knowledge (Plain),
// and searches Lines root lines (MultiPV) within the Depth and Nodes
// caps and plays one of them (Choose): each line's score gets a fixed per-game noise of at
// most ±Noise centipawns, and a line whose noisy score is within Margin of the best noisy
// score is drawn with weight Margin - (best - score) + 1. So a line is chosen only when its
// true score is within Margin + 2·Noise of the best line's: a level whose bound is below a
// chariot's value never leaves one to be taken for nothing. With probability Slip percent a
// move is chosen with SlipMargin in place of Margin (the bottom levels' oversights).
type Level struct {
	// Number is the level's place on the ladder, 1 (weakest) to len(All()).
	Number int
	// Name is the level's display name, e.g. "Beginner".
	Name string
	// Elo is the stated rating per game (index Xiangqi, Chess), on the scale Scale.Describe
	// names.
	Elo [2]int
	// Depth is the deepest iteration searched, in plies; 0 means no cap.
	Depth int
	// Nodes caps the nodes searched per move; 0 means no cap.
	Nodes int64
	// Time is the thinking time per move: the search's budget, and the natural pause a
	// frontend waits before showing the move (see Pause).
	Time time.Duration
	// Lines is the number of root lines searched (MultiPV) to choose from; 1 means the best
	// move is always played.
	Lines int
	// Margin, in centipawns, is how much worse than the best (noisy) line a chosen line may
	// be.
	Margin int
	// Noise, in centipawns, bounds the per-game evaluation noise added to each root line.
	Noise int
	// Slip is the chance, in percent, that a move is chosen with SlipMargin instead of
	// Margin.
	Slip int
	// SlipMargin, in centipawns, is the margin of a slip.
	SlipMargin int
	// Plain switches off evaluation knowledge: the level evaluates with material and
	// piece-square values only, without the game's positional terms (mobility, the piece
	// patterns, pins, the attack on the general or king; SetPlainEval of games/xiangqi and
	// games/chess). It plays like a person who counts material and knows good squares but
	// not the finer points.
	Plain bool
}

// RatedMoveTime is the time per move at which the ratings are measured (examples/dev/calibrate,
// both engines): the scale every stated and measured rating refers to.
const RatedMoveTime = 100 * time.Millisecond

// The ladder, weakest first. The stated ratings are the design targets the calibration
// (examples/dev/calibrate, calibration.go) measures against; the first three keep the 300, 700
// and 1200 ms thinking times of the original Easy, Medium and Hard.
//
// Every level below Master is decided by its caps, never by a clock: its depth cap, and for
// the upper ones a node cap, stop the search within 28 000 nodes, about 30-50 ms of one core of
// the reference machine (600 000-900 000 xiangqi nodes a second), so the same search is played
// at the calibration's budget (28 000 xiangqi or 52 000 chess nodes a move, about 100 ms of
// the peer's search, RatedMoveTime) and in the app, which lets it think longer (Time is then
// only the natural pause). A level's rating is therefore the strength a person meets in the
// app. Master is full strength: it is rated at that budget or at RatedMoveTime (the table's
// MoveTime says which), and where it thinks longer (3 s in the app) it plays stronger than its
// rating (Describe says so).
var ladder = []Level{
	{Number: 1, Name: "Beginner", Elo: [2]int{1150, 1000}, Depth: 1, Time: 300 * time.Millisecond,
		Lines: 8, Margin: 150, Noise: 60, Slip: 20, SlipMargin: 330, Plain: true},
	{Number: 2, Name: "Novice", Elo: [2]int{1350, 1150}, Depth: 1, Time: 700 * time.Millisecond,
		Lines: 5, Margin: 40, Noise: 30, Slip: 4, SlipMargin: 300, Plain: true},
	{Number: 3, Name: "Casual", Elo: [2]int{1550, 1300}, Depth: 1, Time: 1200 * time.Millisecond,
		Lines: 4, Margin: 40, Noise: 30},
	{Number: 4, Name: "Intermediate", Elo: [2]int{1750, 1450}, Depth: 2, Time: 1600 * time.Millisecond,
		Lines: 4, Margin: 40, Noise: 30},
	{Number: 5, Name: "Club player", Elo: [2]int{1900, 1600}, Depth: 4, Nodes: 8_000, Time: 2 * time.Second,
		Lines: 3, Margin: 15, Noise: 20},
	{Number: 6, Name: "Strong club player", Elo: [2]int{2050, 1750}, Depth: 6, Nodes: 14_000, Time: 2400 * time.Millisecond,
		Lines: 2, Margin: 10, Noise: 15},
	{Number: 7, Name: "Expert", Elo: [2]int{2200, 1900}, Depth: 12, Nodes: 28_000, Time: 2700 * time.Millisecond,
		Lines: 2, Margin: 0, Noise: 10},
	{Number: 8, Name: "Master", Elo: [2]int{2450, 2050}, Time: 3 * time.Second, Lines: 1},
}

// The levels under the names Easy, Medium, Hard and Master, which Parse also accepts as
// aliases: Easy is Beginner, Medium Novice, Hard Casual, and Master is full strength.
var (
	// Easy is the weakest level, Beginner.
	Easy = ladder[0]
	// Medium is Novice.
	Medium = ladder[1]
	// Hard is Casual.
	Hard = ladder[2]
	// Master is full strength.
	Master = ladder[len(ladder)-1]
)

// aliases maps the alias names Parse accepts to their levels' places on the ladder.
var aliases = map[string]int{"easy": 0, "medium": 1, "hard": 2, "master": len(ladder) - 1}

// All lists the levels from weakest to strongest. The slice is a copy.
func All() []Level { return append([]Level(nil), ladder...) }

// Default is the level a new game starts with.
var Default = Medium

// Full reports whether l is full strength: no cap and always the best line.
func (l Level) Full() bool {
	return l.Depth == 0 && l.Nodes == 0 && l.Lines <= 1 && l.Noise == 0 && l.Slip == 0 && !l.Plain
}

// Limits returns the search limits of the level: its depth and node caps, its thinking time
// and its MultiPV line count.
func (l Level) Limits() gamesearch.Limits {
	lim := gamesearch.Limits{Depth: l.Depth, Nodes: l.Nodes, Time: l.Time}
	if l.Lines > 1 {
		lim.MultiPV = l.Lines
	}
	return lim
}

// Apply narrows lim (a GUI's limits) to the level's depth and node caps and widens its
// MultiPV to the level's line count. The time is left alone. At full strength lim is
// returned unchanged.
func (l Level) Apply(lim gamesearch.Limits) gamesearch.Limits {
	if l.Full() {
		return lim
	}
	if l.Depth > 0 && (lim.Depth <= 0 || lim.Depth > l.Depth) {
		lim.Depth = l.Depth
	}
	if l.Nodes > 0 && (lim.Nodes <= 0 || lim.Nodes > l.Nodes) {
		lim.Nodes = l.Nodes
	}
	lim.MultiPV = max(lim.MultiPV, l.Lines)
	return lim
}

// Pause returns how long a frontend lets the level appear to think before it shows a move
// in a position with legalMoves legal moves: Time scaled from 0.7× (few moves) to 1.3× (45
// or more), and a third of Time for a forced move. The search itself stops earlier at the
// level's caps; the frontend waits for the rest.
func (l Level) Pause(legalMoves int) time.Duration {
	if legalMoves <= 1 {
		return l.Time / 3
	}
	m := time.Duration(min(legalMoves, 45))
	return l.Time*7/10 + l.Time*6*m/450
}

// Rating returns the stated rating of the level in game g.
func (l Level) Rating(g Scale) int { return l.Elo[g] }

// String returns the level's name.
func (l Level) String() string { return l.Name }

// Describe returns a one-line summary in plain words, such as
// "Casual: plays at about 1550 Elo", and for full strength "Master: full strength, about
// 2450 Elo at 0.1 s a move, stronger when it thinks longer" (its rating is measured at
// RatedMoveTime; a capped level plays the same at any thinking time). The scale is named
// once by Scale.Describe, wherever the list is shown.
func (l Level) Describe(g Scale) string {
	if l.Full() {
		return fmt.Sprintf("%s: full strength, about %d Elo at %s a move, stronger when it thinks longer",
			l.Name, l.Elo[g], secs(RatedMoveTime))
	}
	return fmt.Sprintf("%s: plays at about %d Elo", l.Name, l.Elo[g])
}

// secs formats d in seconds for people: "0.1 s", "3 s".
func secs(d time.Duration) string {
	return strconv.FormatFloat(d.Seconds(), 'f', -1, 64) + " s"
}

// Names returns the levels' names in lower case, weakest first, for help texts:
// "beginner, novice, ...".
func Names() string {
	var s []string
	for _, l := range ladder {
		s = append(s, strings.ToLower(l.Name))
	}
	return strings.Join(s, ", ")
}

// Parse returns the level named name, case-insensitively ("beginner", "Club player",
// "club-player"), or numbered 1 (weakest) to len(All()). The names easy, medium and hard
// are accepted as aliases of Beginner, Novice and Casual. An unknown name is an error that
// lists the valid names.
func Parse(name string) (Level, error) {
	s := strings.TrimSpace(name)
	if n, err := strconv.Atoi(s); err == nil {
		if n >= 1 && n <= len(ladder) {
			return ladder[n-1], nil
		}
		return Level{}, fmt.Errorf("levels: level number %d out of range 1..%d", n, len(ladder))
	}
	norm := func(x string) string {
		return strings.ToLower(strings.NewReplacer("-", " ", "_", " ").Replace(strings.TrimSpace(x)))
	}
	for _, l := range ladder {
		if norm(s) == norm(l.Name) {
			return l, nil
		}
	}
	if i, ok := aliases[norm(s)]; ok {
		return ladder[i], nil
	}
	return Level{}, fmt.Errorf("levels: unknown level %q (want a number 1..%d or one of: %s)", name, len(ladder), Names())
}

// Interpolate returns the level at ladder position x, counted from 0 (the weakest) to len(All())-1
// (full strength), interpolating between the two levels around a fractional x: thinking time,
// margins, noise, slip chance and line count linearly, the node cap geometrically; a cap
// that one side lacks is taken from the nearer level. x is clamped to the ladder. The result
// carries the nearer level's Number, Name and Plain.
func Interpolate(x float64) Level {
	x = max(0, min(float64(len(ladder)-1), x))
	i := int(math.Floor(x))
	if i == len(ladder)-1 {
		return ladder[i]
	}
	f := x - float64(i)
	if f == 0 {
		return ladder[i]
	}
	a, b := ladder[i], ladder[i+1]
	near := a
	if f >= 0.5 {
		near = b
	}
	lerp := func(p, q int) int { return int(math.Round(float64(p) + f*float64(q-p))) }
	out := near
	for g := range out.Elo {
		out.Elo[g] = lerp(a.Elo[g], b.Elo[g])
	}
	out.Time = time.Duration(float64(a.Time) + f*float64(b.Time-a.Time))
	out.Lines = lerp(a.Lines, b.Lines)
	out.Margin = lerp(a.Margin, b.Margin)
	out.Noise = lerp(a.Noise, b.Noise)
	out.Slip = lerp(a.Slip, b.Slip)
	out.SlipMargin = lerp(a.SlipMargin, b.SlipMargin)
	if a.Depth > 0 && b.Depth > 0 {
		out.Depth = lerp(a.Depth, b.Depth)
	}
	if a.Nodes > 0 && b.Nodes > 0 {
		out.Nodes = int64(math.Round(float64(a.Nodes) * math.Pow(float64(b.Nodes)/float64(a.Nodes), f)))
	}
	return out
}

// EloRange returns the lowest and highest stated ratings over both games: the range a
// UCI_Elo option covers.
func EloRange() (lo, hi int) {
	lo, hi = math.MaxInt, math.MinInt
	for _, l := range ladder {
		for _, e := range l.Elo {
			lo, hi = min(lo, e), max(hi, e)
		}
	}
	return lo, hi
}

// ForElo returns the level that plays at rating elo in game g, interpolated between the two
// levels whose stated ratings surround it (At); a rating outside the ladder gives its
// weakest or strongest level.
func ForElo(g Scale, elo int) Level {
	if elo <= ladder[0].Elo[g] {
		return ladder[0]
	}
	for i := 1; i < len(ladder); i++ {
		lo, hi := ladder[i-1].Elo[g], ladder[i].Elo[g]
		if elo <= hi {
			return Interpolate(float64(i-1) + float64(elo-lo)/float64(hi-lo))
		}
	}
	return ladder[len(ladder)-1]
}

// ForSkill maps a Skill Level from 0 (the weakest level) to 20 (full strength) linearly onto
// the ladder (At); skill is clamped to 0..20.
func ForSkill(skill int) Level {
	skill = max(0, min(20, skill))
	return Interpolate(float64(skill) * float64(len(ladder)-1) / 20)
}

// Noise is a per-game evaluation noise: a fixed pseudo-random offset for each (position,
// move) key, the same every time within a game and different in a game with another seed.
// The zero Noise is a valid noise of seed 0.
type Noise struct{ seed uint64 }

// NewNoise returns the noise of a game seeded by seed; frontends draw seed at random when a
// game starts.
func NewNoise(seed uint64) Noise { return Noise{seed: seed} }

// NoiseKey combines a position's hash and a move (the game's packed move) into a noise key.
// Package engine, through which every front end plays a level, hashes the position's FEN
// with FNV-1a (engine.Strength.Choose), the key the calibration measured.
func NoiseKey(posHash, move uint64) uint64 { return posHash ^ mix(move+0x9e3779b97f4a7c15) }

// Of returns the noise of key in centipawns, uniform in -amp..amp (0 when amp <= 0).
func (n Noise) Of(key uint64, amp int) int {
	if amp <= 0 {
		return 0
	}
	return int(mix(n.seed^mix(key))%uint64(2*amp+1)) - amp
}

// mix is SplitMix64's finaliser.
func mix(z uint64) uint64 {
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// Candidate is one searched root line as Choose sees it: its noise key (Key of the root
// position and the line's first move) and its score in centipawns from the side to move
// (mate scores as gamesearch gives them).
type Candidate struct {
	Key   uint64
	Score int
}

// Choose returns the index of the line to play among lines (best first, as a MultiPV search
// returns them), by the rule described at Level: per-game noise n, then a draw weighted by
// score within the margin, using rng for the draw and for a slip. A level at full strength,
// a single line, or a best line that mates returns 0; a line that is mated is never chosen
// when another is not.
func (l Level) Choose(lines []Candidate, n Noise, rng *rand.Rand) int {
	if l.Lines <= 1 || len(lines) < 2 {
		return 0
	}
	best := lines[0].Score
	if gamesearch.IsMate(best) {
		return 0 // a forced mate is always played; when every line is mated, the longest
	}
	margin := l.Margin
	if l.Slip > 0 && rng.IntN(100) < l.Slip {
		margin = l.SlipMargin
	}
	noisy := make([]int, len(lines))
	top := math.MinInt
	for i, c := range lines {
		noisy[i] = math.MinInt
		if gamesearch.IsMate(c.Score) {
			continue // mated: never chosen
		}
		noisy[i] = c.Score + n.Of(c.Key, l.Noise)
		top = max(top, noisy[i])
	}
	if margin <= 0 {
		for i, s := range noisy {
			if s == top {
				return i // no draw: the best noisy line, the better true score on a tie
			}
		}
	}
	weights := make([]int, len(lines))
	total := 0
	for i, s := range noisy {
		if s == math.MinInt {
			continue
		}
		if d := top - s; d <= margin {
			weights[i] = margin - d + 1
			total += weights[i]
		}
	}
	r := rng.IntN(total)
	for i, w := range weights {
		if r < w {
			return i
		}
		r -= w
	}
	return 0
}
