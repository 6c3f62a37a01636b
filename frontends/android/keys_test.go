package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"golang.org/x/mobile/event/key"
)

func TestIsBack(t *testing.T) {
	back := key.Event{Rune: -1, Code: key.CodeUnknown, Direction: key.DirRelease}
	assert.True(t, isBack(back, true), "x/mobile's form of AKEYCODE_BACK on Android")
	assert.False(t, isBack(back, false), "not on the desktop")
	press := back
	press.Direction = key.DirPress
	assert.False(t, isBack(press, true), "acted on at release only")
	assert.True(t, isBack(key.Event{Rune: -1, Code: key.CodeEscape, Direction: key.DirRelease}, false))
	assert.False(t, isBack(key.Event{Rune: 'a', Code: key.CodeA, Direction: key.DirRelease}, true))
	assert.False(t, isBack(key.Event{Rune: -1, Code: key.CodeVolumeUp, Direction: key.DirRelease}, true))
}
