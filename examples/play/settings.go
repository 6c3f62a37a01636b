package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/cotuong-ai/cotuong/levels"
)

// parseLevel reads a level as levels.Parse does (a number 1-8, a name in any case, a former
// name such as easy) and also by the start of its name, in any case: a prefix of one level's
// name ("inter", "club", "strong c"), or, when no name starts with it, the start of a later
// word of one name. A prefix several levels share is an error naming them ("c" could mean
// Casual or Club player; "player" Club player or Strong club player).
//
// TODO: this belongs in levels.Parse, which was being changed elsewhere when it was written;
// move it there and let the app and the engine read prefixes too.
func parseLevel(text string) (levels.Level, error) {
	l, err := levels.Parse(text)
	if err == nil {
		return l, nil
	}
	p := normLevel(text)
	if p == "" || strings.ContainsAny(p, "0123456789") {
		return levels.Level{}, err
	}
	var starts, words []levels.Level
	for _, l := range levels.All() {
		n := normLevel(l.Name)
		switch {
		case strings.HasPrefix(n, p):
			starts = append(starts, l)
		case strings.Contains(" "+n, " "+p):
			words = append(words, l)
		}
	}
	found := starts
	if len(found) == 0 {
		found = words
	}
	switch len(found) {
	case 0:
		return levels.Level{}, err
	case 1:
		return found[0], nil
	}
	names := make([]string, len(found))
	for i, l := range found {
		names[i] = l.Name
	}
	return levels.Level{}, fmt.Errorf("level %q could mean %s or %s (type more of the name)", strings.TrimSpace(text),
		strings.Join(names[:len(names)-1], ", "), names[len(names)-1])
}

// normLevel writes a level name for matching: lower case, "-" and "_" as spaces, single spaces.
func normLevel(s string) string {
	s = strings.ToLower(strings.NewReplacer("-", " ", "_", " ").Replace(s))
	return strings.Join(strings.Fields(s), " ")
}

// The settings file remembers the level between runs. It sits beside the autosave file
// (play-settings.txt in ~/.config/cotuong by default) and holds a header line and one
// "level N" line (N on the ladder, 1-8). Lines of other names are left for later versions.
const (
	settingsName   = "play-settings.txt"
	settingsHeader = "cotuong-play-settings 1"
)

// settingsFile is where the settings are kept for the autosave file autosave: beside it, ""
// when there is no autosave (-autosave "") and so nowhere to keep them.
func settingsFile(autosave string) string {
	if autosave == "" {
		return ""
	}
	return filepath.Join(filepath.Dir(expandHome(autosave)), settingsName)
}

// settings are what the settings file holds.
type settings struct {
	level *levels.Level // nil: none remembered
}

// readSettings reads the settings file name. A missing file is no settings and no error; an
// error names the problem (and the line) so the game can say so and go on with the defaults.
func readSettings(name string) (settings, error) {
	var st settings
	data, err := os.ReadFile(name)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return st, nil
	case err != nil:
		return st, pathProblem(err)
	}
	lines := strings.Split(strings.ReplaceAll(string(data), "\r\n", "\n"), "\n")
	if strings.TrimSpace(lines[0]) != settingsHeader {
		return st, errors.New("not a settings file (the first line must be \"" + settingsHeader + "\")")
	}
	for i, l := range lines[1:] {
		key, value, _ := strings.Cut(strings.TrimSpace(l), " ")
		if key != "level" {
			continue // a blank line, or a setting of a later version
		}
		lvl, err := levels.Parse(value)
		if err != nil {
			return settings{}, fmt.Errorf("line %d: %s", i+2, strings.TrimPrefix(err.Error(), "levels: "))
		}
		st.level = &lvl
	}
	return st, nil
}

// rememberLevel writes the level to the settings file, if there is one, and returns a note
// for the person: "" when it was written, else why not. A settings file that could not be
// read when the game started is first kept as play-settings.txt.bad, and the note says so.
func (s *session) rememberLevel() string {
	if s.settings == "" {
		return ""
	}
	note := ""
	if _, err := os.Stat(s.settings); err == nil && s.settingsBad {
		bad := s.settings + ".bad"
		if err := os.Rename(s.settings, bad); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Sprintf(" It is not remembered for next time: the unreadable %s could not be set aside (%v).",
				s.settings, pathProblem(err))
		}
		s.settingsBad = false
		note = fmt.Sprintf(" The unreadable settings file is kept as %s.", bad)
	}
	text := fmt.Sprintf("%s\nlevel %d\n", settingsHeader, s.level.Number)
	if err := writeFile(s.settings, text); err != nil {
		return fmt.Sprintf(" It is not remembered for next time (%v).", err)
	}
	return note
}
