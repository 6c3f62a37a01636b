package sound

import (
	"fmt"
	"math"
	"math/rand/v2"
)

// Kind names one of the app's sounds.
type Kind uint8

const (
	// Move: a piece set down on the board (a short knock of wood).
	Move Kind = iota
	// Capture: a piece taken (two heavier knocks).
	Capture
	// Check: the move gives check (a two-note chime, rising).
	Check
	// Illegal: a touch the rules refuse (a short, soft low buzz).
	Illegal
	// Win: the person won (a rising major arpeggio).
	Win
	// Loss: the computer won (a falling minor line).
	Loss
	// Draw: the game is drawn (an open fifth, held).
	Draw
	// NumKinds is the number of sounds.
	NumKinds
)

var kindNames = [NumKinds]string{"move", "capture", "check", "illegal", "win", "loss", "draw"}

// String returns the sound's name ("move", "capture", ...).
func (k Kind) String() string {
	if k < NumKinds {
		return kindNames[k]
	}
	return fmt.Sprintf("sound(%d)", uint8(k))
}

// SampleRate is the sample rate of every sound, in Hz (mono, signed 16-bit samples).
const SampleRate = 44100

// Peak is the largest sample magnitude of every sound, as a fraction of full scale: -6.9 dBFS,
// loud enough to hear, and low enough that two sounds playing at once (a move and the
// computer's quick reply) still stay below full scale in the mix.
const Peak = 0.45

// Samples synthesizes sound k: mono, SampleRate Hz, signed 16-bit, peak-normalized to Peak,
// starting and ending at silence (no click). The result is the same on every call. It returns
// nil for a Kind outside [0, NumKinds).
func Samples(k Kind) []int16 {
	var s []float64
	switch k {
	case Move:
		s = knock(0.09, 1, 7)
	case Capture:
		a := knock(0.10, 0.72, 11)
		b := knock(0.14, 0.62, 13)
		s = make([]float64, len(b)+secs(0.075))
		mix(s, a, 0, 0.8)
		mix(s, b, secs(0.075), 1)
	case Check:
		s = make([]float64, secs(0.42))
		mix(s, bell(880, 0.22), 0, 0.8)            // A5
		mix(s, bell(1174.66, 0.30), secs(0.12), 1) // D6
	case Illegal:
		s = buzz(196, 0.16) // G3
	case Win:
		s = line(0.95, 0.11, 0.28, 0.5, bell, 523.25, 659.26, 783.99, 1046.5) // C5 E5 G5 C6
	case Loss:
		s = line(1.0, 0.2, 0.35, 0.6, soft, 392, 311.13, 261.63) // G4 E♭4 C4
	case Draw:
		s = make([]float64, secs(0.7))
		mix(s, soft(523.25, 0.6), 0, 1)             // C5
		mix(s, soft(783.99, 0.55), secs(0.04), 0.8) // G5
	default:
		return nil
	}
	return toPCM(s)
}

// line is a melodic line lasting total seconds: notes (Hz) step seconds apart, played by voice,
// each d seconds long but the last, which rings for last seconds.
func line(total, step, d, last float64, voice func(f, d float64) []float64, notes ...float64) []float64 {
	s := make([]float64, secs(total))
	for i, f := range notes {
		if i == len(notes)-1 {
			d = last
		}
		mix(s, voice(f, d), secs(step*float64(i)), 1)
	}
	return s
}

// secs returns the number of samples of d seconds.
func secs(d float64) int { return int(math.Round(d * SampleRate)) }

// mix adds gain × src into dst from sample at on.
func mix(dst, src []float64, at int, gain float64) {
	for i, v := range src {
		if at+i < len(dst) {
			dst[at+i] += gain * v
		}
	}
}

// envelope is a linear attack of a seconds followed by an exponential decay with time
// constant tau, faded to zero over the last 10 ms of a sound of n samples.
func envelope(i, n int, a, tau float64) float64 {
	t := float64(i) / SampleRate
	e := math.Exp(-t / tau)
	if t < a {
		e *= t / a
	}
	if fade := secs(0.01); n-i < fade {
		e *= float64(n-i) / float64(fade)
	}
	return e
}

// knock is a piece of wood struck: a few inharmonic modes (the ratios of a free bar,
// 1 : 2.76 : 5.40) with short decays, over a brief burst of noise, lasting d seconds. pitch
// scales the modes (1 = a fundamental of 820 Hz); seed fixes the noise.
func knock(d, pitch float64, seed uint64) []float64 {
	n := secs(d)
	s := make([]float64, n)
	modes := []struct{ f, amp, tau float64 }{
		{820 * pitch, 1, 0.028},
		{820 * 2.76 * pitch, 0.45, 0.012},
		{820 * 5.40 * pitch, 0.2, 0.006},
	}
	rng := rand.New(rand.NewPCG(seed, seed))
	lp := 0.0
	for i := range s {
		t := float64(i) / SampleRate
		v := 0.0
		for _, m := range modes {
			v += m.amp * math.Sin(2*math.Pi*m.f*t) * math.Exp(-t/m.tau)
		}
		// The strike: noise, low-passed (one pole), gone after a few milliseconds.
		lp += 0.35 * (rng.Float64()*2 - 1 - lp)
		v += 0.5 * lp * math.Exp(-t/0.003)
		s[i] = v * envelope(i, n, 0.0008, 1e9)
	}
	return s
}

// partial is one sine component of a note: frequency mult × the note's, amplitude amp, and
// its own exponential decay with time constant tau seconds (0: none beyond the note's).
type partial struct{ mult, amp, tau float64 }

// note is a note of frequency f lasting d seconds made of partials, under envelope (attack a
// seconds, decay time constant tau).
func note(f, d, a, tau float64, partials ...partial) []float64 {
	n := secs(d)
	s := make([]float64, n)
	for i := range s {
		t := float64(i) / SampleRate
		v := 0.0
		for _, p := range partials {
			x := p.amp * math.Sin(2*math.Pi*p.mult*f*t)
			if p.tau > 0 {
				x *= math.Exp(-t / p.tau)
			}
			v += x
		}
		s[i] = v * envelope(i, n, a, tau)
	}
	return s
}

// bell is a soft bell note of frequency f lasting d seconds: the fundamental with a quieter
// octave and twelfth, each decaying, the upper ones faster.
func bell(f, d float64) []float64 {
	return note(f, d, 0.004, d/3, partial{1, 1, 0}, partial{2, 0.3, 0.06}, partial{3, 0.12, 0.03})
}

// soft is a mellow note of frequency f lasting d seconds: a sine with a little second
// harmonic, a slower attack and a long decay.
func soft(f, d float64) []float64 {
	return note(f, d, 0.015, d/2.5, partial{1, 1, 0}, partial{2, 0.2, 0})
}

// buzz is a soft low buzz of frequency f lasting d seconds: the first odd harmonics of a
// square wave (rounded, not harsh), gliding down a little.
func buzz(f, d float64) []float64 {
	n := secs(d)
	s := make([]float64, n)
	phase := 0.0
	for i := range s {
		t := float64(i) / SampleRate
		phase += 2 * math.Pi * f * (1 - 0.12*t/d) / SampleRate
		v := math.Sin(phase) + math.Sin(3*phase)/3 + math.Sin(5*phase)/8
		s[i] = v * envelope(i, n, 0.006, d/3)
	}
	return s
}

// toPCM scales s so that its largest magnitude is Peak of full scale and converts it to
// signed 16-bit samples.
func toPCM(s []float64) []int16 {
	m := 0.0
	for _, v := range s {
		m = math.Max(m, math.Abs(v))
	}
	out := make([]int16, len(s))
	if m == 0 {
		return out
	}
	g := Peak * math.MaxInt16 / m
	for i, v := range s {
		out[i] = int16(math.Round(v * g))
	}
	return out
}
