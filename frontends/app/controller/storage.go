package controller

import (
	"errors"
	"fmt"
	"io/fs"
	"syscall"
	"time"
)

// Storage is where the controller keeps its one save: a folder (Store) in the app, the
// browser's localStorage in the web build. The controller calls Read and KeepAside once, in
// New, on the UI goroutine, and Save from its background saver goroutine, never two calls at
// once.
type Storage interface {
	// Read returns the save's bytes. An error matching fs.ErrNotExist (or syscall.ENOTDIR)
	// means there is no save; any other error is a save that could not be read, which Load
	// treats as damaged.
	Read() ([]byte, error)
	// Save replaces the save with data atomically: afterwards the old or the new save is
	// there, whole, never a mix or a truncated one.
	Save(data []byte) error
	// KeepAside moves the save out of the way under a new name made by CorruptName from now,
	// so that it is neither lost nor overwritten by the next Save, and returns that name.
	KeepAside(now time.Time) (string, error)
	// Path names the save for the player and for errors (a file path, a storage key).
	Path() string
}

// CorruptName returns the name under which a damaged save is kept aside at time now:
// "game.corrupt-20060102-150405.txt" for try 0 and "game.corrupt-20060102-150405-<try>.txt"
// after it, for a KeepAside that finds the first name taken.
func CorruptName(now time.Time, try int) string {
	stamp := now.Format("20060102-150405")
	if try > 0 {
		return fmt.Sprintf("game.corrupt-%s-%d.txt", stamp, try)
	}
	return "game.corrupt-" + stamp + ".txt"
}

// LoadFrom reads the save of st. A missing save gives a nil Game and no Problem. A save that
// cannot be decoded is moved aside with st.KeepAside(now()) (now is time.Now when nil), so it
// is neither lost nor overwritten by the next save, and Problem says why it was refused; the
// settings lines that parsed are kept, and when the save has its end line (it was written to
// its end) and its game's start position parses, the game up to its last legal move is
// recovered. A save cut short keeps its settings but not its game: a truncated write should
// not happen with an atomic Save, so its game is not trusted.
func LoadFrom(st Storage, now func() time.Time) LoadResult {
	data, err := st.Read()
	if errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR) {
		// No save (ENOTDIR: a part of the folder's path is a file, so there is no save
		// either; the first save reports that the folder cannot be made).
		return LoadResult{Settings: DefaultSettings()}
	}
	var res LoadResult
	if err != nil {
		res = LoadResult{Settings: DefaultSettings(), Problem: err, Reason: "it could not be opened"}
	} else {
		d := decode(data)
		if d.err == nil {
			x := d.extra(d.game)
			return LoadResult{Game: d.game, Settings: d.set, Analysis: x.Analysis, Hints: x.Hints}
		}
		res = LoadResult{Settings: d.set, Problem: d.err, Reason: d.plain}
		if d.ended {
			res.Game = d.game
			if res.Game == nil {
				res.Game = d.partial
			}
			res.Recovered = res.Game != nil
		}
	}
	if now == nil {
		now = time.Now
	}
	if kept, mvErr := st.KeepAside(now()); mvErr == nil {
		res.KeptAs = kept
	} else {
		res.Problem = fmt.Errorf("%w (and it could not be moved aside: %v)", res.Problem, mvErr)
	}
	return res
}
