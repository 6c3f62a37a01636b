package startpage

import (
	"encoding/base64"
	"strings"
	"testing"
)

func TestURL(t *testing.T) {
	const prefix = "data:text/html;charset=utf-8;base64,"
	u := URL("Port 29470 is <taken> & busy: Cờ tướng")
	if !strings.HasPrefix(u, prefix) {
		t.Fatalf("URL = %.60q…, want the prefix %q", u, prefix)
	}
	b, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(u, prefix))
	if err != nil {
		t.Fatal(err)
	}
	if want := "<p>Port 29470 is &lt;taken&gt; &amp; busy: Cờ tướng</p>"; !strings.Contains(string(b), want) {
		t.Errorf("page %q lacks %q", b, want)
	}
}
