package uci

import (
	"go/ast"
	"go/doc"
	"go/parser"
	"go/token"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestPackageDocWhole: the package comment go doc shows is the whole overview, from its first
// paragraph to its last section (a blank line without // before "# Time" once cut it off:
// go doc showed only that section).
func TestPackageDocWhole(t *testing.T) {
	fset := token.NewFileSet()
	entries, err := os.ReadDir(".")
	require.NoError(t, err)
	var files []*ast.File
	for _, e := range entries {
		if n := e.Name(); strings.HasSuffix(n, ".go") && !strings.HasSuffix(n, "_test.go") {
			f, err := parser.ParseFile(fset, n, nil, parser.ParseComments)
			require.NoError(t, err)
			files = append(files, f)
		}
	}
	p, err := doc.NewFromFiles(fset, files, "github.com/cotuong-ai/cotuong/uci")
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(p.Doc, "Package uci is the engine's protocol: UCI (as Stockfish"),
		"the doc starts with the overview:\n%s", p.Doc)
	assert.Contains(t, p.Doc, "\n# Commands\n")
	assert.Contains(t, p.Doc, "\n# Time\n\nWith a clock, engine.Budget turns the side to move's time")
	assert.True(t, strings.HasSuffix(p.Doc, "with a context deadline a little later as a backstop.\n"),
		"the doc ends with the Time section's last sentence")
	for _, o := range optionTable {
		assert.Contains(t, p.Doc, "\t"+o.name+" ", "the Options table lists %s", o.name)
	}
	for _, l := range strings.Split(p.Doc, "\n") {
		assert.False(t, strings.HasSuffix(l, "-") && !strings.HasSuffix(l, " -"),
			"a line ends in a hyphenated word that go doc would join with a space: %q", l)
	}
}
