package sound_test

import (
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cotuong-ai/cotuong/frontends/app/sound"
)

// fakeOutput records the calls a Player makes. When gate is not nil, Start waits on it (a
// device that is slow to start a sound).
type fakeOutput struct {
	openErr error
	gate    chan struct{}

	mu     sync.Mutex
	opened [][]int16
	log    []string
	closed bool
	calls  chan string
}

func newFakeOutput() *fakeOutput { return &fakeOutput{calls: make(chan string, 100)} }

func (o *fakeOutput) record(s string) {
	o.mu.Lock()
	o.log = append(o.log, s)
	o.mu.Unlock()
	o.calls <- s
}

func (o *fakeOutput) Open(sounds [][]int16, rate int) error {
	o.mu.Lock()
	o.opened = sounds
	o.mu.Unlock()
	if rate != sound.SampleRate {
		return errors.New("unexpected rate")
	}
	return o.openErr
}

func (o *fakeOutput) Start(k sound.Kind) {
	if o.gate != nil {
		<-o.gate
	}
	o.record("start " + k.String())
}
func (o *fakeOutput) StopAll() { o.record("stop") }
func (o *fakeOutput) Close() {
	o.mu.Lock()
	o.closed = true
	o.mu.Unlock()
}

// next waits for the output's next call.
func (o *fakeOutput) next(t *testing.T) string {
	t.Helper()
	select {
	case s := <-o.calls:
		return s
	case <-time.After(5 * time.Second):
		t.Fatal("the player made no call within 5 s")
		return ""
	}
}

func TestPlayerPlaysAndStops(t *testing.T) {
	out := newFakeOutput()
	p := sound.NewPlayer(out, func(err error) { t.Errorf("unexpected notice %v", err) })
	p.Play(sound.Move)
	assert.Equal(t, "start move", out.next(t))
	p.Play(sound.Check)
	assert.Equal(t, "start check", out.next(t))
	p.Stop()
	assert.Equal(t, "stop", out.next(t))
	p.Play(sound.Win)
	assert.Equal(t, "start win", out.next(t))
	p.Close()
	assert.Equal(t, "stop", out.next(t), "closing silences")
	out.mu.Lock()
	defer out.mu.Unlock()
	assert.True(t, out.closed)
	require.Len(t, out.opened, int(sound.NumKinds), "every sound loaded")
	for k, s := range out.opened {
		assert.Equal(t, sound.Samples(sound.Kind(k)), s)
	}
	p.Close() // a second Close does nothing
	p.Play(sound.Move)
}

// TestPlayerNeverWaits: with a device that hangs while starting a sound, Play and Stop still
// return at once (they only queue the request); Stop drops the requests not yet played, and
// only the latest few requests are kept.
func TestPlayerNeverWaits(t *testing.T) {
	out := newFakeOutput()
	out.gate = make(chan struct{})
	p := sound.NewPlayer(out, nil)
	done := make(chan struct{})
	go func() {
		for range 1000 {
			p.Play(sound.Move)
		}
		p.Stop()
		p.Play(sound.Capture)
		p.Play(sound.Draw)
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("Play or Stop waited for the device")
	}
	close(out.gate) // the device starts working again
	var got []string
	for s := out.next(t); ; s = out.next(t) {
		got = append(got, s)
		if s == "start draw" {
			break
		}
	}
	// At most the one Move in the device's hands when it hung, then what came after Stop.
	assert.LessOrEqual(t, len(got), 4, "%v", got)
	assert.Equal(t, []string{"stop", "start capture", "start draw"}, got[len(got)-3:])
	p.Close()
}

// TestPlayerWithoutDevice: when the device cannot be opened the player says so once, stays
// silent, and its calls still return at once.
func TestPlayerWithoutDevice(t *testing.T) {
	out := newFakeOutput()
	out.openErr = errors.New("no audio device")
	notes := make(chan error, 10)
	p := sound.NewPlayer(out, func(err error) { notes <- err })
	select {
	case err := <-notes:
		assert.EqualError(t, err, "no audio device")
	case <-time.After(5 * time.Second):
		t.Fatal("no notice")
	}
	assert.True(t, p.Failed())
	for range 10 {
		p.Play(sound.Move)
		p.Stop()
	}
	p.Close()
	assert.Empty(t, notes, "one notice only")
	out.mu.Lock()
	defer out.mu.Unlock()
	assert.Empty(t, out.log, "a device that did not open is never used")
}
