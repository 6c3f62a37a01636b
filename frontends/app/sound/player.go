package sound

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// Output is an audio device for a Player. Its methods are called on the player's goroutine
// only, one at a time.
type Output interface {
	// Open opens the device and loads the sounds: sounds[k] is Kind k's samples (mono, signed
	// 16-bit, at rate Hz). An error means the device cannot play: the player then never
	// calls the Output again.
	Open(sounds [][]int16, rate int) error
	// Start starts playing sound k, beside any sounds still playing.
	Start(k Kind)
	// StopAll silences every sound at once.
	StopAll()
	// Close releases the device.
	Close()
}

// maxPending is how many Play requests wait for the player's goroutine at most; older ones
// are dropped (a sound that late is no longer news).
const maxPending = 4

// Player plays sounds on an Output from a goroutine of its own, so that Play and Stop return
// at once: they never wait for the device, for synthesis or for a sound to finish.
// Play, Stop and Close may be called from any goroutine.
type Player struct {
	out    Output
	notify func(error)

	mu      sync.Mutex
	pending []Kind
	stop    bool
	closed  bool

	failed atomic.Bool
	wake   chan struct{}
	done   chan struct{}
	wg     sync.WaitGroup
}

// NewPlayer starts a player on out. Its goroutine synthesizes the sounds and opens out; when
// that fails it calls notify (if not nil) once with the error, from that goroutine, and the
// player stays silent from then on.
func NewPlayer(out Output, notify func(error)) *Player {
	p := &Player{out: out, notify: notify, wake: make(chan struct{}, 1), done: make(chan struct{})}
	p.wg.Add(1)
	go p.run()
	return p
}

// Play asks for sound k. Requests made before the device is open wait for it; a player whose
// device could not be opened ignores them.
func (p *Player) Play(k Kind) {
	if k >= NumKinds || p.failed.Load() {
		return
	}
	p.mu.Lock()
	if !p.closed {
		if len(p.pending) == maxPending {
			p.pending = append(p.pending[:0], p.pending[1:]...)
		}
		p.pending = append(p.pending, k)
	}
	p.mu.Unlock()
	p.signal()
}

// Stop silences every sound playing and drops every request not yet played.
func (p *Player) Stop() {
	p.mu.Lock()
	p.pending = p.pending[:0]
	p.stop = true
	p.mu.Unlock()
	p.signal()
}

// Close stops the player's goroutine and closes its device. Later calls do nothing.
func (p *Player) Close() {
	p.mu.Lock()
	if p.closed {
		p.mu.Unlock()
		return
	}
	p.closed = true
	p.mu.Unlock()
	close(p.done)
	p.wg.Wait()
}

// Failed reports whether the device could not be opened.
func (p *Player) Failed() bool { return p.failed.Load() }

func (p *Player) signal() {
	select {
	case p.wake <- struct{}{}:
	default:
	}
}

func (p *Player) run() {
	defer p.wg.Done()
	runtime.LockOSThread() // audio libraries prefer one thread for a context
	defer runtime.UnlockOSThread()
	sounds := make([][]int16, NumKinds)
	for k := range NumKinds {
		sounds[k] = Samples(k)
	}
	if err := p.out.Open(sounds, SampleRate); err != nil {
		p.failed.Store(true)
		p.mu.Lock()
		p.pending = nil
		p.mu.Unlock()
		if p.notify != nil {
			p.notify(err)
		}
		<-p.done
		return
	}
	defer p.out.Close()
	var batch []Kind
	for {
		select {
		case <-p.done:
			p.out.StopAll()
			return
		case <-p.wake:
		}
		p.mu.Lock()
		stop := p.stop
		p.stop = false
		batch = append(batch[:0], p.pending...)
		p.pending = p.pending[:0]
		p.mu.Unlock()
		if stop {
			p.out.StopAll()
		}
		for _, k := range batch {
			p.out.Start(k)
		}
	}
}
