//go:build !race

package main

// raceEnabled reports that the race detector is on (tests shrink their slowest parts).
const raceEnabled = false
