package main

import (
	"encoding/xml"
	"image/png"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestManifest checks what gomobile needs from AndroidManifest.xml and the icon: the label,
// any orientation (unspecified: the layout has a portrait and a landscape form), the library name, no android:icon or uses-sdk (gomobile adds them and
// refuses a manifest that has them), and assets/icon.png as a square PNG.
func TestManifest(t *testing.T) {
	data, err := os.ReadFile("AndroidManifest.xml")
	require.NoError(t, err)
	type attr = xml.Attr
	var m struct {
		Package string     `xml:"package,attr"`
		UsesSDK []struct{} `xml:"uses-sdk"`
		App     struct {
			Attrs    []attr `xml:",any,attr"`
			Activity struct {
				Attrs []attr `xml:",any,attr"`
				Meta  []struct {
					Attrs []attr `xml:",any,attr"`
				} `xml:"meta-data"`
			} `xml:"activity"`
		} `xml:"application"`
	}
	require.NoError(t, xml.Unmarshal(data, &m))
	get := func(as []attr, name string) string {
		for _, a := range as {
			if a.Name.Local == name {
				return a.Value
			}
		}
		return ""
	}
	assert.Equal(t, "com.github.cotuongai.xiangqi", m.Package)
	assert.Empty(t, m.UsesSDK)
	assert.Contains(t, get(m.App.Attrs, "label"), "Cờ Tướng")
	assert.Empty(t, get(m.App.Attrs, "icon"))
	assert.Equal(t, "unspecified", get(m.App.Activity.Attrs, "screenOrientation"), "both orientations: the layout has a landscape form")
	assert.Equal(t, "org.golang.app.GoNativeActivity", get(m.App.Activity.Attrs, "name"))
	require.Len(t, m.App.Activity.Meta, 1)
	assert.Equal(t, "android.app.lib_name", get(m.App.Activity.Meta[0].Attrs, "name"))
	assert.Equal(t, "cotuong", get(m.App.Activity.Meta[0].Attrs, "value"))

	f, err := os.Open("assets/icon.png")
	require.NoError(t, err)
	defer f.Close()
	img, err := png.Decode(f)
	require.NoError(t, err)
	assert.Equal(t, img.Bounds().Dx(), img.Bounds().Dy())
	assert.GreaterOrEqual(t, img.Bounds().Dx(), 96)
}
