package controller_test

import (
	"errors"
	"io/fs"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cotuong-ai/cotuong/frontends/app/controller"
)

// memStorage is a controller.Storage in memory: the save and what was kept aside, by name.
type memStorage struct {
	mu   sync.Mutex
	save []byte
	kept map[string][]byte
}

func (m *memStorage) Read() ([]byte, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.save == nil {
		return nil, fs.ErrNotExist
	}
	return append([]byte(nil), m.save...), nil
}

func (m *memStorage) Save(data []byte) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.save = append([]byte(nil), data...)
	return nil
}

func (m *memStorage) KeepAside(now time.Time) (string, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.save == nil {
		return "", errors.New("no save to keep aside")
	}
	name := controller.CorruptName(now, len(m.kept))
	if m.kept == nil {
		m.kept = map[string][]byte{}
	}
	m.kept[name], m.save = m.save, nil
	return name, nil
}

func (m *memStorage) Path() string { return "memory" }

// TestStorageSeam: with Config.Storage the controller loads, keeps a damaged save aside and
// saves through it, exactly as with a folder (TestBadMoveRecovered): the third move a0a5 is
// illegal (the chariot cannot jump Red's own soldier on a3), so two moves are recovered.
func TestStorageSeam(t *testing.T) {
	content := "cotuong-xiangqi-save 1\ngame startpos moves h2e2 h9g7 a0a5 b9c7\nlevel Easy\nhuman red\nlabels chinese\nsound off\nend\n"
	st := &memStorage{save: []byte(content)}
	now := time.Date(2026, 11, 29, 10, 11, 12, 0, time.UTC)
	c := controller.New(controller.Config{Storage: st, Dir: t.TempDir(), Post: newQueue().post, Engine: newFake(1, 0, 0).engine(),
		Now: func() time.Time { return now }})
	defer c.Close()
	assert.Equal(t, "memory", c.SavePath(), "Storage wins over Dir")
	assert.Equal(t, map[string][]byte{"game.corrupt-20261129-101112.txt": []byte(content)}, st.kept)
	assert.Equal(t, "startpos moves h2e2 h9g7", c.GameString())
	require.NotNil(t, c.View().Dialog)
	assert.Contains(t, c.View().Dialog.Text[0], "recovered 2 moves, and the damaged file was kept as game.corrupt-20261129-101112.txt.")

	require.NoError(t, c.Flush())
	saved, err := st.Read()
	require.NoError(t, err)
	assert.Equal(t, "cotuong-xiangqi-save 1\ngame startpos moves h2e2 h9g7\nlevel Beginner\nhuman red\nlabels chinese\nsound off\nend\n", string(saved))
}

// TestCorruptName: the names of kept-aside saves, as the folder store has always used them.
func TestCorruptName(t *testing.T) {
	now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	assert.Equal(t, "game.corrupt-20260102-030405.txt", controller.CorruptName(now, 0))
	assert.Equal(t, "game.corrupt-20260102-030405-2.txt", controller.CorruptName(now, 2))
}
