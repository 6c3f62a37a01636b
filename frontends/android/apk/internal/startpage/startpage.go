// Package startpage makes the page the Android app shows when its game cannot start: a data:
// URL (so it needs no server) of a short HTML page in the app's colours.
package startpage

import (
	"encoding/base64"
	"html"
)

// URL returns a data: URL of a page showing the app's name and text (UTF-8, base64-encoded,
// so any character survives the WebView's loadUrl).
func URL(text string) string {
	page := `<!doctype html><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
		`<title>Cờ tướng</title><body style="background:#2b1d14;color:#f3e6c8;font:18px/1.5 sans-serif;padding:24px">` +
		`<h1 style="font-size:22px">Cờ tướng</h1><p>` + html.EscapeString(text) + `</p>`
	return "data:text/html;charset=utf-8;base64," + base64.StdEncoding.EncodeToString([]byte(page))
}
