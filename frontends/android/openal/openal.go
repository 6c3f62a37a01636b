//go:build ((android && cgo) || xmobile) && !nosound

package openal

import (
	"encoding/binary"
	"fmt"

	"golang.org/x/mobile/exp/audio/al"

	"github.com/cotuong-ai/cotuong/frontends/app/sound"
)

// alBuffer is AL_BUFFER (al.h), the source attribute naming its static buffer; x/mobile's al
// package does not export it.
const alBuffer = 0x1009

// voices is how many sounds may sound at once: a move and the computer's quick reply may
// overlap. Two at Peak each stay below full scale; a third takes the voice started longest ago.
const voices = 2

// openAL plays through OpenAL: OpenAL Soft from Debian's libopenal1 on Linux, the
// libopenal.so that gomobile init -openal builds into the APK on Android.
type openAL struct {
	bufs    []al.Buffer
	sources []al.Source
	next    int
}

// Platform returns the Output of this platform: OpenAL through golang.org/x/mobile/exp/audio/al
// (the build tag nosound leaves it out; Platform's Output then never opens).
func Platform() sound.Output { return &openAL{} }

// Open opens the default audio device and loads one OpenAL buffer per sound.
func (o *openAL) Open(sounds [][]int16, rate int) error {
	quietDevice()
	if err := al.OpenDevice(); err != nil {
		return fmt.Errorf("no audio device: %w", err)
	}
	al.Error() // clear
	o.bufs = al.GenBuffers(len(sounds))
	for k, s := range sounds {
		b := make([]byte, 2*len(s))
		for i, v := range s {
			binary.LittleEndian.PutUint16(b[2*i:], uint16(v))
		}
		o.bufs[k].BufferData(al.FormatMono16, b, int32(rate))
	}
	o.sources = al.GenSources(voices)
	if code := al.Error(); code != 0 {
		o.Close()
		return fmt.Errorf("OpenAL cannot load the sounds (error 0x%x)", code)
	}
	return nil
}

// Start plays sound k on a source that is not playing, or else on the one started longest ago.
func (o *openAL) Start(k sound.Kind) {
	n := len(o.sources)
	i := o.next
	for j := range n {
		if c := (o.next + j) % n; o.sources[c].State() != al.Playing {
			i = c
			break
		}
	}
	o.next = (i + 1) % n
	src := o.sources[i]
	al.StopSources(src)
	src.Seti(alBuffer, int32(o.bufs[k]))
	al.PlaySources(src)
}

// StopAll stops every source.
func (o *openAL) StopAll() {
	if len(o.sources) > 0 {
		al.StopSources(o.sources...)
	}
}

// Close deletes the sources and buffers and closes the device.
func (o *openAL) Close() {
	o.StopAll()
	if len(o.sources) > 0 {
		al.DeleteSources(o.sources...)
	}
	if len(o.bufs) > 0 {
		al.DeleteBuffers(o.bufs...)
	}
	o.sources, o.bufs = nil, nil
	al.CloseDevice()
}
