// Package peer finds the outside engines that differential tests play or consult
// (stockfish, fairy-stockfish, sjaakii, ...): on PATH, or in /usr/games, where Debian installs
// them.
package peer

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// Path returns the full path of the program name, looked up on PATH and then in /usr/games.
// When it is missing, the test is skipped with a message naming it, unless the CI environment
// variable is set (.ci/run installs every peer), where the test fails instead.
func Path(tb testing.TB, name string) string {
	tb.Helper()
	if p, err := exec.LookPath(name); err == nil {
		return p
	}
	p := filepath.Join("/usr/games", name)
	if st, err := os.Stat(p); err == nil && !st.IsDir() {
		return p
	}
	if os.Getenv("CI") != "" {
		tb.Fatalf("%s is not installed (looked on PATH and in /usr/games) and CI is set", name)
	}
	tb.Skipf("%s is not installed (looked on PATH and in /usr/games); install its Debian package, or set CI to make this a failure", name)
	return ""
}
