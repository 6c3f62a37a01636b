package controller

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/cotuong-ai/cotuong/engine"
	"github.com/cotuong-ai/cotuong/games/xiangqi"
	"github.com/cotuong-ai/cotuong/internal/atomicfile"
	"github.com/cotuong-ai/cotuong/levels"
	"github.com/cotuong-ai/cotuong/review"
)

// SaveName is the file name of the saved game inside the data folder.
const SaveName = "game.txt"

// saveHeader is the first line of a save file; the number is the format's version.
const saveHeader = "cotuong-xiangqi-save 1"

// Encode writes a game and its settings in the save format: a header line, then one
// "key value" line each for the game (in the game package's own encoding, "startpos moves
// h2e2 ..." or "fen <FEN> moves ..."), the level, the person's side, the label style and the
// sound switch, then a closing "end" line that shows the file was written to its end.
//
//	cotuong-xiangqi-save 1
//	game startpos moves h2e2 h9g7
//	level Medium
//	human red
//	labels chinese
//	sound on
//	end
func Encode(g *xiangqi.Game, s Settings) []byte { return EncodeWith(g, s, Extra{}) }

// Extra is what a save may hold besides the game and the settings: the game's analysis and
// the hints used in it.
type Extra struct {
	// Analysis is the game's analysis (of its first positions, or of all), nil when none.
	Analysis *review.Analysis
	// Hints is the number of hints the person asked for in this game.
	Hints int
}

// EncodeWith is Encode with the optional lines of a save: "threats on" when the threats
// switch is on, "players two" for a game between two people on the device, "turn off" when
// their board is not to turn for Black (see Settings), "hints N" when hints were used, and the analysis in review's text form
// (Analysis.MarshalText), each of its lines after the word "analysis":
//
//	hints 2
//	analysis review 2 xiangqi 150000
//	analysis cp 24 14 h2e2 h9g7 …
//	analysis cp -18 13 h9g7 …
//
// A save without them (written before they existed, or with nothing to keep) reads as
// before.
func EncodeWith(g *xiangqi.Game, s Settings, x Extra) []byte {
	var b bytes.Buffer
	fmt.Fprintln(&b, saveHeader)
	fmt.Fprintf(&b, "game %s\n", g.String())
	fmt.Fprintf(&b, "level %s\n", s.Level.Name)
	fmt.Fprintf(&b, "human %s\n", strings.ToLower(s.Human.String()))
	fmt.Fprintf(&b, "labels %s\n", s.Labels)
	sound := "off"
	if s.Sound {
		sound = "on"
	}
	fmt.Fprintf(&b, "sound %s\n", sound)
	if s.Threats {
		fmt.Fprintln(&b, "threats on")
	}
	if s.TwoPlayers {
		fmt.Fprintln(&b, "players two")
	}
	if s.KeepBoard {
		fmt.Fprintln(&b, "turn off")
	}
	encodeProgress(&b, s)
	if x.Hints > 0 {
		fmt.Fprintf(&b, "hints %d\n", x.Hints)
	}
	if x.Analysis != nil {
		if text, err := x.Analysis.MarshalText(); err == nil {
			for _, line := range strings.Split(strings.TrimRight(string(text), "\n"), "\n") {
				fmt.Fprintf(&b, "analysis %s\n", line)
			}
		}
	}
	fmt.Fprintln(&b, "end")
	return b.Bytes()
}

// Decode reads a save file written by Encode. Every error names the line and what was wrong
// with it; a file cut short (no "end" line) is an error, so a truncated save is never taken
// for a shorter game. A settings line that is missing (a save written before that setting
// existed) takes its default and is no error; a missing game line is. A line whose key this
// build does not know but a newer build could have written ("future-setting 1": a word of
// lower-case letters, digits and hyphens) is skipped and is no error either.
//
// The optional lines of EncodeWith are read by DecodeWith.
func Decode(data []byte) (*xiangqi.Game, Settings, error) {
	d := decode(data)
	if d.err != nil {
		return nil, d.set, d.err
	}
	return d.game, d.set, nil
}

// decoded is what decode could read of a save file, good or not.
type decoded struct {
	set  Settings      // defaults, overridden by every settings line that parsed
	game *xiangqi.Game // the whole game, nil unless its line parsed
	// partial is the game up to its last legal move when the game line's start parsed but a
	// later move did not (nil otherwise); bad is that move's number (1-based) and text.
	partial *xiangqi.Game
	bad     int
	badMove string
	ended   bool   // the end line was read
	err     error  // the first problem, with its line number (nil for a good save)
	plain   string // the first problem in a few plain words for the player
	// hints is the hints line's count; analysis the analysis lines' text (without the word
	// "analysis"), read against the game once it is known.
	hints    int
	analysis []byte
}

// decode reads a save leniently: it goes on after a bad line so that the settings lines that
// parse can be kept, and it recovers the legal start of a game line with a bad move.
func decode(data []byte) decoded {
	d := decoded{set: DefaultSettings()}
	fail := func(plain string, err error) {
		if d.err == nil {
			d.err, d.plain = err, plain
		}
	}
	seen := map[string]bool{}
	var damaged []string // settings lines that did not parse, in file order
	body := data
	if i := bytes.LastIndexByte(data, '\n'); i >= 0 && i < len(data)-1 {
		// A last line with no newline may itself be cut short (a "level Med", or worse a
		// "game ... h2e" that still parses): unless it is the end line, trust nothing in it.
		if last := strings.TrimRight(string(data[i+1:]), "\r"); last != "end" {
			body = data[:i+1]
		}
	}
	sc := bufio.NewScanner(bytes.NewReader(body))
	sc.Buffer(make([]byte, 0, 64<<10), 4<<20)
	n := 0
	for sc.Scan() {
		n++
		line := strings.TrimRight(sc.Text(), "\r")
		if n == 1 {
			if line != saveHeader {
				fail("it is not a Cờ Tướng save file", fmt.Errorf("line 1: not a cotuong save (want %q, got %q)", saveHeader, clip(line)))
				return d
			}
			continue
		}
		if d.ended {
			fail("it has text after its end", fmt.Errorf("line %d: text after the end line", n))
			break
		}
		if line == "end" {
			d.ended = true
			continue
		}
		key, val, _ := strings.Cut(line, " ")
		if key == "analysis" { // many lines, read against the game at the end
			d.analysis = append(append(d.analysis, val...), '\n')
			continue
		}
		if !knownKey[key] && futureKey(key) {
			continue // a setting of a newer build: ignored, not damage
		}
		if seen[key] {
			fail(fmt.Sprintf("its %s line is given twice", clip(key)), fmt.Errorf("line %d: %q given twice", n, key))
			continue
		}
		seen[key] = true
		var err error
		switch key {
		case "game":
			d.game, err = xiangqi.ParseGame(val)
			if err != nil {
				d.partial, d.bad, d.badMove = recoverGame(val)
			}
		case "level":
			var l levels.Level
			if l, err = levels.Parse(val); err == nil {
				d.set.Level = l
			}
		case "human":
			switch strings.ToLower(val) {
			case "red":
				d.set.Human = xiangqi.Red
			case "black":
				d.set.Human = xiangqi.Black
			default:
				err = fmt.Errorf("side %q is neither red nor black", val)
			}
		case "labels":
			var l Labels
			if l, err = ParseLabels(val); err == nil {
				d.set.Labels = l
			}
		case "threats":
			switch val {
			case "on":
				d.set.Threats = true
			case "off":
				d.set.Threats = false
			default:
				err = fmt.Errorf("threats %q is neither on nor off", val)
			}
		case "players", "turn":
			err = d.readPlayers(key, val)
		case "lessons", "puzzles", "streak", "rating", "rated":
			err = d.readProgress(key, val)
		case "hints":
			if d.hints, err = strconv.Atoi(val); err == nil && d.hints < 0 {
				err = fmt.Errorf("hints %d is negative", d.hints)
			}
		case "sound":
			switch val {
			case "on":
				d.set.Sound = true
			case "off":
				d.set.Sound = false
			default:
				err = fmt.Errorf("sound %q is neither on nor off", val)
			}
		default:
			err = fmt.Errorf("unknown key %q", clip(key))
		}
		if err != nil {
			if key != "game" {
				damaged = append(damaged, clip(key))
			}
			plain := fmt.Sprintf("its %s line is damaged", clip(key))
			if d.partial != nil {
				plain = fmt.Sprintf("move %d, %s, is not legal there", d.bad, clip(d.badMove))
			}
			fail(plain, fmt.Errorf("line %d (%s): %w", n, key, err))
		}
	}
	if err := sc.Err(); err != nil {
		fail("a line in it is too long", fmt.Errorf("line %d: %w", n+1, err))
	}
	if n == 0 {
		fail("it is empty", errors.New("the file is empty"))
	}
	if !d.ended {
		fail("it was cut short", fmt.Errorf("the file is cut short after line %d (no end line)", n))
	}
	if len(damaged) > 1 && d.plain == fmt.Sprintf("its %s line is damaged", damaged[0]) {
		// Name every damaged setting, since each was reset to its default.
		d.plain = fmt.Sprintf("its %s and %s lines are damaged", strings.Join(damaged[:len(damaged)-1], ", "), damaged[len(damaged)-1])
	}
	// A missing settings line takes its default silently: saves written before a setting
	// existed (the labels line came after the first release) are whole. Only the game is
	// required.
	if !seen["game"] {
		fail("its game line is missing", errors.New(`the "game" line is missing`))
	}
	return d
}

// DecodeWith is Decode that also returns the save's Extra: its analysis (nil when none, or
// when it does not read against the game, which is no error) and hints.
func DecodeWith(data []byte) (*xiangqi.Game, Settings, Extra, error) {
	d := decode(data)
	if d.err != nil {
		return nil, d.set, Extra{}, d.err
	}
	return d.game, d.set, d.extra(d.game), nil
}

// extra reads the analysis lines against g (nil when they do not fit it).
func (d decoded) extra(g *xiangqi.Game) Extra {
	x := Extra{Hints: d.hints}
	if g != nil && len(d.analysis) > 0 {
		if a, err := review.Parse(d.analysis, engine.XiangqiGame(g)); err == nil {
			x.Analysis = a
		}
	}
	return x
}

// recoverGame reads a game line whose moves do not all parse: it returns the game up to the
// last legal move, the number (1-based) and text of the first bad move, or a nil game when
// the start position itself does not parse.
func recoverGame(val string) (*xiangqi.Game, int, string) {
	tok := strings.Fields(val)
	i := 0
	for i < len(tok) && tok[i] != "moves" {
		i++
	}
	g, err := xiangqi.ParseGame(strings.Join(tok[:i], " "))
	if err != nil || i == len(tok) {
		return nil, 0, ""
	}
	for n, ms := range tok[i+1:] {
		if _, err := g.PushString(ms); err != nil {
			return g, n + 1, ms
		}
	}
	return nil, 0, "" // every move parsed: the problem was elsewhere
}

// knownKey holds the keys of the lines this build reads (besides "analysis" and "end").
var knownKey = map[string]bool{"game": true, "level": true, "human": true, "labels": true, "threats": true,
	"players": true, "turn": true, "lessons": true, "puzzles": true, "streak": true, "rating": true, "rated": true, "hints": true, "sound": true}

// futureKey reports whether key could be a setting written by a newer build: a word of
// lower-case letters, digits and hyphens that starts with a letter. Such a line this build
// does not know is skipped (a newer build's save stays readable); any other line is damage.
func futureKey(key string) bool {
	if key == "" || key[0] < 'a' || key[0] > 'z' || len(key) > 40 {
		return false
	}
	for _, r := range key {
		if (r < 'a' || r > 'z') && (r < '0' || r > '9') && r != '-' {
			return false
		}
	}
	return true
}

func clip(s string) string {
	if r := []rune(s); len(r) > 40 {
		return string(r[:40]) + "…"
	}
	return s
}

// Store keeps the saved game in one folder.
type Store struct {
	// Dir is the data folder; it is created (with its parents) on the first save.
	Dir string
	// Now gives the time used to name a corrupt save kept aside (time.Now when nil).
	Now func() time.Time
}

// Path returns the save file's path.
func (s Store) Path() string { return filepath.Join(s.Dir, SaveName) }

// Save writes data atomically (atomicfile.Write: a temporary file in the same folder, synced,
// renamed over the save, the folder synced), so a crash leaves either the old or the new save.
func (s Store) Save(data []byte) error {
	if err := os.MkdirAll(s.Dir, 0o755); err != nil {
		return fmt.Errorf("saving the game: %w", err)
	}
	if err := atomicfile.Write(s.Path(), data, 0o600); err != nil {
		return fmt.Errorf("saving the game: %w", err)
	}
	return nil
}

// LoadResult says what Load found.
type LoadResult struct {
	// Game is the saved game: nil when there was no save, or when a damaged save held no game
	// that could be trusted (a truncated save, or a game line whose start does not parse).
	Game *xiangqi.Game
	// Settings are the saved settings; in a damaged save, each settings line that parsed is
	// kept and the others take their defaults.
	Settings Settings
	// Problem is why the save could not be used as it was (nil when it was missing or good),
	// with the line number; Reason says the same in a few plain words for the player ("it was
	// cut short", "move 5, a0a5, is not legal there").
	Problem error
	Reason  string
	// Recovered is set when Game came from a damaged save (the moves up to the last legal one).
	Recovered bool
	// Analysis is the game's saved analysis (nil when there was none, or when it did not
	// read against the game: an analysis can be made again, so it is dropped without a
	// Problem); Hints the hints used in the game.
	Analysis *review.Analysis
	Hints    int
	// KeptAs is the path a damaged save was moved to ("" when none was, or moving failed).
	KeptAs string
}

// Read returns the save file's bytes (an error matching fs.ErrNotExist when there is none).
func (s Store) Read() ([]byte, error) { return os.ReadFile(s.Path()) }

// Load reads the save: LoadFrom(s, s.Now). A damaged save is moved aside to
// game.corrupt-<time>.txt in the same folder.
func (s Store) Load() LoadResult { return LoadFrom(s, s.Now) }

// KeepAside renames the save to CorruptName(now, try) in the same folder, with the first try
// whose name is free, and returns its path.
func (s Store) KeepAside(now time.Time) (string, error) {
	for i := 0; i < 100; i++ {
		p := filepath.Join(s.Dir, CorruptName(now, i))
		if _, err := os.Lstat(p); err == nil {
			continue
		}
		if err := os.Rename(s.Path(), p); err != nil {
			return "", err
		}
		return p, nil
	}
	return "", errors.New("too many corrupt saves kept aside already")
}
