package controller

import "sync"

// SaveStatus is the event the background saver posts (through Config.Post) when the outcome
// of its writes changes, from success to failure or back, so the UI draws the status line
// again. Handle accepts it; it carries nothing: SaveError reads the outcome.
type SaveStatus struct{}

// saver writes saves on its own goroutine so the UI never waits for a write and its fsyncs.
// It always writes the latest snapshot: snapshots queued while a write runs replace one
// another and only the last is written (coalescing). Each write is Store.Save's atomic
// temporary file + fsync + rename.
type saver struct {
	store Storage
	post  func(any)

	mu      sync.Mutex
	cond    *sync.Cond
	pending []byte // the latest snapshot not yet being written (nil: none)
	queued  uint64 // snapshots queued so far
	written uint64 // the last snapshot whose write has finished
	err     error  // the outcome of that write
	closed  bool
	done    chan struct{}
	writes  int // writes made (diagnostics, tests)
}

func newSaver(store Storage, post func(any)) *saver {
	s := &saver{store: store, post: post, done: make(chan struct{})}
	s.cond = sync.NewCond(&s.mu)
	go s.run()
	return s
}

func (s *saver) run() {
	defer close(s.done)
	s.mu.Lock()
	for {
		for s.pending == nil && !s.closed {
			s.cond.Wait()
		}
		if s.pending == nil {
			s.mu.Unlock()
			return
		}
		data, seq := s.pending, s.queued
		s.pending = nil
		s.mu.Unlock()

		err := s.store.Save(data)

		s.mu.Lock()
		flipped := (err == nil) != (s.err == nil)
		s.err, s.written = err, seq
		s.writes++
		s.cond.Broadcast()
		if flipped {
			s.mu.Unlock()
			s.post(SaveStatus{})
			s.mu.Lock()
		}
	}
}

// queue hands the saver a snapshot to write; it replaces any snapshot not yet being written.
func (s *saver) queue(data []byte) {
	s.mu.Lock()
	s.queued++
	s.pending = data
	s.cond.Broadcast()
	s.mu.Unlock()
}

// flush waits until every snapshot queued so far is written and returns the last write's
// outcome.
func (s *saver) flush() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	for s.written < s.queued {
		s.cond.Wait()
	}
	return s.err
}

// status returns the outcome of the last finished write (nil before the first).
func (s *saver) status() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.err
}

// close writes what is queued and stops the goroutine.
func (s *saver) close() {
	s.mu.Lock()
	s.closed = true
	s.cond.Broadcast()
	s.mu.Unlock()
	<-s.done
}
