package controller

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/cotuong-ai/cotuong/games/xiangqi"
	"github.com/cotuong-ai/cotuong/levels"
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
func Encode(g *xiangqi.Game, s Settings) []byte {
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
	fmt.Fprintln(&b, "end")
	return b.Bytes()
}

// Decode reads a save file written by Encode. Every error names the line and what was wrong
// with it; a file cut short (no "end" line) is an error, so a truncated save is never taken
// for a shorter game.
func Decode(data []byte) (*xiangqi.Game, Settings, error) {
	set := DefaultSettings()
	var game *xiangqi.Game
	seen := map[string]bool{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 64<<10), 4<<20)
	n := 0
	ended := false
	for sc.Scan() {
		n++
		line := strings.TrimRight(sc.Text(), "\r")
		if n == 1 {
			if line != saveHeader {
				return nil, set, fmt.Errorf("line 1: not a cotuong save (want %q, got %q)", saveHeader, clip(line))
			}
			continue
		}
		if ended {
			return nil, set, fmt.Errorf("line %d: text after the end line", n)
		}
		if line == "end" {
			ended = true
			continue
		}
		key, val, _ := strings.Cut(line, " ")
		if seen[key] {
			return nil, set, fmt.Errorf("line %d: %q given twice", n, key)
		}
		seen[key] = true
		var err error
		switch key {
		case "game":
			game, err = xiangqi.ParseGame(val)
		case "level":
			set.Level, err = levels.Parse(val)
		case "human":
			switch strings.ToLower(val) {
			case "red":
				set.Human = xiangqi.Red
			case "black":
				set.Human = xiangqi.Black
			default:
				err = fmt.Errorf("side %q is neither red nor black", val)
			}
		case "labels":
			set.Labels, err = ParseLabels(val)
		case "sound":
			switch val {
			case "on":
				set.Sound = true
			case "off":
				set.Sound = false
			default:
				err = fmt.Errorf("sound %q is neither on nor off", val)
			}
		default:
			err = fmt.Errorf("unknown key %q", clip(key))
		}
		if err != nil {
			return nil, set, fmt.Errorf("line %d (%s): %w", n, key, err)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, set, fmt.Errorf("line %d: %w", n+1, err)
	}
	if n == 0 {
		return nil, set, errors.New("the file is empty")
	}
	if !ended {
		return nil, set, fmt.Errorf("the file is cut short after line %d (no end line)", n)
	}
	for _, k := range []string{"game", "level", "human", "labels", "sound"} {
		if !seen[k] {
			return nil, set, fmt.Errorf("the %q line is missing", k)
		}
	}
	return game, set, nil
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

// Save writes data atomically: to a temporary file in the same folder, synced, then renamed
// over the save, and the folder synced, so a crash leaves either the old or the new save.
func (s Store) Save(data []byte) error {
	if err := os.MkdirAll(s.Dir, 0o755); err != nil {
		return fmt.Errorf("saving the game: %w", err)
	}
	f, err := os.CreateTemp(s.Dir, SaveName+".tmp-*")
	if err != nil {
		return fmt.Errorf("saving the game: %w", err)
	}
	tmp := f.Name()
	fail := func(err error) error {
		f.Close()
		os.Remove(tmp)
		return fmt.Errorf("saving the game to %s: %w", tmp, err)
	}
	if _, err := f.Write(data); err != nil {
		return fail(err)
	}
	if err := f.Sync(); err != nil {
		return fail(err)
	}
	if err := f.Close(); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("saving the game to %s: %w", tmp, err)
	}
	if err := os.Rename(tmp, s.Path()); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("saving the game: %w", err)
	}
	if d, err := os.Open(s.Dir); err == nil {
		d.Sync() // best effort: not every file system syncs folders
		d.Close()
	}
	return nil
}

// LoadResult says what Load found.
type LoadResult struct {
	// Game and Settings are the saved game and settings; Game is nil when there was no good save.
	Game     *xiangqi.Game
	Settings Settings
	// Problem is why the save could not be used (nil when it was missing or good).
	Problem error
	// KeptAs is the path a corrupt save was moved to ("" when none was, or moving failed).
	KeptAs string
}

// Load reads the save. A missing save gives a nil Game and no Problem. A save that cannot be
// decoded is moved aside to game.corrupt-<time>.txt (so it is neither lost nor overwritten by
// the next save), and Problem says why it was refused.
func (s Store) Load() LoadResult {
	data, err := os.ReadFile(s.Path())
	if errors.Is(err, fs.ErrNotExist) {
		return LoadResult{Settings: DefaultSettings()}
	}
	var g *xiangqi.Game
	set := DefaultSettings()
	if err == nil {
		g, set, err = Decode(data)
		if err == nil {
			return LoadResult{Game: g, Settings: set}
		}
	}
	res := LoadResult{Settings: DefaultSettings(), Problem: err}
	if kept, mvErr := s.keepAside(); mvErr == nil {
		res.KeptAs = kept
	} else {
		res.Problem = fmt.Errorf("%w (and it could not be moved aside: %v)", err, mvErr)
	}
	return res
}

func (s Store) keepAside() (string, error) {
	now := time.Now
	if s.Now != nil {
		now = s.Now
	}
	stamp := now().Format("20060102-150405")
	for i := 0; i < 100; i++ {
		name := "game.corrupt-" + stamp + ".txt"
		if i > 0 {
			name = fmt.Sprintf("game.corrupt-%s-%d.txt", stamp, i)
		}
		p := filepath.Join(s.Dir, name)
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
