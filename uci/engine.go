package uci

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"github.com/cotuong-ai/cotuong/engine"
)

// Name and Author are printed in answer to "uci" and "ucci".
const (
	Name   = "cotuong 0.1"
	Author = "the cotuong authors"
)

// Engine is one UCI/UCCI engine: it reads commands from a reader and writes answers to a
// writer, over an engine.Session. Searches and perft run on the session's goroutine, so
// every command is read and answered at any moment: "stop", "isready" and "quit" while a
// search or a perft runs. Create it with New and run it with Run.
type Engine struct {
	out *lineWriter

	// The fields below are owned by the goroutine running Run.
	opts    map[string]string // current option values by table name
	sess    *engine.Session   // the variant, the last good position, the searchers and the job
	ban     []string          // UCCI banmoves for the next go
	refused string            // the last position command, when it was refused
	ucci    bool              // the GUI spoke "ucci"
	ucciMs  bool              // UCCI "usemillisec true"
	ucciSkl int               // UCCI "randomness" as a skill level (20 = none)
	debug   bool

	nnue     nnueState   // the networks of EvalFile and the two shipped ones (uci/nnue.go)
	perftJob *engine.Job // the job of the last "go perft" (a count, not a search)
	quitting atomic.Bool // "quit" was read: a perft it stops prints no count
}

// New returns an engine that writes to out. seed seeds the random choices of reduced skill
// levels (any value; tests pass a fixed one).
func New(out io.Writer, seed uint64) *Engine {
	e := &Engine{out: &lineWriter{w: out}, opts: map[string]string{}, ucciSkl: 20}
	for _, o := range optionTable {
		e.opts[o.name] = o.def
	}
	e.sess = engine.NewSession(engine.Chess, engine.SessionOptions{Seed: seed, Searcher: e.searcherOptions()})
	return e
}

// lineWriter serialises whole lines from the two goroutines that write.
type lineWriter struct {
	mu  sync.Mutex
	w   io.Writer
	err error
}

func (l *lineWriter) println(s string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.err == nil {
		_, l.err = io.WriteString(l.w, s+"\n")
	}
}

// say writes one line.
func (e *Engine) say(format string, args ...any) { e.out.println(fmt.Sprintf(format, args...)) }

// info writes "info string <msg>" (a problem with the input, or a remark).
func (e *Engine) info(format string, args ...any) {
	msg := strings.ReplaceAll(fmt.Sprintf(format, args...), "\n", " ")
	e.out.println("info string " + msg)
}

// Run reads commands from in until "quit" or the end of the input, answering on the
// engine's writer. At the end of the input a running timed search or perft is allowed to
// finish (so "echo go depth 5 | engine" prints its move); an infinite or ponder search is
// stopped. It returns the first read or write error, nil after quit or end of input.
func (e *Engine) Run(in io.Reader) error {
	r := bufio.NewReader(in)
	for {
		line, err := r.ReadString('\n')
		if len(line) > 0 {
			if quit := e.Handle(line); quit {
				return e.out.err
			}
		}
		if err != nil {
			e.finish()
			if errors.Is(err, io.EOF) {
				return e.out.err
			}
			return err
		}
	}
}

// finish ends the session at the end of the input.
func (e *Engine) finish() {
	j := e.sess.Job()
	if j == nil {
		return
	}
	if j.Held() {
		j.Stop()
		return
	}
	<-j.Done()
}

// Handle carries out one command line and reports whether it was "quit". It is what Run
// calls for each line; tests may call it directly (not concurrently with Run). It never
// waits for a search, except for the moment a stopped search takes to print its bestmove.
func (e *Engine) Handle(line string) (quit bool) {
	unit := time.Millisecond
	if e.ucci && !e.ucciMs {
		unit = time.Second
	}
	c, err := Parse(line, unit)
	if err != nil {
		e.info("%v", err)
		if f := strings.Fields(line); len(f) > 0 && f[0] == "position" {
			e.refused = clipLong(strings.Join(f, " "))
		}
		return false
	}
	for _, w := range c.Warnings {
		e.info("%s", w)
	}
	switch c.Kind {
	case BlankLine, Register:
	case Probe:
		e.probe(c)
	case UCI:
		e.ucci = false
		e.say("id name %s", Name)
		e.say("id author %s", Author)
		for _, o := range optionTable {
			e.say("%s", o.UCI())
		}
		e.say("uciok")
	case UCCI:
		e.ucciMode()
	case Debug:
		e.debug = c.On
	case IsReady:
		e.say("readyok")
	case UCINewGame:
		e.newGame()
	case SetOption:
		e.setOption(c.Option, c.Value)
	case Position:
		e.position(c, line)
	case BanMoves:
		e.banMoves(c.Moves)
	case Go:
		e.goCmd(c.Go)
	case Stop:
		e.stop()
	case PonderHit:
		if j := e.sess.Job(); j != nil {
			j.PonderHit()
		}
	case Display:
		e.display()
	case Quit:
		e.quitting.Store(true)
		e.stopJob()
		if e.ucci {
			e.say("bye")
		}
		return true
	}
	return false
}

// stopJob ends the running search or perft, if any, once it has printed its answer.
func (e *Engine) stopJob() {
	if j := e.sess.Job(); j != nil {
		j.Stop()
	}
}

// stop answers "stop": it ends the running search or perft, which answers as usual. With
// none running, UCI stays silent (the search's bestmove was its one answer), and UCCI answers
// "nobestmove", as its document recommends and ElephantEye does, so that a GUI that lost
// track of the engine does not wait for a move that will not come.
func (e *Engine) stop() {
	if j := e.sess.Job(); j != nil {
		j.Stop()
		return
	}
	if e.ucci {
		e.say("nobestmove")
	}
}

// newGame forgets the position, the bans and what the searches learned ("ucinewgame", UCCI
// "setoption newgame"); a running search is stopped first.
func (e *Engine) newGame() {
	e.stopJob()
	e.sess.NewGame()
	e.ban, e.refused = nil, ""
}

// ucciMode answers "ucci": the engine speaks UCCI from now on and plays xiangqi; it lists
// the UCCI options and ends with "ucciok".
func (e *Engine) ucciMode() {
	e.ucci = true
	e.stopJob()
	e.sess.SetVariant(engine.Xiangqi)
	e.sess.SetGame(nil)
	e.opts["UCI_Variant"] = string(engine.Xiangqi)
	e.say("id name %s", Name)
	e.say("id author %s", Author)
	e.say("option usemillisec type check default false")
	o, _ := findOption("Hash")
	e.say("option hashsize type spin min %d max %d default %s", o.min, o.max, o.def)
	e.say("option threads type spin min 1 max %d default 1", MaxThreads)
	e.say("option ponder type check default false")
	e.say("option randomness type combo var none var tiny var small var medium var large var huge default none")
	e.say("option newgame type button")
	e.say("ucciok")
}

// clipLong shortens a message that quotes input (at most 200 bytes, cut at a rune boundary).
func clipLong(s string) string {
	if len(s) <= 200 {
		return s
	}
	i := 200
	for i > 0 && !utf8.RuneStart(s[i]) {
		i--
	}
	return s[:i] + "..."
}
