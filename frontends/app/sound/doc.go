// Package sound makes and plays the app's sounds: a move, a capture, check, an illegal touch
// and the end of a game (win, loss, draw).
//
// The sounds are synthesized in Go when the player starts, on its goroutine (Samples: about
// 3.5 s of 16-bit mono audio at 44.1 kHz in all, some 300 KB, made in about 45 ms by
// BenchmarkSamples), so the app carries no recordings and nothing to license: wooden knocks
// (the modes of a struck bar over a burst of noise) for moves and captures, bell tones for
// check and a win, mellow tones for a loss and a draw, a soft low buzz for a refused touch.
// Each is normalized to a peak of -6.9 dBFS (two at once never clip) and starts and ends at
// silence.
//
// A Player plays them without ever making its caller wait: Play and Stop hand the request to
// the player's own goroutine, which owns the audio device. When no device can be opened the
// player reports it once and then ignores every request, and the game goes on in silence.
//
// The device is an Output the shell supplies: in the native app OpenAL, through
// golang.org/x/mobile/exp/audio/al (package openal of frontends/android); in the browser the
// Web Audio API (frontends/web/app). It was chosen because it is the audio package of x/mobile itself, on
// which the app is built: it adds no module, it is the one audio path gomobile knows how to
// package (gomobile init -openal builds OpenAL Soft into the APK), and on Linux it is Debian's
// libopenal (OpenAL Soft), whose "wave" backend writes the mixed output to a file, which lets
// the end-to-end test hear what the app plays. github.com/ebitengine/oto also supports
// Android and Linux, but would add a module and a second audio path beside x/mobile's.
package sound
