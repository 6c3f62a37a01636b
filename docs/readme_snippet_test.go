package docs_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestReadmeSnippet builds and runs the README's "Use it as a library" program as a user would:
// in a module of its own, next to a local copy of this module in a Go workspace (go.work).
// It prints the best move and its score with the unit.
func TestReadmeSnippet(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a program with the go command")
	}
	readme, err := os.ReadFile("../README.md")
	require.NoError(t, err)
	section := string(readme)
	i := strings.Index(section, "## Use it as a library")
	require.GreaterOrEqual(t, i, 0, "the README has its library section")
	section = section[i:]
	m := regexp.MustCompile("(?s)```go\n(.*?)```").FindStringSubmatch(section)
	require.NotNil(t, m, "the section has a Go block")
	require.True(t, strings.HasPrefix(m[1], "package main\n"), "the block is a whole program")

	root, err := filepath.Abs("..")
	require.NoError(t, err)
	gomod, err := os.ReadFile(filepath.Join(root, "go.mod"))
	require.NoError(t, err)
	gover := regexp.MustCompile(`(?m)^go (\S+)$`).FindStringSubmatch(string(gomod))
	require.NotNil(t, gover, "go.mod has a go line")
	dir := t.TempDir()
	app := filepath.Join(dir, "myengine")
	require.NoError(t, os.Mkdir(app, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(app, "main.go"), []byte(m[1]), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(app, "go.mod"), []byte("module myengine\n\ngo "+gover[1]+"\n"), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "go.work"),
		[]byte("go "+gover[1]+"\n\nuse (\n\t./myengine\n\t"+root+"\n)\n"), 0o644))
	cmd := exec.Command("go", "run", ".")
	cmd.Dir = app
	cmd.Env = append(os.Environ(), "GOWORK="+filepath.Join(dir, "go.work"), "GOFLAGS=")
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "go run of the README's program:\n%s", out)
	require.Regexp(t, `^[a-i][0-9][a-i][0-9] \(\S+\): -?\d+ centipawns for Red at depth \d+\n$`, string(out))
}
