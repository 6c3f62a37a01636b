package main

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cotuong-ai/cotuong/frontends/app/controller"
)

// TestFileClipboard: with no xclip or xsel, Copy writes the FEN into position.fen in the data
// folder and Paste reads it back; a missing file says where to put one.
func TestFileClipboard(t *testing.T) {
	dir := t.TempDir()
	events := make(chan any, 4)
	c := fileClipboard{dir: dir, post: func(ev any) { events <- ev }, look: func(string) (string, error) { return "", errors.New("none") }}
	next := func() any {
		select {
		case ev := <-events:
			return ev
		case <-time.After(10 * time.Second):
			t.Fatal("no event")
			return nil
		}
	}
	c.Paste()
	p := next().(controller.Pasted)
	assert.ErrorContains(t, p.Err, "put a FEN in "+filepath.Join(dir, FENFile))
	c.Copy("4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1")
	cp := next().(controller.Copied)
	require.NoError(t, cp.Err)
	assert.Equal(t, filepath.Join(dir, FENFile), cp.Where)
	b, err := os.ReadFile(cp.Where)
	require.NoError(t, err)
	assert.Equal(t, "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1\n", string(b))
	c.Paste()
	p = next().(controller.Pasted)
	require.NoError(t, p.Err)
	assert.Equal(t, "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1\n", p.Text)
}

// TestFileClipboardPGN: without a clipboard tool, Export PGN writes PGNFile and Import PGN reads
// it, apart from the FEN's file.
func TestFileClipboardPGN(t *testing.T) {
	dir := t.TempDir()
	events := make(chan any, 4)
	c := fileClipboard{dir: dir, post: func(ev any) { events <- ev }, look: func(string) (string, error) { return "", errors.New("none") }}
	next := func() any {
		select {
		case ev := <-events:
			return ev
		case <-time.After(10 * time.Second):
			t.Fatal("no event")
			return nil
		}
	}
	var _ controller.PGNClipboard = c
	c.PastePGN()
	assert.ErrorContains(t, next().(controller.Pasted).Err, "put a PGN in "+filepath.Join(dir, PGNFile))
	pgn := "[Variant \"Xiangqi\"]\n\n1. Che3 *"
	c.CopyPGN(pgn)
	cp := next().(controller.Copied)
	require.NoError(t, cp.Err)
	assert.Equal(t, filepath.Join(dir, PGNFile), cp.Where)
	c.PastePGN()
	p := next().(controller.Pasted)
	require.NoError(t, p.Err)
	assert.Equal(t, pgn+"\n", p.Text)
	_, err := os.Stat(filepath.Join(dir, FENFile))
	assert.True(t, os.IsNotExist(err), "the FEN's file is not touched")
}
