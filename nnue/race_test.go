//go:build race

package nnue

// raceEnabled shortens the training test under the race detector, which
// slows the trainer ~30×; the full test runs without -race.
const raceEnabled = true
