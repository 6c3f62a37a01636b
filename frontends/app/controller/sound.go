package controller

import (
	"github.com/cotuong-ai/cotuong/frontends/app/sound"
	"github.com/cotuong-ai/cotuong/games/xiangqi"
)

// SoundPlayer plays the app's sounds (sound.Player in the app). The controller calls it on
// the UI goroutine, so both methods must return at once, never waiting for the audio device.
type SoundPlayer interface {
	// Play starts sound k.
	Play(k sound.Kind)
	// Stop silences every sound at once (the sound switch turned off, the app paused).
	Stop()
}

// SoundUnavailable is the event a sound player posts (through Config.Post, to Handle) when
// it cannot play: Err says why (no audio device). The game goes on in silence; the status
// line says so once, until the next move, and the menu's sound item keeps saying it.
type SoundUnavailable struct{ Err error }

// soundState is the controller's part of the sound: the notice of a missing device.
type soundState struct {
	err    error // from SoundUnavailable
	noteAt int   // game length when err came: the notice shows until the game moves on
}

// MoveSound returns the sound of move m played in before, for a person playing human:
// the end of the game when m ends it (Win or Loss from the person's side, Draw), else Check
// when m gives check, Capture when it takes a piece, Move otherwise. res is the game's result
// after m.
func MoveSound(before xiangqi.Position, m xiangqi.Move, res xiangqi.Result, human xiangqi.Color) sound.Kind {
	if res.Over() {
		if w, ok := res.Winner(); ok {
			if w == human {
				return sound.Win
			}
			return sound.Loss
		}
		return sound.Draw
	}
	after := before.Play(m)
	switch {
	case after.InCheck():
		return sound.Check
	case before.PieceAt(m.To()) != xiangqi.NoPiece:
		return sound.Capture
	}
	return sound.Move
}

// play plays sound k when the switch is on and there is a player.
func (c *Controller) play(k sound.Kind) {
	if c.set.Sound && c.cfg.Sound != nil {
		c.cfg.Sound.Play(k)
	}
}

// playMove plays the sound of the game's last move m, played in before.
func (c *Controller) playMove(before xiangqi.Position, m xiangqi.Move) {
	if c.set.Sound && c.cfg.Sound != nil {
		c.cfg.Sound.Play(MoveSound(before, m, c.game.Result(), c.set.Human))
	}
}

// silence stops every sound playing.
func (c *Controller) silence() {
	if c.cfg.Sound != nil {
		c.cfg.Sound.Stop()
	}
}

// soundUnavailable records a SoundUnavailable event.
func (c *Controller) soundUnavailable(ev SoundUnavailable) {
	c.sound = soundState{err: ev.Err, noteAt: c.game.Len()}
	c.changed()
}

// SoundError returns why sounds cannot be played (from SoundUnavailable), or nil.
func (c *Controller) SoundError() error { return c.sound.err }

// soundNotice is the status-line notice of a missing audio device: shown while the sound is on
// and the game has not moved since the player reported it.
func (c *Controller) soundNotice() string {
	if c.sound.err == nil || !c.set.Sound || c.game.Len() != c.sound.noteAt {
		return ""
	}
	return "No sound: no audio output could be opened"
}
