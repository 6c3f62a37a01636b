package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/cotuong-ai/cotuong/engine"
	"github.com/cotuong-ai/cotuong/internal/atomicfile"
	"github.com/cotuong-ai/cotuong/levels"
)

// The save file: a header line, the variant, the level (its number on the ladder) and the
// person's side, the game as "fen <FEN> moves ...", and an end line, so that a file cut short
// at a line boundary is recognised. Files of version 1 (no level or side lines) are read too.
const (
	saveHeader   = "cotuong-game 2"
	saveHeaderV1 = "cotuong-game 1"
	saveEnd      = "end"
)

// save writes the game to the file name (a leading ~/ is the home folder, as in a shell),
// making its folder when it does not exist (made names it, "" when it existed). The file is
// written whole under another name and then renamed, so a failed save leaves an earlier file
// of that name as it was. Errors name the file or the folder.
func (s *session) save(name string) (made string, err error) {
	text := fmt.Sprintf("%s\nvariant %s\nlevel %d\nside %s\n%s\n%s\n", saveHeader, s.variant, s.level.Number,
		strings.ToLower(s.game.SideName(s.person)), s.game.String(), saveEnd)
	if name == "~" || strings.HasSuffix(name, "/") || strings.HasSuffix(name, string(filepath.Separator)) {
		// A folder by its form, whether or not it exists (a missing home folder made a file).
		return "", fmt.Errorf("%s names a folder; give a file name, e.g. save %s", name,
			strings.TrimRight(name, "/"+string(filepath.Separator))+"/game.txt")
	}
	name = expandHome(name)
	if st, err := os.Stat(name); err == nil && st.IsDir() {
		return "", fmt.Errorf("%s is a folder; give a file name, e.g. save %s", name, filepath.Join(name, "game.txt"))
	}
	dir := filepath.Dir(name)
	switch st, err := os.Stat(dir); {
	case errors.Is(err, fs.ErrNotExist):
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return "", fmt.Errorf("the folder %s does not exist and cannot be made (%v)", dir, pathProblem(err))
		}
		made = dir
	case err != nil:
		if f := fileAbove(dir); f != "" {
			return "", fmt.Errorf("the folder %s cannot be made: %s is a file", dir, f)
		}
		return "", fmt.Errorf("the folder %s cannot be used (%v)", dir, pathProblem(err))
	case !st.IsDir():
		return "", fmt.Errorf("%s is not a folder", dir)
	}
	return made, writeFile(name, text)
}

// writeFile writes text to the file name whole, making its folder: through
// atomicfile.Write (a temporary file synced and renamed), so that a failed write or a crash
// leaves an earlier file as it was.
func writeFile(name, text string) error {
	dir := filepath.Dir(name)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("the folder %s cannot be made (%v)", dir, pathProblem(err))
	}
	if err := atomicfile.Write(name, []byte(text), 0o644); err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) && pe.Op == "createtemp" {
			return fmt.Errorf("cannot write in the folder %s (%v)", dir, pathProblem(err))
		}
		return fmt.Errorf("cannot write %s (%v)", name, pathProblem(err))
	}
	return nil
}

// fileAbove returns the nearest of dir and its parents that exists, when that is a file
// (save a/b/c.txt where a is a file), else "".
func fileAbove(dir string) string {
	for d := dir; ; d = filepath.Dir(d) {
		if st, err := os.Stat(d); err == nil {
			if st.IsDir() {
				return ""
			}
			return d
		}
		if d == filepath.Dir(d) {
			return ""
		}
	}
}

// expandHome replaces a leading ~/ (or a lone ~) with the home folder, as a shell does for
// the words it reads; the game's commands are not read by a shell.
func expandHome(name string) string {
	if name != "~" && !strings.HasPrefix(name, "~/") {
		return name
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return name
	}
	return filepath.Join(home, strings.TrimPrefix(name, "~"))
}

// pathProblem is what went wrong with a path, without the operation and path that the
// caller's message names already ("not a directory" rather than "mkdir /a/b: not a
// directory").
func pathProblem(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		return le.Err
	}
	return err
}

// defaultAutosave is the file new and quit keep an unfinished game of variant v in:
// unfinished-xiangqi.txt or unfinished-chess.txt in the user's configuration directory
// (~/.config/cotuong on Linux), so that a game of one kind never overwrites the other's; ""
// when there is no such directory.
func defaultAutosave(v engine.Variant) string {
	dir, err := os.UserConfigDir()
	if err != nil {
		return ""
	}
	return filepath.Join(dir, "cotuong", "unfinished-"+string(v)+".txt")
}

// unfinished reports whether the game in progress is worth keeping when it is left: it has
// moves, is not over, and there is an autosave file to keep it in.
func (s *session) unfinished() bool {
	return s.game.Len() > 0 && !s.game.Result().Over && s.autosave != ""
}

// keepUnfinished saves a game that has moves and is not over before it is left (new, load,
// quit, the end of the input), and says where. A different game that the autosave file holds
// already (not an earlier state of this one, which this one replaces) is first moved aside to
// a free name beside it (unfinished-2.txt), which is named, so that nothing is lost. It
// reports whether the game is safe: kept, or with nothing to keep.
func (s *session) keepUnfinished() bool {
	if !s.unfinished() {
		return true
	}
	aside := ""
	if g, _, err := s.readGame(s.autosave); err == nil && continues(s.game, g) {
		// The file holds this game as it was: the game replaces it.
	} else if _, err := os.Stat(expandHome(s.autosave)); err == nil {
		if aside, err = moveAside(s.autosave); err != nil {
			s.say("Your unfinished game could not be saved: the game in %s could not be moved aside (%v).",
				s.autosave, pathProblem(err))
			return false
		}
	}
	if _, err := s.save(s.autosave); err != nil {
		s.say("Your unfinished game could not be saved (%v).", err)
		return false
	}
	s.say("Your unfinished game is saved in %s (type resume to go on).", s.autosave)
	if aside != "" {
		s.say("The game kept there before is now in %s (type load %s to go on with it).", aside, aside)
	}
	return true
}

// continues reports whether game g is kept (the same game, or an earlier state of it: the
// same start and the first of its moves).
func continues(g, kept engine.Game) bool {
	gs, ks := g.String(), kept.String()
	return gs == ks || strings.HasPrefix(gs, ks+" ")
}

// asideFiles lists the files that moveAside made beside the autosave file name, in order.
func asideFiles(name string) []string {
	ext := filepath.Ext(name)
	base := strings.TrimSuffix(name, ext)
	var r []string
	for n := 2; n < 1000; n++ {
		aside := fmt.Sprintf("%s-%d%s", base, n, ext)
		if _, err := os.Stat(expandHome(aside)); err == nil {
			r = append(r, aside)
		}
	}
	return r
}

// sameFile reports whether the file names a and b (a leading ~/ is the home folder) name the
// same file, by their absolute paths.
func sameFile(a, b string) bool {
	a, errA := filepath.Abs(expandHome(a))
	b, errB := filepath.Abs(expandHome(b))
	return errA == nil && errB == nil && a == b
}

// moveAside renames the file name to the first free name beside it with a number before
// its extension (unfinished-xiangqi-2.txt, -3, ...) and returns that name.
func moveAside(name string) (string, error) {
	ext := filepath.Ext(name)
	base := strings.TrimSuffix(name, ext)
	for n := 2; ; n++ {
		aside := fmt.Sprintf("%s-%d%s", base, n, ext)
		if _, err := os.Lstat(expandHome(aside)); errors.Is(err, fs.ErrNotExist) {
			return aside, os.Rename(expandHome(name), expandHome(aside))
		} else if err != nil {
			return "", err
		}
	}
}

// savedMeta is what a version-2 save file adds to the game: the level and the person's side.
type savedMeta struct {
	level *levels.Level
	side  *engine.Side
}

// parseSave reads a save file's text.
func parseSave(text string) (engine.Game, error) {
	g, _, err := parseSaveMeta(text)
	return g, err
}

// parseSaveMeta reads a save file's text, with the level and side of a version-2 file.
// Blank lines are skipped; an error names the line of the file as an editor numbers it.
func parseSaveMeta(text string) (engine.Game, savedMeta, error) {
	var meta savedMeta
	type line struct {
		n    int // 1-based line number in the file
		text string
	}
	var body []line
	for i, l := range strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n") {
		if t := strings.TrimSpace(l); t != "" {
			body = append(body, line{i + 1, t})
		}
	}
	if len(body) == 0 || body[0].text != saveHeader && body[0].text != saveHeaderV1 {
		return nil, meta, errors.New("not a cotuong save file (the first line must be \"" + saveHeader + "\")")
	}
	// Version 2: header, variant, level, side, game, end; version 1: header, variant, game, end.
	v2 := body[0].text == saveHeader
	n, want := 4, "a variant line, a game line and an \"end\" line"
	if v2 {
		n, want = 6, "variant, level, side, game and \"end\" lines"
	}
	if len(body) < n {
		return nil, meta, fmt.Errorf("the save file is cut short (want %s)", want)
	}
	if e := body[n-1]; e.text != saveEnd {
		return nil, meta, fmt.Errorf("line %d: want %q, got %q", e.n, saveEnd, clip(e.text))
	}
	vs, ok := strings.CutPrefix(body[1].text, "variant ")
	if !ok {
		return nil, meta, fmt.Errorf("line %d: want \"variant chess|xiangqi\", got %q", body[1].n, clip(body[1].text))
	}
	v, err := engine.ParseVariant(vs)
	if err != nil {
		return nil, meta, fmt.Errorf("line %d: %w", body[1].n, err)
	}
	game := body[2]
	if v2 {
		lv, sd := body[2], body[3]
		num, ok := strings.CutPrefix(lv.text, "level ")
		if !ok {
			return nil, meta, fmt.Errorf("line %d: want \"level N\", got %q", lv.n, clip(lv.text))
		}
		l, err := levels.Parse(num)
		if err != nil {
			return nil, meta, fmt.Errorf("line %d: %s", lv.n, strings.TrimPrefix(err.Error(), "levels: "))
		}
		name, ok := strings.CutPrefix(sd.text, "side ")
		if !ok {
			return nil, meta, fmt.Errorf("line %d: want \"side red|black|white\", got %q", sd.n, clip(sd.text))
		}
		side, err := parseSide(name)
		if err != nil {
			return nil, meta, fmt.Errorf("line %d: %w", sd.n, err)
		}
		meta = savedMeta{level: &l, side: &side}
		game = body[4]
	}
	g, err := engine.ParseGame(v, game.text)
	if err != nil {
		// The game package names itself ("xiangqi: FEN: ..."); the file's line says enough.
		return nil, meta, fmt.Errorf("line %d: %s", game.n, strings.TrimPrefix(err.Error(), string(v)+": "))
	}
	return g, meta, nil
}

// readGame reads the save file name (a leading ~/ is the home folder): the game and, from a
// version-2 file, the level and the person's side; or the first game of a PGN file (any
// notation the game's PGN reader knows). An error says what is wrong with the file or that it
// holds the other game.
func (s *session) readGame(name string) (engine.Game, savedMeta, error) {
	return s.readGameN(name, 0)
}

// maxLoadBytes is the largest file load reads (256 MiB): a PGN collection of about a million
// games. The file is read whole, so a larger one could take the memory of a small machine.
const maxLoadBytes = 256 << 20

// readGameN is readGame that also reads a PGN file (see pgnGame): its game number n (0: the
// first). A save file holds one game, so n must then be 0 or 1.
func (s *session) readGameN(name string, n int) (engine.Game, savedMeta, error) {
	name = expandHome(name)
	if st, err := os.Stat(name); err == nil {
		switch {
		case st.IsDir():
			return nil, savedMeta{}, errors.New("it is a folder, not a save file")
		case !st.Mode().IsRegular():
			// A device (/dev/zero) would be read until memory runs out, a pipe until
			// something writes to it.
			return nil, savedMeta{}, errors.New("it is not a file (a device or a pipe), so not a save file")
		case st.Size() > maxLoadBytes:
			return nil, savedMeta{}, fmt.Errorf("it is %d MB, larger than the %d MB a save or PGN file may be (split a PGN file)",
				st.Size()>>20, maxLoadBytes>>20)
		}
	}
	data, err := os.ReadFile(name)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, savedMeta{}, errors.New("no such file")
	case err != nil:
		return nil, savedMeta{}, pathProblem(err)
	}
	if !isSaveFile(string(data)) {
		if !looksLikePGN(string(data)) {
			return nil, savedMeta{}, errors.New("not a cotuong save file (the first line must be \"" + saveHeader + "\") nor a PGN file")
		}
		g, err := s.readPGNGame(string(data), n)
		return g, savedMeta{}, err
	}
	if n > 1 {
		return nil, savedMeta{}, fmt.Errorf("it is a save file, which holds one game (there is no game %d)", n)
	}
	g, meta, err := parseSaveMeta(string(data))
	if err != nil {
		return nil, meta, err
	}
	if g.Variant() != s.variant {
		return nil, meta, fmt.Errorf("it holds a game of %s, and this is %s (start with -game %s to load it)", g.Variant(), s.variant, g.Variant())
	}
	return g, meta, nil
}

// use replaces the game (and, from a version-2 file, the level and the person's side) with
// one read by readGame.
func (s *session) use(g engine.Game, meta savedMeta) {
	s.engine.Clear()
	s.noise = levels.NewNoise(s.rng.Uint64()) // a loaded game is another game
	s.game = g
	if meta.level != nil {
		s.level = *meta.level
	}
	if meta.side != nil {
		s.person = *meta.side
	}
}
