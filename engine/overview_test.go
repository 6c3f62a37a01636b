package engine

import (
	"go/ast"
	"go/doc"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// packageDoc returns the package comment of the package in the folder dir (from the module
// root), as go doc shows it.
func packageDoc(t *testing.T, dir string) string {
	t.Helper()
	fset := token.NewFileSet()
	entries, err := os.ReadDir(filepath.Join("..", dir))
	if err != nil {
		t.Fatalf("reading %s: %v", dir, err)
	}
	var files []*ast.File
	for _, e := range entries {
		n := e.Name()
		if e.IsDir() || !strings.HasSuffix(n, ".go") || strings.HasSuffix(n, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join("..", dir, n), nil, parser.ParseComments|parser.PackageClauseOnly)
		if err != nil {
			t.Fatalf("parsing %s/%s: %v", dir, n, err)
		}
		files = append(files, f)
	}
	p, err := doc.NewFromFiles(fset, files, "example.com/"+filepath.Base(dir))
	if err != nil {
		t.Fatalf("%s: %v", dir, err)
	}
	return p.Doc
}

// TestPackageOverviewsForReaders: the overview go doc shows for each library package names
// no source file of the package (a go doc reader sees exported identifiers, not files:
// "see eval.go" sends them nowhere), and no line of it ends in a word broken at a hyphen
// ("Fairy-" then "Stockfish"), which go doc would join with a space.
func TestPackageOverviewsForReaders(t *testing.T) {
	file := regexp.MustCompile(`\b[a-z0-9_]+\.go\b`)
	for _, dir := range append(libraryPackages, "nnue") {
		d := packageDoc(t, dir)
		if d == "" {
			t.Errorf("%s: no package overview", dir)
			continue
		}
		for _, f := range file.FindAllString(d, -1) {
			if _, err := os.Stat(filepath.Join("..", dir, f)); err == nil {
				t.Errorf("%s: the overview names its source file %s", dir, f)
			}
		}
		for _, l := range strings.Split(d, "\n") {
			if strings.HasSuffix(l, "-") && !strings.HasSuffix(l, " -") {
				t.Errorf("%s: a line ends in a word broken at a hyphen: %q", dir, l)
			}
		}
	}
}
