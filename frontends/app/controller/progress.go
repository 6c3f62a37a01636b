package controller

import (
	"bytes"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// encodeProgress writes the lesson's and the puzzles' progress lines of a save (none when
// there is no progress): "lessons <step ids>", "puzzles <seeds>", "streak <now> <best>".
func encodeProgress(b *bytes.Buffer, s Settings) {
	if len(s.Lessons) > 0 {
		fmt.Fprintf(b, "lessons %s\n", strings.Join(s.Lessons, " "))
	}
	if len(s.Puzzles) > 0 {
		fmt.Fprintf(b, "puzzles %s\n", strings.Join(s.Puzzles, " "))
	}
	if s.Streak > 0 || s.BestStreak > 0 {
		fmt.Fprintf(b, "streak %d %d\n", s.Streak, s.BestStreak)
	}
}

// readProgress reads the save's "lessons", "puzzles" and "streak" lines.
func (d *decoded) readProgress(key, val string) error {
	f := strings.Fields(val)
	switch key {
	case "lessons":
		d.set.Lessons = addAll(nil, f...)
	case "puzzles":
		d.set.Puzzles = addAll(nil, f...)
	case "streak":
		if len(f) != 2 {
			return fmt.Errorf("streak %q is not two numbers", val)
		}
		now, err1 := strconv.Atoi(f[0])
		best, err2 := strconv.Atoi(f[1])
		if err1 != nil || err2 != nil || now < 0 || best < now {
			return fmt.Errorf("streak %q is not a streak and a best streak at least as long", val)
		}
		d.set.Streak, d.set.BestStreak = now, best
	}
	return nil
}

// addAll returns the sorted set list with the ids added (a new slice; nil stays nil when
// nothing is added).
func addAll(list []string, ids ...string) []string {
	if len(ids) == 0 {
		return list
	}
	out := slices.Clone(list)
	for _, id := range ids {
		if i, found := slices.BinarySearch(out, id); !found {
			out = slices.Insert(out, i, id)
		}
	}
	return out
}

// has reports whether the sorted list holds id.
func has(list []string, id string) bool {
	_, found := slices.BinarySearch(list, id)
	return found
}
