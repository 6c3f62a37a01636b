//go:build race

package web_test

// raceDetector is set when the tests run under -race.
const raceDetector = true
