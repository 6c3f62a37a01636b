package controller

import (
	"bytes"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/cotuong-ai/cotuong/puzzles"
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
	if s.Rating.Player.RD > 0 {
		r := s.Rating.Player
		fmt.Fprintf(b, "rating %.1f %.1f %.5f\n", r.R, r.RD, r.Vol)
	}
	if len(s.Rating.Puzzles) > 0 {
		ids := make([]string, 0, len(s.Rating.Puzzles))
		for id := range s.Rating.Puzzles {
			ids = append(ids, id)
		}
		sort.Strings(ids)
		fmt.Fprint(b, "rated")
		for _, id := range ids {
			r := s.Rating.Puzzles[id]
			fmt.Fprintf(b, " %s %.1f %.1f %.5f", id, r.R, r.RD, r.Vol)
		}
		fmt.Fprintln(b)
	}
}

// readRating reads three numbers, a Glicko-2 rating, deviation and volatility.
func readRating(f []string) (puzzles.Rating, error) {
	var n [3]float64
	for i, w := range f {
		v, err := strconv.ParseFloat(w, 64)
		if err != nil || v < 0 || v > 10000 {
			return puzzles.Rating{}, fmt.Errorf("%q is not a rating, a deviation and a volatility", strings.Join(f, " "))
		}
		n[i] = v
	}
	if len(f) != 3 || n[1] == 0 {
		return puzzles.Rating{}, fmt.Errorf("%q is not a rating, a deviation and a volatility", strings.Join(f, " "))
	}
	return puzzles.Rating{R: n[0], RD: n[1], Vol: n[2]}, nil
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
	case "rating":
		r, err := readRating(f)
		if err != nil {
			return fmt.Errorf("rating: %w", err)
		}
		d.set.Rating.Player = r
	case "rated":
		if len(f)%4 != 0 {
			return fmt.Errorf("rated %q is not puzzle IDs each with three numbers", val)
		}
		d.set.Rating.Puzzles = map[string]puzzles.Rating{}
		for i := 0; i < len(f); i += 4 {
			r, err := readRating(f[i+1 : i+4])
			if err != nil {
				return fmt.Errorf("rated %s: %w", f[i], err)
			}
			d.set.Rating.Puzzles[f[i]] = r
		}
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
