package engine

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestReadmeOrder: the README serves the people who come to play first: how to get the code,
// the terminal game, the browser and phone, the app, the levels, then the engine and the
// library; the long calibration comes after them. The clone line names the repository, the
// phone's section says it needs the machine's LAN address and that installing and offline
// play need HTTPS off localhost; the calibration markers examples/dev/calibrate writes between and
// the test command .ci/run checks are there.
func TestReadmeOrder(t *testing.T) {
	b, err := os.ReadFile("../README.md")
	require.NoError(t, err)
	readme := string(b)
	var got []string
	for _, m := range regexp.MustCompile(`(?m)^## (.+)$`).FindAllStringSubmatch(readme, -1) {
		got = append(got, m[1])
	}
	assert.Equal(t, []string{
		"Get the code",
		"Play in the terminal",
		"Play in a browser or on a phone",
		"The app (desktop window on Linux/X11, or Android)",
		"Levels",
		"The engine: UCI and UCCI",
		"Use it as a module",
		"Perft, bench, match",
		"How much is shared",
		"How the levels were calibrated",
		"Run the tests",
	}, got)
	assert.NotContains(t, readme, "<this repository>")
	assert.Contains(t, readme, "\ngit clone https://github.com/cotuong-ai/cotuong\ncd cotuong\ngo run ./examples/play ")
	assert.Contains(t, readme, "\ngit clone https://github.com/cotuong-ai/cotuong cotuong\n", "the module section's clone")
	phone := section(readme, "Play in a browser or on a phone")
	assert.Contains(t, phone, "-addr :8080")
	assert.Contains(t, phone, "it prints this machine's network addresses")
	assert.Contains(t, strings.Join(strings.Fields(phone), " "), "only on `localhost`/`127.0.0.1` or over HTTPS")
	assert.Contains(t, section(readme, "Play in the terminal"), "`resume`")
	calib := section(readme, "How the levels were calibrated")
	for _, g := range []string{"xiangqi", "chess"} {
		for _, m := range []string{"<!-- calibration:" + g + ":begin -->", "<!-- calibration:" + g + ":end -->"} {
			assert.Equal(t, 1, strings.Count(readme, m), m)
			assert.Contains(t, calib, m)
		}
	}
	assert.Contains(t, section(readme, "Levels"), "(#how-the-levels-were-calibrated)", "Levels links to the calibration")
	assert.Contains(t, section(readme, "Run the tests"), "\n```sh\ngo test ./...\n```\n")
}

// section returns the README's "## name" section, up to the next "## " heading.
func section(readme, name string) string {
	i := strings.Index(readme, "\n## "+name+"\n")
	if i < 0 {
		return ""
	}
	s := readme[i+1:]
	if j := strings.Index(s[3:], "\n## "); j >= 0 {
		return s[:j+3]
	}
	return s
}
