package controller

import (
	"fmt"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSaverCoalesces: snapshots queued faster than they can be written are coalesced, the
// last one always wins, and flush waits for it.
func TestSaverCoalesces(t *testing.T) {
	st := &Store{Dir: t.TempDir()}
	s := newSaver(st, func(any) {})
	defer s.close()
	const n = 200
	for i := 0; i < n; i++ {
		s.queue([]byte(fmt.Sprintf("snapshot %d\n", i)))
	}
	require.NoError(t, s.flush())
	data, err := os.ReadFile(st.Path())
	require.NoError(t, err)
	assert.Equal(t, fmt.Sprintf("snapshot %d\n", n-1), string(data))
	s.mu.Lock()
	writes := s.writes
	s.mu.Unlock()
	assert.Less(t, writes, n, "coalesced")
	assert.GreaterOrEqual(t, writes, 1)
	t.Logf("%d snapshots, %d writes", n, writes)
}

// TestSaverReportsFailure: a failed write is reported (once, as a SaveStatus event) and by
// flush.
func TestSaverReportsFailure(t *testing.T) {
	base := t.TempDir()
	require.NoError(t, os.WriteFile(base+"/file", []byte("x"), 0o644))
	events := make(chan any, 10)
	s := newSaver(&Store{Dir: base + "/file/sub"}, func(e any) { events <- e })
	s.queue([]byte("a"))
	assert.Error(t, s.flush())
	s.queue([]byte("b"))
	assert.Error(t, s.flush())
	s.close()
	assert.Len(t, events, 1, "one event when the outcome changes")
	assert.Equal(t, SaveStatus{}, <-events)
}
