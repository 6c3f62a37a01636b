// Package docs holds the project's documentation pages (Markdown, beside this file) and
// the tests that keep them and the README true: the README's size and order, every link
// between the pages, the index of programs in examples/README.md, the calibration markers
// examples/dev/calibrate writes between, and the code of adding-a-game.md, compared with the
// compiled example it is taken from (examples/hexapawn). It has no API.
package docs
