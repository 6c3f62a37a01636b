package atomicfile_test

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cotuong-ai/cotuong/internal/atomicfile"
)

// A new file gets the bytes and the permissions asked for (under a zero umask's ceiling),
// and no temporary file is left beside it.
func TestWriteNew(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "game.txt")
	require.NoError(t, atomicfile.Write(p, []byte("1. h2e2\n"), 0o600))
	b, err := os.ReadFile(p)
	require.NoError(t, err)
	assert.Equal(t, "1. h2e2\n", string(b))
	st, err := os.Stat(p)
	require.NoError(t, err)
	assert.Equal(t, fs.FileMode(0o600), st.Mode().Perm())
	names, err := os.ReadDir(dir)
	require.NoError(t, err)
	assert.Len(t, names, 1, "only the file itself")
}

// Writing over a file replaces it whole.
func TestWriteReplaces(t *testing.T) {
	p := filepath.Join(t.TempDir(), "game.txt")
	require.NoError(t, os.WriteFile(p, []byte("a much longer old text\n"), 0o644))
	require.NoError(t, atomicfile.Write(p, []byte("new\n"), 0o644))
	b, err := os.ReadFile(p)
	require.NoError(t, err)
	assert.Equal(t, "new\n", string(b))
}

// A missing folder is an error naming it, with nothing written; a target that is a folder
// fails at the rename, leaving the folder as it was and no temporary file behind.
func TestWriteFails(t *testing.T) {
	dir := t.TempDir()
	err := atomicfile.Write(filepath.Join(dir, "missing", "game.txt"), []byte("x"), 0o644)
	require.Error(t, err)
	assert.True(t, errors.Is(err, fs.ErrNotExist), "%v", err)
	assert.Contains(t, err.Error(), filepath.Join(dir, "missing"))

	target := filepath.Join(dir, "taken")
	require.NoError(t, os.Mkdir(target, 0o755))
	err = atomicfile.Write(target, []byte("x"), 0o644)
	var le *os.LinkError
	require.True(t, errors.As(err, &le), "%v", err)
	names, err := os.ReadDir(dir)
	require.NoError(t, err)
	require.Len(t, names, 1, "the temporary file is removed")
	assert.Equal(t, "taken", names[0].Name())
}
