package sound_test

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/cotuong-ai/cotuong/frontends/app/sound"
)

// level returns the peak and the RMS of s as fractions of full scale (32768).
func level(s []int16) (peak, rms float64) {
	sum := 0.0
	for _, v := range s {
		f := float64(v) / 32768
		peak = math.Max(peak, math.Abs(f))
		sum += f * f
	}
	return peak, math.Sqrt(sum / float64(len(s)))
}

// TestSamplesAreAudibleAndUnclipped: every sound is short, loud enough to hear (peak near -7
// dBFS, RMS above -30 dBFS) and never clipped, not even two at once (no sample at full scale,
// twice the peak below full scale), and starts and ends at silence so it does not click.
func TestSamplesAreAudibleAndUnclipped(t *testing.T) {
	total := 0
	for k := range sound.NumKinds {
		s := sound.Samples(k)
		total += len(s)
		d := float64(len(s)) / sound.SampleRate
		assert.Greater(t, d, 0.05, "%v lasts %.3f s", k, d)
		assert.Less(t, d, 1.2, "%v lasts %.3f s", k, d)
		peak, rms := level(s)
		dbPeak, dbRMS := 20*math.Log10(peak), 20*math.Log10(rms)
		t.Logf("%-8v %.3f s  peak %.1f dBFS  RMS %.1f dBFS", k, d, dbPeak, dbRMS)
		assert.InDelta(t, -7, dbPeak, 0.5, "%v: peak", k)
		assert.Less(t, 2*peak, 0.95, "%v: two at once would clip", k)
		assert.Greater(t, dbRMS, -30.0, "%v: too quiet", k)
		full := 0
		for _, v := range s {
			if v == math.MinInt16 || v == math.MaxInt16 {
				full++
			}
		}
		assert.Zero(t, full, "%v: samples at full scale", k)
		first, last := math.Abs(float64(s[0])), math.Abs(float64(s[len(s)-1]))
		assert.Less(t, first, 200.0, "%v starts with a click", k)
		assert.Less(t, last, 200.0, "%v ends with a click", k)
		assert.Equal(t, s, sound.Samples(k), "%v: the same on every call", k)
	}
	assert.Less(t, total*2, 400_000, "all sounds together are small")
	assert.Nil(t, sound.Samples(sound.NumKinds))
}

// frame is the length of spectrum's frames: 20 ms, so that its bins fall on multiples of 50 Hz.
const frame = sound.SampleRate / 50

// spectrum is s's average magnitude spectrum (Welch's method: Hann-windowed 20 ms frames,
// half overlapping) at 50, 100, ... 8000 Hz.
func spectrum(s []int16) []float64 {
	const bins = 160
	var re, im [bins][frame]float64
	for k := range bins {
		for n := range frame {
			w := 0.5 - 0.5*math.Cos(2*math.Pi*float64(n)/frame)
			a := 2 * math.Pi * float64((k+1)*n) / frame
			re[k][n], im[k][n] = w*math.Cos(a), -w*math.Sin(a)
		}
	}
	out := make([]float64, bins)
	for at := 0; at+frame <= len(s); at += frame / 2 {
		for k := range bins {
			var x, y float64
			for n, v := range s[at : at+frame] {
				x += float64(v) * re[k][n]
				y += float64(v) * im[k][n]
			}
			out[k] += math.Hypot(x, y)
		}
	}
	return out
}

// dominant is the frequency (Hz) of the largest spectrum bin.
func dominant(spec []float64) float64 {
	best := 0
	for i, v := range spec {
		if v > spec[best] {
			best = i
		}
	}
	return 50 * float64(best+1)
}

// TestSoundsAreDistinct: no two sounds are alike (their normalized spectra differ), and each
// sits where its design puts it: the knocks near their wood mode (820 Hz, the capture lower),
// the illegal buzz low, check in the A5–D6 range, the end-of-game sounds in their keys.
func TestSoundsAreDistinct(t *testing.T) {
	specs := make([][]float64, sound.NumKinds)
	for k := range sound.NumKinds {
		specs[k] = spectrum(sound.Samples(k))
	}
	cos := func(a, b []float64) float64 {
		var ab, aa, bb float64
		for i := range a {
			ab += a[i] * b[i]
			aa += a[i] * a[i]
			bb += b[i] * b[i]
		}
		return ab / math.Sqrt(aa*bb)
	}
	for a := range sound.NumKinds {
		for b := a + 1; b < sound.NumKinds; b++ {
			assert.Less(t, cos(specs[a], specs[b]), 0.9, "%v and %v sound alike", a, b)
		}
	}
	want := map[sound.Kind][2]float64{
		sound.Move:    {750, 900},
		sound.Capture: {500, 650},
		sound.Check:   {850, 1200},
		sound.Illegal: {150, 250},
		sound.Win:     {500, 1100},
		sound.Loss:    {250, 400},
		sound.Draw:    {500, 550},
	}
	for k, r := range want {
		f := dominant(specs[k])
		assert.True(t, f >= r[0] && f <= r[1], "%v: strongest at %v Hz, want %v–%v", k, f, r[0], r[1])
	}
}

func TestKindNames(t *testing.T) {
	assert.Equal(t, "move", sound.Move.String())
	assert.Equal(t, "draw", sound.Draw.String())
	assert.Equal(t, "sound(9)", sound.Kind(9).String())
}

// BenchmarkSamples measures synthesizing every sound, as the player does when it starts.
func BenchmarkSamples(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		for k := range sound.NumKinds {
			sound.Samples(k)
		}
	}
}
