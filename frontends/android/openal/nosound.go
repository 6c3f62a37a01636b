//go:build !((android && cgo) || xmobile) || nosound

package openal

import (
	"errors"

	"github.com/cotuong-ai/cotuong/frontends/app/sound"
)

// Platform returns the Output of this platform. This build has none (it was built without
// x/mobile's layer, or with the tag nosound): its Output never opens, and a Player on it
// stays silent.
func Platform() sound.Output { return noOutput{} }

type noOutput struct{}

func (noOutput) Open([][]int16, int) error {
	return errors.New("this build of the app has no sound output")
}
func (noOutput) Start(sound.Kind) {}
func (noOutput) StopAll()         {}
func (noOutput) Close()           {}
