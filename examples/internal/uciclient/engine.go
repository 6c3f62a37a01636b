// Package uciclient drives an outside UCI engine as a child process, for the programs that
// play or compare engines (examples/dev/match, examples/dev/reviewcheck): the uci/isready handshake,
// options, positions and go commands, with a deadline on every read and write, so that a
// silent or crashed engine is killed and reported as an *Error instead of hanging the caller.
// Xiangqi engines that number ranks 1-10 (Fairy-Stockfish, Sjaak II) are spoken to through a
// RankShift codec, so callers always use this module's coordinates (ranks 0-9).
package uciclient

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/cotuong-ai/cotuong/engine"
)

// Failure kinds an engine can be charged with (Error.Kind). In a match each one loses the game
// for that engine.
const (
	FailCrash   = "crash"        // the process exited or closed its output
	FailTimeout = "timeout"      // no answer before the read deadline (the process is killed)
	FailIllegal = "illegal move" // bestmove names a move that is not legal in the position
	FailNoMove  = "no move"      // bestmove (none)/0000 while the game is still in progress
	FailStart   = "start"        // could not start or finish the uci/isready handshake
	FailTime    = "lost on time" // clock mode: used more than its remaining time plus the margin
)

// Error is an engine failure: what went wrong (one of the Fail* kinds) and details.
type Error struct {
	Kind   string
	Detail string
}

// Error returns "kind: detail".
func (e *Error) Error() string {
	if e.Detail == "" {
		return e.Kind
	}
	return e.Kind + ": " + e.Detail
}

// Kind returns the Fail* kind of err (an *Error, possibly wrapped), or FailCrash for any
// other error.
func Kind(err error) string {
	var ee *Error
	if errors.As(err, &ee) {
		return ee.Kind
	}
	return FailCrash
}

// Config says how to start and set up one engine.
type Config struct {
	Command string      // program path
	Args    []string    // its arguments
	Label   string      // name used in reports (defaults to the engine's "id name")
	Options [][2]string // {name, value} pairs sent as setoption after the variant, in order
	// Ranks is the xiangqi rank convention: "auto" (Fairy-Stockfish and Sjaak II → 1-10,
	// others 0-9), "0-9" or "1-10". Ignored for chess.
	Ranks string
	// Letters renames FEN piece letters for the engine, as pairs "N=H,B=E" (ours=theirs, upper
	// case; lower case follows), "auto" (Sjaak II reads xiangqi horses and elephants as H and
	// E) or "" (none). It applies to positions sent as "position fen"; the start position is
	// sent as "position startpos".
	Letters string
}

// Engine is a running UCI engine. Every read has a deadline; on timeout the process (and its
// process group) is killed, so a match never hangs on a silent engine.
type Engine struct {
	cfg   Config
	Name  string // from "id name", or the command
	Codec MoveCodec

	startFEN string        // the game's start position: sent as "position startpos"
	letters  map[byte]byte // FEN letters renamed for this engine
	recent   []string      // the engine's last lines other than "info", for failure reports

	cmd    *exec.Cmd
	stdin  *os.File // write end of the engine's standard input (supports write deadlines)
	lines  chan string
	exited chan struct{}
	quit   chan struct{} // closed by Kill; stops the reader goroutine
	mu     sync.Mutex
	stderr strings.Builder
	dead   bool
}

// handshakeTimeout bounds uci→uciok and isready→readyok; writeTimeout bounds one write to
// the engine's input.
var (
	handshakeTimeout = 10 * time.Second
	writeTimeout     = 5 * time.Second
)

// Start starts the engine, runs the uci handshake, sets the variant (xiangqi) and the
// options, and waits for readyok. It returns an *Error of kind FailStart on failure.
func Start(cfg Config, game string) (*Engine, error) {
	e := &Engine{cfg: cfg, Name: cfg.Command, Codec: Identity{}}
	if v, err := engine.ParseVariant(game); err == nil {
		e.startFEN = engine.NewGame(v).StartFEN()
	}
	e.cmd = exec.Command(cfg.Command, cfg.Args...)
	setProcessGroup(e.cmd)
	e.cmd.WaitDelay = time.Second
	// Our own pipe rather than StdinPipe, so that writes can have a deadline: an engine that
	// stops reading its input cannot block the match once the pipe buffer is full.
	stdinR, stdin, err := os.Pipe()
	if err != nil {
		return nil, &Error{FailStart, err.Error()}
	}
	e.cmd.Stdin = stdinR
	stdout, err := e.cmd.StdoutPipe()
	if err != nil {
		return nil, &Error{FailStart, err.Error()}
	}
	e.cmd.Stderr = &lockedWriter{mu: &e.mu, b: &e.stderr}
	err = e.cmd.Start()
	stdinR.Close()
	if err != nil {
		stdin.Close()
		return nil, &Error{FailStart, err.Error()}
	}
	e.stdin = stdin
	e.lines = make(chan string, 1024)
	e.exited = make(chan struct{})
	e.quit = make(chan struct{})
	go func() {
		defer close(e.lines)
		sc := bufio.NewScanner(stdout)
		sc.Buffer(make([]byte, 64*1024), 1024*1024)
		for sc.Scan() {
			select {
			case e.lines <- strings.TrimRight(sc.Text(), "\r"):
			case <-e.quit:
				return
			}
		}
	}()
	go func() {
		_ = e.cmd.Wait()
		close(e.exited)
	}()

	if err := e.send("uci"); err != nil {
		e.Kill()
		return nil, duringStart("sending a command", err)
	}
	deadline := time.Now().Add(handshakeTimeout)
	for {
		line, err := e.readLine(deadline)
		if err != nil {
			e.Kill()
			return nil, duringStart("waiting for uciok", err)
		}
		if name, ok := strings.CutPrefix(line, "id name "); ok {
			e.Name = strings.TrimSpace(name)
		}
		if line == "uciok" {
			break
		}
	}
	if cfg.Label == "" {
		e.cfg.Label = e.Name
	}
	if game == "xiangqi" {
		name := strings.ToLower(e.Name)
		shift := 0
		switch cfg.Ranks {
		case "1-10":
			shift = 1
		case "0-9":
		default:
			if strings.Contains(name, "fairy-stockfish") || strings.Contains(name, "sjaak") {
				shift = 1
			}
		}
		letters := cfg.Letters
		if letters == "auto" {
			letters = ""
			if strings.Contains(name, "sjaak") {
				letters = "N=H,B=E"
			}
		}
		m, err := ParseLetters(letters)
		if err != nil {
			e.Kill()
			return nil, &Error{FailStart, err.Error()}
		}
		e.letters = m
		if shift != 0 {
			e.Codec = RankShift{shift}
		}
		if err := e.send("setoption name UCI_Variant value xiangqi"); err != nil {
			e.Kill()
			return nil, duringStart("sending a command", err)
		}
	}
	for _, o := range cfg.Options {
		if err := e.send("setoption name " + o[0] + " value " + o[1]); err != nil {
			e.Kill()
			return nil, duringStart("sending a command", err)
		}
	}
	if err := e.IsReady(handshakeTimeout); err != nil {
		e.Kill()
		return nil, duringStart("waiting for readyok", err)
	}
	return e, nil
}

// duringStart keeps the kind of a handshake failure (crash, timeout) and says when it happened.
func duringStart(when string, err error) error {
	detail := err.Error()
	var ee *Error
	if errors.As(err, &ee) {
		detail = ee.Detail
	}
	return &Error{Kind(err), "during the handshake, " + when + ": " + detail}
}

type lockedWriter struct {
	mu *sync.Mutex
	b  *strings.Builder
}

func (w *lockedWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.b.Len() < 64*1024 {
		w.b.Write(p)
	}
	return len(p), nil
}

// Label is the name used in reports.
func (e *Engine) Label() string { return e.cfg.Label }

// Stderr returns what the engine wrote to its standard error so far (at most 64 KiB).
func (e *Engine) Stderr() string {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.stderr.String()
}

// Alive reports whether the process is still running and has not been killed.
func (e *Engine) Alive() bool {
	if e.dead {
		return false
	}
	select {
	case <-e.exited:
		return false
	default:
		return true
	}
}

func (e *Engine) send(line string) error {
	if e.dead {
		return &Error{FailCrash, "engine already stopped"}
	}
	_ = e.stdin.SetWriteDeadline(time.Now().Add(writeTimeout))
	if _, err := io.WriteString(e.stdin, line+"\n"); err != nil {
		if errors.Is(err, os.ErrDeadlineExceeded) {
			e.Kill()
			return &Error{FailTimeout, "engine stopped reading its input; engine killed"}
		}
		return &Error{FailCrash, "write " + strconv.Quote(line) + ": " + err.Error()}
	}
	return nil
}

// readLine returns the next output line, or a FailTimeout error (after killing the engine) if
// none arrives before deadline, or a FailCrash error if the engine closed its output.
func (e *Engine) readLine(deadline time.Time) (string, error) {
	d := time.Until(deadline)
	if d < 0 {
		d = 0
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case line, ok := <-e.lines:
		if !ok {
			e.Kill()
			return "", &Error{FailCrash, "engine closed its output (exited)" + e.exitNote()}
		}
		e.remember(line)
		return line, nil
	case <-t.C:
		// A line that arrived while this process was not scheduled still counts.
		select {
		case line, ok := <-e.lines:
			if ok {
				e.remember(line)
				return line, nil
			}
		default:
		}
		e.Kill()
		return "", &Error{FailTimeout, "no answer before the deadline; engine killed"}
	}
}

// remember keeps the engine's last few lines other than "info" lines, so that a failure can
// show what the engine said ("Error: unknown piece type 'n'").
func (e *Engine) remember(line string) {
	switch f := strings.Fields(line); {
	case len(f) == 0:
		return
	case f[0] == "info", f[0] == "id", f[0] == "option", f[0] == "uciok", f[0] == "readyok":
		return
	}
	if len(line) > 200 {
		line = line[:200] + "..."
	}
	e.recent = append(e.recent, line)
	if len(e.recent) > 4 {
		e.recent = e.recent[len(e.recent)-4:]
	}
}

// Said returns what the engine printed lately (its last lines other than "info", and its
// standard error), for a failure report; "" when it printed nothing of note.
func (e *Engine) Said() string {
	var parts []string
	if len(e.recent) > 0 {
		parts = append(parts, "it printed: "+strings.Join(e.recent, " | "))
	}
	if s := strings.TrimSpace(e.Stderr()); s != "" {
		if len(s) > 300 {
			s = s[len(s)-300:]
		}
		parts = append(parts, "on stderr: "+strings.ReplaceAll(s, "\n", " | "))
	}
	return strings.Join(parts, "; ")
}

func (e *Engine) exitNote() string {
	select {
	case <-e.exited:
	case <-time.After(200 * time.Millisecond):
		return ""
	}
	if e.cmd.ProcessState != nil {
		return "; " + e.cmd.ProcessState.String()
	}
	return ""
}

// IsReady sends isready and waits up to timeout for readyok.
func (e *Engine) IsReady(timeout time.Duration) error {
	if err := e.send("isready"); err != nil {
		return err
	}
	deadline := time.Now().Add(timeout)
	for {
		line, err := e.readLine(deadline)
		if err != nil {
			return err
		}
		if line == "readyok" {
			return nil
		}
	}
}

// NewGame sends ucinewgame and waits for readyok.
func (e *Engine) NewGame() error {
	if err := e.send("ucinewgame"); err != nil {
		return err
	}
	return e.IsReady(handshakeTimeout)
}

// SearchInfo is what the last info line of a search said (lines of a multipv rank other than 1
// and "info string" lines are not read).
type SearchInfo struct {
	Depth int    // plies, from the last line with a depth
	Score string // "cp 35" or "mate -3" (moves, negative when mated), as the engine wrote it
	Bound string // "lowerbound" or "upperbound" when the last score was a bound, else ""
	Nodes int64  // from the last line with a node count
	PV    string // first move of the last line with a score and a pv, in our coordinates
	// Line is that line's moves in our coordinates, up to the first the codec cannot read.
	Line []string
}

// Go sets the position (startFEN plus our moves, translated by the codec), sends the go
// command, and waits until deadline for bestmove. It returns the move in our coordinates:
// "" for "(none)"/"0000". Any failure kills the engine and is an *Error.
func (e *Engine) Go(ctx context.Context, startFEN string, moves []string, goCmd string, deadline time.Time) (string, SearchInfo, error) {
	var info SearchInfo
	var b strings.Builder
	if startFEN == e.startFEN {
		b.WriteString("position startpos") // as GUIs send it: no FEN letters to disagree on
	} else {
		b.WriteString("position fen ")
		b.WriteString(RenameFEN(startFEN, e.letters))
	}
	if len(moves) > 0 {
		b.WriteString(" moves")
		for _, m := range moves {
			b.WriteByte(' ')
			b.WriteString(e.Codec.ToEngine(m))
		}
	}
	if err := e.send(b.String()); err != nil {
		return "", info, err
	}
	if err := e.send(goCmd); err != nil {
		return "", info, err
	}
	if dl, ok := ctx.Deadline(); ok && dl.Before(deadline) {
		deadline = dl
	}
	sent := time.Now()
	for {
		line, err := e.readLine(deadline)
		if err != nil {
			if Kind(err) == FailTimeout {
				err = &Error{FailTimeout, fmt.Sprintf("no bestmove within %v of %q; engine killed (on a loaded machine, a larger -margin waits longer)",
					deadline.Sub(sent).Round(time.Millisecond), goCmd)}
			}
			return "", info, err
		}
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		switch f[0] {
		case "info":
			parseInfo(f, &info, e.Codec)
		case "bestmove":
			if len(f) < 2 || f[1] == "(none)" || f[1] == "0000" {
				return "", info, nil
			}
			m, err := e.Codec.FromEngine(f[1])
			if err != nil {
				return "", info, &Error{FailIllegal, "bestmove " + f[1] + ": " + err.Error()}
			}
			return m, info, nil
		}
	}
}

// parseInfo reads the fields of one info line f (split on spaces) into info, the first PV move
// through codec.
func parseInfo(f []string, info *SearchInfo, codec MoveCodec) {
	for i := 1; i+1 < len(f); i++ {
		if (f[i] == "multipv" && f[i+1] != "1") || f[i] == "string" {
			return
		}
	}
	scored := false
	for i := 1; i+1 < len(f); i++ {
		switch f[i] {
		case "depth":
			if v, err := strconv.Atoi(f[i+1]); err == nil {
				info.Depth = v
			}
		case "nodes":
			if v, err := strconv.ParseInt(f[i+1], 10, 64); err == nil {
				info.Nodes = v
			}
		case "score":
			if i+2 < len(f) {
				info.Score = f[i+1] + " " + f[i+2]
				info.Bound = ""
				scored = true
			}
		case "lowerbound", "upperbound":
			if scored {
				info.Bound = f[i]
			}
		case "pv":
			if scored {
				info.PV, info.Line = "", nil
				for _, t := range f[i+1:] {
					m, err := codec.FromEngine(t)
					if err != nil {
						break
					}
					info.Line = append(info.Line, m)
				}
				if len(info.Line) > 0 {
					info.PV = info.Line[0]
				}
			}
			return
		}
	}
}

// Quit asks the engine to quit, waits briefly, then kills it.
func (e *Engine) Quit() {
	if !e.dead {
		_ = e.send("quit")
		select {
		case <-e.exited:
		case <-time.After(time.Second):
		}
	}
	e.Kill()
}

// Kill ends the engine's process group at once. It is safe to call more than once.
func (e *Engine) Kill() {
	if e.dead {
		return
	}
	e.dead = true
	close(e.quit)
	_ = e.stdin.Close()
	killProcess(e.cmd)
	select {
	case <-e.exited:
	case <-time.After(2 * time.Second):
	}
}
