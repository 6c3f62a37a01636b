package uci

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/cotuong-ai/cotuong/engine"
)

// optKind is the UCI option type.
type optKind int

const (
	spin optKind = iota
	check
	combo
	button
	str
)

// option is one row of the option table.
type option struct {
	name     string
	kind     optKind
	def      string
	min, max int
	vars     []string
	help     string // for the report and for "info string" answers
}

// MaxThreads is the largest Threads value (search goroutines, Lazy SMP).
const MaxThreads = 64

// The option table.
var optionTable = []option{
	{name: "UCI_Variant", kind: combo, def: "chess", vars: []string{"chess", "xiangqi"}, help: "the game"},
	{name: "Hash", kind: spin, def: "16", min: 1, max: 1024, help: "transposition table, MiB"},
	{name: "Clear Hash", kind: button, help: "forget the transposition table"},
	{name: "Threads", kind: spin, def: "1", min: 1, max: MaxThreads, help: "search goroutines (Lazy SMP)"},
	{name: "MultiPV", kind: spin, def: "1", min: 1, max: 64, help: "root lines reported"},
	{name: "Move Overhead", kind: spin, def: "30", min: 0, max: 5000, help: "time margin per move, ms"},
	{name: "Ponder", kind: check, def: "false", help: "GUI may send go ponder"},
	{name: "Skill Level", kind: spin, def: "20", min: 0, max: 20, help: "0 the weakest level of the levels ladder .. 20 full strength"},
	{name: "UCI_LimitStrength", kind: check, def: "false", help: "use UCI_Elo instead of Skill Level"},
	{name: "UCI_Elo", kind: spin, def: strconv.Itoa(engine.EloMax), min: engine.EloMin, max: engine.EloMax,
		help: "rating played when UCI_LimitStrength is on: Elo on Fairy-Stockfish 11.1's (xiangqi) or Stockfish 15.1's (chess) UCI_Elo scale, CCRL-anchored chess scales"},
}

// ucciAliases maps UCCI option names (ElephantEye's) to the table's names.
var ucciAliases = map[string]string{
	"hashsize": "Hash",
	"threads":  "Threads",
	"ponder":   "Ponder",
}

// UCI returns the option's "option name ..." line.
func (o option) UCI() string {
	switch o.kind {
	case spin:
		return fmt.Sprintf("option name %s type spin default %s min %d max %d", o.name, o.def, o.min, o.max)
	case check:
		return fmt.Sprintf("option name %s type check default %s", o.name, o.def)
	case combo:
		return fmt.Sprintf("option name %s type combo default %s var %s", o.name, o.def, strings.Join(o.vars, " var "))
	case button:
		return fmt.Sprintf("option name %s type button", o.name)
	}
	return fmt.Sprintf("option name %s type string default %s", o.name, o.def)
}

// findOption looks an option up by name, case-insensitively as UCI asks, with UCCI aliases.
func findOption(name string) (option, bool) {
	if a, ok := ucciAliases[strings.ToLower(name)]; ok {
		name = a
	}
	for _, o := range optionTable {
		if strings.EqualFold(o.name, name) {
			return o, true
		}
	}
	return option{}, false
}

// validate checks value against the option's type and returns it normalised.
func (o option) validate(value string) (string, error) {
	v := strings.TrimSpace(value)
	switch o.kind {
	case spin:
		n, err := strconv.Atoi(v)
		if err != nil {
			return "", fmt.Errorf("%s: %q is not a whole number", o.name, clip(v))
		}
		if n < o.min || n > o.max {
			return "", fmt.Errorf("%s: %d is out of range %d..%d", o.name, n, o.min, o.max)
		}
		return strconv.Itoa(n), nil
	case check:
		switch strings.ToLower(v) {
		case "true", "on":
			return "true", nil
		case "false", "off":
			return "false", nil
		}
		return "", fmt.Errorf("%s: %q is not true or false", o.name, clip(v))
	case combo:
		for _, c := range o.vars {
			if strings.EqualFold(c, v) {
				return c, nil
			}
		}
		return "", fmt.Errorf("%s: %q is not one of %s", o.name, clip(v), strings.Join(o.vars, ", "))
	}
	return v, nil
}

func clip(s string) string {
	if len(s) > 40 {
		return s[:40] + "..."
	}
	return s
}

// ucciRandomness maps UCCI "randomness" to a skill level.
var ucciRandomness = map[string]int{"none": 20, "tiny": 16, "small": 12, "medium": 8, "large": 4, "huge": 0}

// setOption carries out "setoption": the UCCI options first (usemillisec, randomness,
// newgame, and the ones this engine accepts and ignores), then the option table. A bad name
// or value is named in an info string and changes nothing.
func (e *Engine) setOption(name, value string) {
	switch strings.ToLower(name) {
	case "usemillisec":
		v, err := (option{name: "usemillisec", kind: check}).validate(value)
		if err != nil {
			e.info("setoption %v", err)
			return
		}
		e.ucciMs = v == "true"
		return
	case "randomness":
		s, ok := ucciRandomness[strings.ToLower(strings.TrimSpace(value))]
		if !ok {
			e.info("setoption randomness: %q is not one of none, tiny, small, medium, large, huge", clip(value))
			return
		}
		e.ucciSkl = s
		return
	case "newgame":
		e.newGame()
		return
	case "batch", "debug", "usebook", "bookfiles", "evalapi", "loadbook", "idle", "pruning",
		"knowledge", "style", "promotion", "drawmoves", "repetition":
		return // UCCI options this engine does not have; accepted and ignored
	}
	o, ok := findOption(name)
	if !ok {
		e.info("setoption: unknown option %q", clip(name))
		return
	}
	if o.kind == button {
		if o.name == "Clear Hash" {
			if e.sess.Job() != nil {
				e.info("setoption Clear Hash: ignored while searching (send stop first)")
				return
			}
			e.sess.Clear()
		}
		return
	}
	v, err := o.validate(value)
	if err != nil {
		e.info("setoption %v", err)
		return
	}
	if (o.name == "UCI_Variant" || o.name == "Hash" || o.name == "Threads" || o.name == "Use NNUE" || o.name == "EvalFile") && e.sess.Job() != nil {
		e.info("setoption %s: ignored while searching (send stop first)", o.name)
		return
	}
	e.opts[o.name] = v
	switch o.name {
	case "UCI_Variant":
		if nv := engine.Variant(v); nv != e.sess.Variant() {
			e.sess.SetVariant(nv) // the old position is of the other game
			e.ban, e.refused = nil, ""
			e.reportNNUE()
		}
	case "Hash", "Threads":
		e.sess.Configure(e.searcherOptions())
	case "Use NNUE", "EvalFile":
		e.setNNUE(o.name)
	}
}

// intOpt returns the current value of a spin option.
func (e *Engine) intOpt(name string) int {
	n, _ := strconv.Atoi(e.opts[name])
	return n
}
