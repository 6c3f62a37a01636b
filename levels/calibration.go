package levels

// The measured tables, calibration_xiangqi.go and calibration_chess.go, are written by
// examples/dev/calibrate (about 45 minutes a game on 2 cores; see docs/levels.md, where it writes them too):
//
//go:generate go run ../examples/dev/calibrate -root .. -games 100 -nodes 28000 -concurrency 2 -resign-moves 4 -resign-score 1500
//go:generate go run ../examples/dev/calibrate -root .. -game chess -games 100 -nodes 52000 -concurrency 2 -resign-moves 4 -resign-score 1000

// Measured is one level's measured rating: a match of Games games against a rated peer
// (Fairy-Stockfish 11.1 for xiangqi, Stockfish 15.1 for chess) set to UCI_Elo Peer, played
// by examples/dev/calibrate.
type Measured struct {
	Level  int    // the level's Number
	Name   string // the level's Name when measured
	Stated int    // the level's stated rating when measured
	Peer   int    // the peer's UCI_Elo setting
	// Elo is the measured rating, Peer plus the match's Elo difference; Low and High bound
	// its 95 % confidence interval (clamped to Peer ± 800 when the interval is open).
	Elo, Low, High int
	W, D, L        int    // wins, draws and losses from the level's side
	Games          int    // games played
	MoveTime       string // time or nodes per move of both engines, e.g. "100ms" or "28000 nodes"
	Date           string // UTC date of the measurement, YYYY-MM-DD
	Build          string // git describe of the source measured
}

// Calibration returns the measured ratings of the levels in game g, weakest first; empty
// for a game not yet measured. examples/dev/calibrate writes them.
func Calibration(g Scale) []Measured {
	if g == Chess {
		return append([]Measured(nil), calibrationChess...)
	}
	return append([]Measured(nil), calibrationXiangqi...)
}
