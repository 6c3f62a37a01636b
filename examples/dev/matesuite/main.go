package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"time"

	"github.com/cotuong-ai/cotuong/examples/dev/internal/ucioption"
)

// problem is one position of the suite: a FEN and its mate distance in moves (negative: the
// side to move is mated).
type problem struct {
	line int // 1-based line of the EPD file
	fen  string
	mate int
}

// readSuite reads the problems of an EPD suite, taking lines 1, 1+every, 1+2·every, … (at
// most limit of them when limit > 0). Blank lines and lines starting with # are skipped but
// counted.
func readSuite(r io.Reader, every, limit int) ([]problem, int, error) {
	var out []problem
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	n := 0
	for sc.Scan() {
		n++
		text := strings.TrimSpace(sc.Text())
		if (n-1)%every != 0 || text == "" || strings.HasPrefix(text, "#") || (limit > 0 && len(out) >= limit) {
			continue
		}
		p, err := parseLine(text)
		if err != nil {
			return nil, n, fmt.Errorf("line %d: %v", n, err)
		}
		p.line = n
		out = append(out, p)
	}
	return out, n, sc.Err()
}

// parseLine reads "FEN bm #X; ...".
func parseLine(s string) (problem, error) {
	fenPart, rest, ok := strings.Cut(s, " bm #")
	if !ok {
		return problem{}, errors.New(`no "bm #X"`)
	}
	f := strings.Fields(fenPart)
	switch len(f) {
	case 4:
		f = append(f, "0", "1")
	case 6:
	default:
		return problem{}, fmt.Errorf("FEN %q: want 4 or 6 fields", fenPart)
	}
	num, _, _ := strings.Cut(rest, ";")
	x, err := strconv.Atoi(strings.TrimSpace(num))
	if err != nil || x == 0 {
		return problem{}, fmt.Errorf("bm #%s: not a mate distance", num)
	}
	return problem{fen: strings.Join(f, " "), mate: x}, nil
}

// verdict is an engine's last score for a position.
type verdict struct {
	mate  bool
	score int // mate distance in moves when mate, else centipawns
	move  string
}

// tally counts the outcomes of a run.
type tally struct {
	total, found, best, shorter int
}

// add counts one position's verdict.
func (t *tally) add(p problem, v verdict) {
	t.total++
	if !v.mate || v.score == 0 || (v.score > 0) != (p.mate > 0) {
		return
	}
	t.found++
	switch {
	case v.score == p.mate:
		t.best++
	case abs(v.score) < abs(p.mate):
		t.shorter++
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// parseScore reads the score of an info line: ok false when the line has none, is not of
// multipv 1, or is a bound.
func parseScore(line string) (v verdict, ok bool) {
	f := strings.Fields(line)
	if len(f) == 0 || f[0] != "info" {
		return v, false
	}
	for i := 1; i < len(f); i++ {
		switch f[i] {
		case "multipv":
			if i+1 < len(f) && f[i+1] != "1" {
				return v, false
			}
		case "lowerbound", "upperbound":
			return v, false
		case "string":
			return v, false
		case "score":
			if i+2 >= len(f) {
				return v, false
			}
			n, err := strconv.Atoi(f[i+2])
			if err != nil || (f[i+1] != "mate" && f[i+1] != "cp") {
				return v, false
			}
			v, ok = verdict{mate: f[i+1] == "mate", score: n}, true
		case "pv":
			if i+1 < len(f) {
				v.move = f[i+1]
			}
			return v, ok
		}
	}
	return v, ok
}

// engine is a running UCI engine.
type engine struct {
	cmd   *exec.Cmd
	in    io.WriteCloser
	lines chan string
	name  string
}

// startEngine starts the command and waits for uciok.
func startEngine(command string, variant string, opts ucioption.List) (*engine, error) {
	args := strings.Fields(command)
	if len(args) == 0 {
		return nil, errors.New("-engine is empty")
	}
	cmd := exec.Command(args[0], args[1:]...)
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	e := &engine{cmd: cmd, in: in, lines: make(chan string, 1024), name: args[0]}
	go func() {
		sc := bufio.NewScanner(out)
		sc.Buffer(make([]byte, 1<<16), 1<<20)
		for sc.Scan() {
			e.lines <- sc.Text()
		}
		close(e.lines)
	}()
	if err := e.send("uci"); err != nil {
		e.close()
		return nil, err
	}
	if err := e.until("uciok", 10*time.Second, func(l string) {
		if n, ok := strings.CutPrefix(l, "id name "); ok {
			e.name = n
		}
	}); err != nil {
		e.close()
		return nil, err
	}
	if variant != "" {
		opts = append(ucioption.List{{"UCI_Variant", variant}}, opts...)
	}
	for _, o := range opts {
		if err := e.send("setoption name " + o[0] + " value " + o[1]); err != nil {
			e.close()
			return nil, err
		}
	}
	return e, nil
}

// send writes one command line.
func (e *engine) send(s string) error {
	_, err := io.WriteString(e.in, s+"\n")
	return err
}

// until reads lines until one starts with prefix, passing each to seen (when not nil).
func (e *engine) until(prefix string, timeout time.Duration, seen func(string)) error {
	deadline := time.NewTimer(timeout)
	defer deadline.Stop()
	for {
		select {
		case l, ok := <-e.lines:
			if !ok {
				return fmt.Errorf("%s ended before %q", e.name, prefix)
			}
			if seen != nil {
				seen(l)
			}
			if strings.HasPrefix(l, prefix) {
				return nil
			}
		case <-deadline.C:
			return fmt.Errorf("%s: no %q within %v", e.name, prefix, timeout)
		}
	}
}

// solve sends one position and returns the engine's last score.
func (e *engine) solve(p problem, goCmd string, wait time.Duration) (verdict, error) {
	for _, c := range []string{"ucinewgame", "position fen " + p.fen, "isready"} {
		if err := e.send(c); err != nil {
			return verdict{}, err
		}
	}
	if err := e.until("readyok", 10*time.Second, nil); err != nil {
		return verdict{}, err
	}
	if err := e.send(goCmd); err != nil {
		return verdict{}, err
	}
	var v verdict
	err := e.until("bestmove", wait, func(l string) {
		if s, ok := parseScore(l); ok {
			v = s
		}
	})
	return v, err
}

// close asks the engine to quit and kills it if it does not.
func (e *engine) close() {
	_ = e.send("quit")
	_ = e.in.Close()
	done := make(chan struct{})
	go func() { _ = e.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(2 * time.Second):
		_ = e.cmd.Process.Kill()
		<-done
	}
}

// nodesWait is how long a "go nodes" search may take before the engine is taken to have failed.
const nodesWait = 5 * time.Minute

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run is the program: it reads the flags in args, prints the summary on stdout and the
// per-position lines (-v) and problems on stderr, and returns the exit status.
func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("matesuite", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var (
		command  = fs.String("engine", "", "command of the UCI engine (program and arguments)")
		epd      = fs.String("epd", "", `EPD suite of "FEN bm #X;" lines (e.g. matetrack.epd)`)
		movetime = fs.Int("movetime", 1000, "milliseconds per position (go movetime)")
		nodes    = fs.Int64("nodes", 0, "nodes per position (go nodes; replaces -movetime when > 0)")
		every    = fs.Int("every", 1, "take every Nth line: lines 1, 1+N, 1+2N, ...")
		limit    = fs.Int("limit", 0, "at most this many positions (0: all)")
		variant  = fs.String("variant", "", "UCI_Variant to set first (none when empty)")
		verbose  = fs.Bool("v", false, "a line per position on standard error")
		opts     ucioption.List
	)
	fs.Var(&opts, "option", "engine option Name=Value (repeatable)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *command == "" || *epd == "" || *movetime <= 0 || *every <= 0 || *limit < 0 || *nodes < 0 {
		fmt.Fprintln(stderr, "matesuite: need -engine and -epd; -movetime and -every must be positive, -nodes not negative")
		return 2
	}
	f, err := os.Open(*epd)
	if err != nil {
		fmt.Fprintln(stderr, "matesuite:", err)
		return 2
	}
	suite, lines, err := readSuite(f, *every, *limit)
	f.Close()
	if err != nil {
		fmt.Fprintf(stderr, "matesuite: %s: %v\n", *epd, err)
		return 2
	}
	e, err := startEngine(*command, *variant, opts)
	if err != nil {
		fmt.Fprintln(stderr, "matesuite:", err)
		return 1
	}
	defer e.close()
	goCmd, wait, budget := fmt.Sprintf("go movetime %d", *movetime), time.Duration(*movetime)*time.Millisecond+10*time.Second, fmt.Sprintf("movetime %d ms", *movetime)
	if *nodes > 0 {
		goCmd, wait, budget = fmt.Sprintf("go nodes %d", *nodes), nodesWait, fmt.Sprintf("nodes %d", *nodes)
	}
	start := time.Now()
	var t tally
	for _, p := range suite {
		v, err := e.solve(p, goCmd, wait)
		if err != nil {
			fmt.Fprintf(stderr, "matesuite: line %d: %v\n", p.line, err)
			return 1
		}
		t.add(p, v)
		if *verbose {
			got := fmt.Sprintf("cp %d", v.score)
			if v.mate {
				got = fmt.Sprintf("mate %d", v.score)
			}
			fmt.Fprintf(stderr, "line %d: bm #%d, %s %s | %s\n", p.line, p.mate, got, v.move, p.fen)
		}
	}
	el := time.Since(start)
	fmt.Fprintf(stdout, "engine: %s\n", e.name)
	fmt.Fprintf(stdout, "suite: %s, %d positions (every %d of %d lines), %s\n", *epd, t.total, *every, lines, budget)
	fmt.Fprintf(stdout, "found %d/%d\n", t.found, t.total)
	fmt.Fprintf(stdout, "best %d/%d\n", t.best, t.total)
	fmt.Fprintf(stdout, "shorter %d\n", t.shorter)
	fmt.Fprintf(stdout, "time %v\n", el.Round(time.Second))
	return 0
}
