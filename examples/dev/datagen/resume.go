package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
)

// resumeState is what an existing output file already holds: the games of this run's seed
// that were written whole, and the keys of every position kept in it (of any seed).
type resumeState struct {
	done    map[int]bool        // game indices of -seed written whole
	seen    map[uint64]struct{} // keys of the positions in the file
	games   int                 // whole games of any seed
	samples int                 // positions kept by them
	cut     int64               // bytes of an unfinished last game cut off the file; 0 if none
}

// resume reads the datagen file name, if it exists, so that a run appending to it skips the
// games of seed it already holds and keeps no position twice. A last game written only in
// part (a run stopped while writing; fewer positions after its comment line than the "kept"
// count it announces, or a line without its newline) is cut off the file, so the run plays
// it again. key returns a sample's position key from its FEN. A file that does not exist is
// an empty state; a sample whose FEN does not parse is an error naming its line.
func resume(name string, seed uint64, key func(fen string) (uint64, error)) (resumeState, error) {
	st := resumeState{done: map[int]bool{}, seen: map[uint64]struct{}{}}
	f, err := os.OpenFile(name, os.O_RDWR, 0)
	if errors.Is(err, os.ErrNotExist) {
		return st, nil
	}
	if err != nil {
		return st, err
	}
	defer f.Close()
	r := bufio.NewReaderSize(f, 1<<16)
	var (
		off, gameOff int64 // offset of the next line; of the current game's comment line
		inGame       bool
		index        int
		ours         bool // the current game is of seed
		want         int  // positions the current game's comment line announces
		keys         []uint64
		partial      = int64(-1) // offset of a last line without its newline
		partialGame  bool        // that line is a sample of the current game
	)
	complete := func() {
		if inGame && len(keys) == want {
			if ours {
				st.done[index] = true
			}
			st.games++
			st.samples += len(keys)
		}
	}
	for line := 1; ; line++ {
		text, err := r.ReadString('\n')
		if err == io.EOF && text == "" {
			break
		}
		if err != nil && err != io.EOF {
			return st, err
		}
		start := off
		if err == io.EOF { // a line without its newline: written in part
			partial, partialGame = start, inGame && !strings.HasPrefix(text, "#")
			break
		}
		off += int64(len(text))
		text = strings.TrimSuffix(text, "\n")
		if strings.HasPrefix(text, "#") {
			if g, ok := parseGameLine(text); ok {
				complete()
				inGame, gameOff, keys = true, start, keys[:0]
				index, ours, want = g.index, g.seed == seed, g.kept
			}
			continue
		}
		if strings.TrimSpace(text) == "" {
			continue
		}
		fen, _, _ := strings.Cut(text, "|")
		k, err := key(strings.TrimSpace(fen))
		if err != nil {
			return st, fmt.Errorf("%s:%d: %w", name, line, err)
		}
		st.seen[k] = struct{}{}
		keys = append(keys, k)
	}
	size := off
	if fi, err := f.Stat(); err == nil {
		size = fi.Size()
	}
	if inGame && (partialGame || len(keys) != want) {
		for _, k := range keys { // the unfinished game's positions are played again
			delete(st.seen, k)
		}
		st.cut = size - gameOff
		return st, f.Truncate(gameOff)
	}
	complete()
	if partial >= 0 {
		st.cut = size - partial
		return st, f.Truncate(partial)
	}
	return st, nil
}

// gameLine is what resume needs of a game's comment line.
type gameLine struct {
	index, kept int
	seed        uint64
}

// parseGameLine reads "# game <i> seed <seed>,<i> ... kept <m>"; ok is false for any other
// comment line.
func parseGameLine(s string) (g gameLine, ok bool) {
	f := strings.Fields(s)
	if len(f) < 6 || f[0] != "#" || f[1] != "game" || f[3] != "seed" || f[len(f)-2] != "kept" {
		return g, false
	}
	var err1, err2, err3 error
	g.index, err1 = strconv.Atoi(f[2])
	seed, _, _ := strings.Cut(f[4], ",")
	g.seed, err2 = strconv.ParseUint(seed, 10, 64)
	g.kept, err3 = strconv.Atoi(f[len(f)-1])
	return g, err1 == nil && err2 == nil && err3 == nil
}
