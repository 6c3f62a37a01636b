//go:build !race

package nnue

const raceEnabled = false
