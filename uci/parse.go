package uci

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Kind says which command a line holds.
type Kind int

// The commands of UCI and UCCI that an engine answers.
const (
	// BlankLine is a line with nothing but white space in it. It is no command: the engine
	// answers nothing and ignores it.
	BlankLine  Kind = iota
	UCI             // "uci": identify, list options, "uciok"
	UCCI            // "ucci": the same in UCCI form, ending with "ucciok"
	IsReady         // "isready": answer "readyok"
	UCINewGame      // "ucinewgame": the next position is from a new game
	SetOption       // "setoption name N [value V]" (UCI) or "setoption N [V]" (UCCI)
	Position        // "position startpos|fen F [moves m...]"
	Go              // "go ..." (search or perft)
	Stop            // "stop": end the search, print bestmove
	PonderHit       // "ponderhit": the predicted move was played
	Quit            // "quit"
	Debug           // "debug on|off"
	Register        // "register ..." (accepted and ignored)
	BanMoves        // "banmoves m..." (UCCI): exclude root moves from the next search
	Display         // "d": print the current position (a Stockfish extension)
	Probe           // "probe startpos|fen F [moves m...]" (UCCI): what the table knows
)

var kindNames = map[string]Kind{
	"uci": UCI, "ucci": UCCI, "isready": IsReady, "ucinewgame": UCINewGame,
	"setoption": SetOption, "position": Position, "go": Go, "stop": Stop,
	"ponderhit": PonderHit, "quit": Quit, "debug": Debug, "register": Register,
	"banmoves": BanMoves, "d": Display, "probe": Probe,
}

// String returns the command word of k ("" for BlankLine).
func (k Kind) String() string {
	for name, kk := range kindNames {
		if kk == k {
			return name
		}
	}
	return ""
}

// Command is one parsed line.
type Command struct {
	Kind Kind

	// Position: StartPos is true for "startpos"; otherwise FEN holds the FEN fields joined by
	// single spaces. Moves are the moves after "moves", as received.
	StartPos bool
	FEN      string
	Moves    []string

	// SetOption: the option's name (spaces inside kept, case as received) and value ("" if
	// none was given).
	Option, Value string

	// Go: the search limits.
	Go GoParams

	// Debug: "on" or "off".
	On bool

	// Warnings lists problems that did not stop the command: an unknown or malformed token in
	// a "go" line (the engine still searches, with the limits it understood).
	Warnings []string
}

// GoParams holds the limits of a "go" command. Zero means "not given" unless a Has flag says
// otherwise.
type GoParams struct {
	// UCI clock: remaining time and increment per move of White/Red (W) and Black (B).
	WTime, BTime, WInc, BInc time.Duration
	HasWTime, HasBTime       bool
	// MovesToGo is the number of moves to the next time control; 0 = sudden death.
	MovesToGo int
	// MoveTime is the exact time to search; 0 = not given.
	MoveTime time.Duration
	// Depth in plies, Nodes, and Mate (search for a mate in at most Mate moves); 0 = none.
	Depth int
	Nodes int64
	Mate  int
	// Infinite: search until "stop". Ponder: search in ponder mode until "ponderhit"/"stop".
	Infinite, Ponder bool
	// Perft > 0 asks for "go perft N" (count leaves at depth N) instead of a search.
	Perft int
	// SearchMoves restricts the root to these moves (UCI "searchmoves").
	SearchMoves []string

	// UCCI clock of the side to move ("time", "increment", "movestogo") and of the opponent
	// ("opptime", "oppincrement", "oppmovestogo").
	OwnTime, OwnInc, OppTime, OppInc time.Duration
	HasOwnTime                       bool
	OppMovesToGo                     int
	// Draw: UCCI "go draw", the opponent offers a draw.
	Draw bool

	// Invalid lists the limit keywords whose value was missing, not a number, or out of
	// range (a negative or zero depth, nodes or mate; a negative time, increment or
	// moves-to-go), e.g. "depth". Each is also named in a warning. A depth, nodes or mate
	// limit with a bad value is left out (zero); a bad clock value counts as 0 ms.
	Invalid []string
}

// ParseError is returned for a line that cannot be carried out. Its message names the
// command and what was wrong.
type ParseError struct {
	Command string
	Msg     string
}

// Error returns the message: "go: ...", the command first when there is one.
func (e *ParseError) Error() string {
	if e.Command == "" {
		return e.Msg
	}
	return e.Command + ": " + e.Msg
}

func errf(cmd, format string, args ...any) error {
	return &ParseError{Command: cmd, Msg: fmt.Sprintf(format, args...)}
}

// Parse parses one line. uccTimeUnit is the unit of the UCCI "time", "increment", "opptime"
// and "oppincrement" values (time.Second by default in UCCI, time.Millisecond after
// "setoption usemillisec true"); zero means milliseconds. UCI times are always milliseconds.
//
// An error (a *ParseError) means the command must not be carried out; problems that still
// let the command run are returned in Command.Warnings.
func Parse(line string, ucciTimeUnit time.Duration) (Command, error) {
	if ucciTimeUnit <= 0 {
		ucciTimeUnit = time.Millisecond
	}
	f := strings.Fields(line)
	if len(f) == 0 {
		return Command{Kind: BlankLine}, nil
	}
	k, ok := kindNames[f[0]]
	if !ok {
		name := f[0]
		if len(name) > 40 {
			name = name[:40] + "..."
		}
		return Command{}, errf("", "unknown command %q", name)
	}
	c := Command{Kind: k}
	args := f[1:]
	switch k {
	case SetOption:
		return parseSetOption(c, args)
	case Position, Probe:
		return parsePosition(c, args)
	case Go:
		c.Go, c.Warnings = parseGo(args, ucciTimeUnit)
		return c, nil
	case BanMoves:
		c.Moves = args
	case Debug:
		if len(args) != 1 || (args[0] != "on" && args[0] != "off") {
			return Command{}, errf("debug", "want \"on\" or \"off\"")
		}
		c.On = args[0] == "on"
	}
	return c, nil
}

func parseSetOption(c Command, args []string) (Command, error) {
	if len(args) == 0 {
		return Command{}, errf("setoption", "missing option name")
	}
	if args[0] != "name" { // UCCI: setoption <name> [<value>]
		c.Option = args[0]
		c.Value = strings.Join(args[1:], " ")
		return c, nil
	}
	var name, value []string
	inValue := false
	for _, a := range args[1:] {
		switch {
		case !inValue && a == "value":
			inValue = true
		case inValue:
			value = append(value, a)
		default:
			name = append(name, a)
		}
	}
	if len(name) == 0 {
		return Command{}, errf("setoption", "missing option name after \"name\"")
	}
	c.Option = strings.Join(name, " ")
	c.Value = strings.Join(value, " ")
	return c, nil
}

func parsePosition(c Command, args []string) (Command, error) {
	name := c.Kind.String()
	if len(args) == 0 {
		return Command{}, errf(name, "expected \"startpos\" or \"fen <FEN>\"")
	}
	rest := args[1:]
	switch args[0] {
	case "startpos":
	case "fen":
		var fen []string
		for len(rest) > 0 && rest[0] != "moves" {
			fen = append(fen, rest[0])
			rest = rest[1:]
		}
		if len(fen) == 0 {
			return Command{}, errf(name, "\"fen\" is not followed by a FEN")
		}
		c.FEN = strings.Join(fen, " ")
	default:
		return Command{}, errf(name, "expected \"startpos\" or \"fen <FEN>\", got %q", clip(args[0]))
	}
	c.StartPos = args[0] == "startpos"
	if len(rest) > 0 {
		if rest[0] != "moves" {
			return Command{}, errf(name, "expected \"moves\" after startpos, got %q", clip(rest[0]))
		}
		c.Moves = rest[1:]
	}
	return c, nil
}

func parseGo(args []string, unit time.Duration) (GoParams, []string) {
	var g GoParams
	var warn []string
	bad := func(name, format string, a ...any) {
		msg := fmt.Sprintf(format, a...)
		if name == "perft" {
			// A go that asked for a count is not turned into a search (Engine refuses it).
			msg = strings.TrimSuffix(msg, "; ignored") + "; nothing is counted and no search is started"
		}
		warn = append(warn, "go: "+name+": "+msg)
		g.Invalid = append(g.Invalid, name)
	}
	ms := func(n int64) time.Duration { return clampDur(n, time.Millisecond) }
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch a {
		case "infinite":
			g.Infinite = true
		case "ponder":
			g.Ponder = true
		case "draw":
			g.Draw = true
		case "searchmoves":
			for i+1 < len(args) && !isGoKeyword(args[i+1]) {
				g.SearchMoves = append(g.SearchMoves, args[i+1])
				i++
			}
		case "wtime", "btime", "winc", "binc", "movetime", "time", "increment", "opptime",
			"oppincrement", "movestogo", "oppmovestogo", "depth", "nodes", "mate", "perft":
			if i+1 >= len(args) || isGoKeyword(args[i+1]) {
				bad(a, "needs a number")
				continue
			}
			i++
			n, err := strconv.ParseInt(args[i], 10, 64)
			if err != nil {
				if ne, ok := err.(*strconv.NumError); ok && ne.Err == strconv.ErrRange {
					// A huge number: saturate (a clock or limit that large means "no limit"
					// in practice, and stays bounded).
					n = 1<<63 - 1
					if strings.HasPrefix(args[i], "-") {
						n = -1 << 63
					}
					warn = append(warn, fmt.Sprintf("go: %s: %q is out of range; using %d", a, clip(args[i]), n))
				} else {
					bad(a, "%q is not a number; ignored", clip(args[i]))
					continue
				}
			}
			switch a {
			case "wtime", "btime", "winc", "binc", "time", "increment", "opptime", "oppincrement":
				if n < 0 {
					bad(a, "%d is negative; using 0", n)
				}
			case "movestogo", "oppmovestogo":
				if n < 0 {
					bad(a, "%d is negative; ignored", n)
					continue
				}
			case "depth", "nodes", "mate", "perft":
				if n <= 0 {
					bad(a, "%d is not positive; ignored", n)
					continue
				}
			}
			switch a {
			case "wtime":
				g.WTime, g.HasWTime = ms(n), true
			case "btime":
				g.BTime, g.HasBTime = ms(n), true
			case "winc":
				g.WInc = ms(n)
			case "binc":
				g.BInc = ms(n)
			case "movetime":
				g.MoveTime = ms(n)
				if n <= 0 {
					warn = append(warn, fmt.Sprintf("go: movetime: %d is not positive; using 1 ms", n))
					g.MoveTime = time.Millisecond
				}
			case "time":
				g.OwnTime, g.HasOwnTime = clampDur(n, unit), true
			case "increment":
				g.OwnInc = clampDur(n, unit)
			case "opptime":
				g.OppTime = clampDur(n, unit)
			case "oppincrement":
				g.OppInc = clampDur(n, unit)
			case "movestogo":
				g.MovesToGo = clampInt(n, 0, 1000)
			case "oppmovestogo":
				g.OppMovesToGo = clampInt(n, 0, 1000)
			case "depth":
				g.Depth = clampInt(n, 0, 1000)
			case "nodes":
				g.Nodes = n
			case "mate":
				g.Mate = clampInt(n, 0, 1000)
			case "perft":
				g.Perft = clampInt(n, 0, 1000)
			}
		default:
			warn = append(warn, fmt.Sprintf("go: unknown token %q ignored", clip(a)))
		}
	}
	return g, warn
}

func isGoKeyword(s string) bool {
	switch s {
	case "infinite", "ponder", "draw", "searchmoves", "wtime", "btime", "winc", "binc",
		"movetime", "time", "increment", "opptime", "oppincrement", "movestogo",
		"oppmovestogo", "depth", "nodes", "mate", "perft":
		return true
	}
	return false
}

// clampDur converts n units to a duration, treating negative values as 0 and saturating
// instead of overflowing.
func clampDur(n int64, unit time.Duration) time.Duration {
	if n <= 0 {
		return 0
	}
	const maxDur = time.Duration(1<<63 - 1)
	if n > int64(maxDur/unit) {
		return maxDur
	}
	return time.Duration(n) * unit
}

func clampInt(n int64, lo, hi int) int {
	if n < int64(lo) {
		return lo
	}
	if n > int64(hi) {
		return hi
	}
	return int(n)
}
