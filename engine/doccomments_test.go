package engine

import (
	"go/ast"
	"go/doc"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// libraryPackages are the module's library packages, as folders from the module root.
var libraryPackages = []string{"gamesearch", "games/xiangqi", "games/chess", "engine", "uci", "levels", "conformance"}

// docOffenders returns the exported names of the package in the folder dir whose doc comment is missing or does not start with the name, as "pkg.Name: doc"
// texts. go doc shows a package's exported funcs, types, methods and single consts and vars
// by their doc comment, whose first sentence names what it documents. Allowed: an article
// before a type's name ("A Game is ..."), a deprecated name (its comment has "Deprecated:"),
// names declared in a group (a const or var block, documented by the group's comment), and
// the names after the first of one declaration ("var EloMin, EloMax = ...").
func docOffenders(t *testing.T, dir string) []string {
	t.Helper()
	fset := token.NewFileSet()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatalf("reading %s: %v", dir, err)
	}
	var files []*ast.File
	for _, e := range entries {
		n := e.Name()
		if e.IsDir() || !strings.HasSuffix(n, ".go") || strings.HasSuffix(n, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join(dir, n), nil, parser.ParseComments)
		if err != nil {
			t.Fatalf("parsing %s/%s: %v", dir, n, err)
		}
		files = append(files, f)
	}
	p, err := doc.NewFromFiles(fset, files, "example.com/"+filepath.Base(dir))
	if err != nil {
		t.Fatalf("%s: %v", dir, err)
	}
	var bad []string
	check := func(name, text string, article bool) {
		text = strings.TrimSpace(text)
		if strings.Contains(text, "Deprecated:") {
			return
		}
		rest := text
		if article {
			for _, a := range []string{"A ", "An ", "The "} {
				if r, ok := strings.CutPrefix(text, a); ok {
					rest = r
					break
				}
			}
		}
		short := name[strings.LastIndex(name, ".")+1:] // a method's doc names the method
		if after, ok := strings.CutPrefix(rest, short); ok && (after == "" || !isIdentRune(after[0])) {
			return
		}
		first, _, _ := strings.Cut(text, "\n")
		if first == "" {
			first = "(no doc comment)"
		}
		bad = append(bad, p.Name+"."+name+": "+first)
	}
	values := func(vs []*doc.Value) {
		for _, v := range vs {
			if v.Decl.Lparen.IsValid() { // a grouped block: its comment documents the group
				continue
			}
			// One declaration of several names ("var EloMin, EloMax = ...") is documented
			// by one comment naming the first: "EloMin and EloMax are ...".
			if n := v.Names[0]; ast.IsExported(n) {
				check(n, v.Doc, false)
			}
		}
	}
	values(p.Consts)
	values(p.Vars)
	for _, f := range p.Funcs {
		check(f.Name, f.Doc, false)
	}
	for _, typ := range p.Types {
		check(typ.Name, typ.Doc, true)
		values(typ.Consts)
		values(typ.Vars)
		for _, f := range typ.Funcs {
			check(f.Name, f.Doc, false)
		}
		for _, m := range typ.Methods {
			check(typ.Name+"."+m.Name, m.Doc, false)
		}
	}
	sort.Strings(bad)
	return bad
}

// isIdentRune reports whether c continues an identifier (so "NewGames" does not start with
// the name NewGame).
func isIdentRune(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// TestDocCommentsStartWithName: every exported func, type, method and single const or var
// of the library packages has a doc comment that starts with its name, as go doc and
// pkg.go.dev expect ("NewGame returns ...", not "New returns ...").
func TestDocCommentsStartWithName(t *testing.T) {
	for _, dir := range libraryPackages {
		for _, b := range docOffenders(t, filepath.Join("..", dir)) {
			t.Errorf("%s: the doc comment must start with the name", b)
		}
	}
}

// TestDocOffendersFixture: the check itself, on a package written to break it in each way
// (testdata/docfixture) and to use each allowance.
func TestDocOffendersFixture(t *testing.T) {
	got := docOffenders(t, filepath.Join("testdata", "docfixture"))
	want := []string{
		"docfixture.Bare: (no doc comment)",
		"docfixture.Limit: Max is the largest.",
		"docfixture.New: Make returns a Thing.",
		"docfixture.Thing.Do: (no doc comment)",
		"docfixture.Thing.Get: Gets returns the value.",
		"docfixture.Widget: Gadget is a widget.",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("offenders:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
