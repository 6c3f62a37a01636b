// Command reuse measures how much of the code the two game plugins share. It counts, from the
// source files themselves, the lines of code (non-blank lines holding a Go token, comments and
// _test.go files excluded) of the shared parts (gamesearch, conformance) and of each game's own
// package, prints the shared fraction for each game, and shows that both games are searched by
// the same generic search: this program instantiates gamesearch.New for both position types
// (the compile-time assertions below fail the build if either stops satisfying the contract)
// and runs a short search with each.
//
// Run it from anywhere inside the module:
//
//	go run ./examples/reuse
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/scanner"
	"go/token"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/cotuong-ai/cotuong/games/chess"
	"github.com/cotuong-ai/cotuong/games/xiangqi"
	"github.com/cotuong-ai/cotuong/gamesearch"
)

// Both game position types satisfy the one search contract; the build fails otherwise.
var (
	_ gamesearch.Position[xiangqi.Position, xiangqi.Move] = (*xiangqi.Position)(nil)
	_ gamesearch.Position[chess.Position, chess.Move]     = (*chess.Position)(nil)
)

// module is the import path of this module; imports under it name the parts.
const module = "github.com/cotuong-ai/cotuong"

// Part is one package directory of the table.
type Part struct {
	Dir       string   // slash-separated, relative to the module root, e.g. "games/xiangqi"
	Shared    bool     // true for the parts every game reuses
	Files     int      // non-test .go files
	Code      int      // code lines in non-test files
	TestFiles int      // _test.go files
	TestCode  int      // code lines in _test.go files
	Imports   []string // module-internal import paths of the non-test files, sorted
}

// Game is one game's row of the reuse summary.
type Game struct {
	Name   string
	Own    int     // the game's own code lines
	Shared int     // code lines of the shared parts
	Frac   float64 // Shared / (Shared + Own)
	// SearchFrac counts gamesearch alone as shared (conformance is test support).
	SearchFrac float64
}

// Report is everything the command prints.
type Report struct {
	Parts []Part
	Games []Game
}

// sharedDirs and gameDirs are the parts measured.
var (
	sharedDirs = []string{"gamesearch", "conformance"}
	gameDirs   = []string{"games/xiangqi", "games/chess"}
)

// Measure counts the parts under the module root.
func Measure(root string) (Report, error) {
	var r Report
	shared, search := 0, 0
	for _, d := range sharedDirs {
		p, err := measureDir(root, d)
		if err != nil {
			return r, err
		}
		p.Shared = true
		shared += p.Code
		if d == "gamesearch" {
			search = p.Code
		}
		r.Parts = append(r.Parts, p)
	}
	for _, d := range gameDirs {
		p, err := measureDir(root, d)
		if err != nil {
			return r, err
		}
		r.Parts = append(r.Parts, p)
		r.Games = append(r.Games, Game{Name: filepath.Base(d), Own: p.Code, Shared: shared,
			Frac: float64(shared) / float64(shared+p.Code), SearchFrac: float64(search) / float64(search+p.Code)})
	}
	return r, nil
}

// measureDir counts the .go files under dir (testdata excluded).
func measureDir(root, dir string) (Part, error) {
	p := Part{Dir: dir}
	imports := map[string]bool{}
	err := filepath.WalkDir(filepath.Join(root, filepath.FromSlash(dir)), func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && d.Name() == "testdata" {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		n, err := CodeLines(path, src)
		if err != nil {
			return err
		}
		if strings.HasSuffix(path, "_test.go") {
			p.TestFiles++
			p.TestCode += n
			return nil
		}
		p.Files++
		p.Code += n
		f, err := parser.ParseFile(token.NewFileSet(), path, src, parser.ImportsOnly)
		if err != nil {
			return err
		}
		for _, im := range f.Imports {
			if path, _ := strconv.Unquote(im.Path.Value); strings.HasPrefix(path, module+"/") {
				imports[strings.TrimPrefix(path, module+"/")] = true
			}
		}
		return nil
	})
	if err != nil {
		return p, fmt.Errorf("reuse: measuring %s: %w", dir, err)
	}
	if p.Files == 0 {
		return p, fmt.Errorf("reuse: no Go files in %s", dir)
	}
	for im := range imports {
		p.Imports = append(p.Imports, im)
	}
	slices.Sort(p.Imports)
	return p, nil
}

// CodeLines returns the number of lines of src that hold at least one Go token: blank lines
// and lines holding only comments do not count. It returns an error if src does not scan.
func CodeLines(name string, src []byte) (int, error) {
	fset := token.NewFileSet()
	file := fset.AddFile(name, -1, len(src))
	var errs scanner.ErrorList
	var s scanner.Scanner
	s.Init(file, src, func(pos token.Position, msg string) { errs.Add(pos, msg) }, 0)
	lines := map[int]bool{}
	for {
		pos, tok, lit := s.Scan()
		if tok == token.EOF {
			break
		}
		if tok == token.SEMICOLON && lit == "\n" {
			continue // inserted at a line end, not written
		}
		start := file.Line(pos)
		end := start
		if tok == token.STRING && strings.HasPrefix(lit, "`") {
			end += strings.Count(lit, "\n") // a raw string spans lines
		}
		for l := start; l <= end; l++ {
			lines[l] = true
		}
	}
	if len(errs) > 0 {
		return 0, errs.Err()
	}
	return len(lines), nil
}

// CheckImports returns an error if the shared search imports a game, or a game imports the
// other game: the parts must stay separate for the reuse to be real.
func CheckImports(r Report) error {
	var errs []error
	for _, p := range r.Parts {
		for _, im := range p.Imports {
			if p.Shared && strings.HasPrefix(im, "games/") {
				errs = append(errs, fmt.Errorf("reuse: shared part %s imports the game %s", p.Dir, im))
			}
			if !p.Shared && strings.HasPrefix(im, "games/") && im != p.Dir {
				errs = append(errs, fmt.Errorf("reuse: game %s imports the game %s", p.Dir, im))
			}
		}
	}
	return errors.Join(errs...)
}

// Print writes the report as two tables, aligned text or (markdown true) Markdown.
func Print(w io.Writer, r Report, markdown bool) error {
	t1 := [][]string{{"part", "role", "files", "code lines", "test files", "test lines"}}
	for _, p := range r.Parts {
		role := "game"
		if p.Shared {
			role = "shared"
		}
		t1 = append(t1, []string{p.Dir, role, strconv.Itoa(p.Files), strconv.Itoa(p.Code),
			strconv.Itoa(p.TestFiles), strconv.Itoa(p.TestCode)})
	}
	t2 := [][]string{{"game", "own lines", "shared lines", "shared fraction", "search only"}}
	for _, g := range r.Games {
		t2 = append(t2, []string{g.Name, strconv.Itoa(g.Own), strconv.Itoa(g.Shared),
			fmt.Sprintf("%.1f%%", 100*g.Frac), fmt.Sprintf("%.1f%%", 100*g.SearchFrac)})
	}
	if err := printTable(w, t1, markdown); err != nil {
		return err
	}
	if _, err := fmt.Fprintln(w); err != nil {
		return err
	}
	return printTable(w, t2, markdown)
}

// printTable writes rows (the first is the header): the first column left-aligned, the others
// right-aligned.
func printTable(w io.Writer, rows [][]string, markdown bool) error {
	width := make([]int, len(rows[0]))
	for _, row := range rows {
		for i, cell := range row {
			width[i] = max(width[i], len(cell))
		}
	}
	var b strings.Builder
	for r, row := range rows {
		for i, cell := range row {
			pad := strings.Repeat(" ", width[i]-len(cell))
			switch {
			case markdown:
				b.WriteString("| ")
			case i > 0:
				b.WriteString("  ")
			}
			if i == 0 {
				b.WriteString(cell + pad)
			} else {
				b.WriteString(pad + cell)
			}
			if markdown {
				b.WriteString(" ")
			}
		}
		if markdown {
			b.WriteString("|")
		}
		b.WriteString("\n")
		if markdown && r == 0 {
			for i := range row {
				if i == 0 {
					b.WriteString("|:" + strings.Repeat("-", width[i]+1))
				} else {
					b.WriteString("|" + strings.Repeat("-", width[i]+1) + ":")
				}
			}
			b.WriteString("|\n")
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// SearchBoth runs the one generic search on both games' start positions to depth plies and
// describes the results.
func SearchBoth(depth int) []string {
	ctx := context.Background()
	lim := gamesearch.Limits{Depth: depth}

	xs := gamesearch.New[xiangqi.Position, *xiangqi.Position, xiangqi.Move](gamesearch.Options[xiangqi.Move]{HashMiB: 1})
	xr := xs.Search(ctx, xiangqi.Start(), nil, lim)
	cs := gamesearch.New[chess.Position, *chess.Position, chess.Move](gamesearch.Options[chess.Move]{HashMiB: 1})
	cr := cs.Search(ctx, chess.Start(), nil, lim)

	return []string{
		fmt.Sprintf("xiangqi: gamesearch.New[xiangqi.Position, *xiangqi.Position, xiangqi.Move]: depth %d from the start: %s, score %d cp, %d nodes",
			xr.Depth, xr.Move.UCI(), xr.Score, xr.Nodes),
		fmt.Sprintf("chess:   gamesearch.New[chess.Position, *chess.Position, chess.Move]:       depth %d from the start: %s, score %d cp, %d nodes",
			cr.Depth, cr.Move.UCI(), cr.Score, cr.Nodes),
	}
}

// Instantiation is one use of gamesearch.New in the module's source.
type Instantiation struct {
	File string // slash-separated, relative to the module root
	Line int
	Args string // the type arguments as written, e.g. "[xiangqi.Position, *xiangqi.Position, xiangqi.Move]"
}

// FindInstantiations lists the calls gamesearch.New[...] in the module's non-test files outside
// gamesearch itself and this program, in path order.
func FindInstantiations(root string) ([]Instantiation, error) {
	var out []Instantiation
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			if d.Name() == "testdata" || rel == "gamesearch" || rel == "examples/reuse" ||
				(strings.HasPrefix(d.Name(), ".") && rel != ".") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, path, src, 0)
		if err != nil {
			return err
		}
		ast.Inspect(f, func(n ast.Node) bool {
			var x ast.Expr
			var lb, rb token.Pos
			switch e := n.(type) {
			case *ast.IndexListExpr:
				x, lb, rb = e.X, e.Lbrack, e.Rbrack
			case *ast.IndexExpr:
				x, lb, rb = e.X, e.Lbrack, e.Rbrack
			default:
				return true
			}
			sel, ok := x.(*ast.SelectorExpr)
			if !ok || sel.Sel.Name != "New" {
				return true
			}
			if id, ok := sel.X.(*ast.Ident); !ok || id.Name != "gamesearch" {
				return true
			}
			out = append(out, Instantiation{File: rel, Line: fset.Position(lb).Line,
				Args: string(src[fset.Position(lb).Offset : fset.Position(rb).Offset+1])})
			return true
		})
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("reuse: finding gamesearch.New: %w", err)
	}
	return out, nil
}

// findRoot returns the nearest directory at or above dir holding go.mod.
func findRoot(dir string) (string, error) {
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("reuse: no go.mod above the working directory; run inside the module or pass -root")
		}
		dir = parent
	}
}

func run(w io.Writer, root string, markdown bool) error {
	if root == "" {
		wd, err := os.Getwd()
		if err != nil {
			return err
		}
		if root, err = findRoot(wd); err != nil {
			return err
		}
	}
	r, err := Measure(root)
	if err != nil {
		return err
	}
	fmt.Fprintln(w, "Code lines: non-blank lines holding Go code, comments and _test.go files excluded.")
	fmt.Fprintln(w)
	if err := Print(w, r, markdown); err != nil {
		return err
	}
	fmt.Fprintln(w)
	if err := CheckImports(r); err != nil {
		return err
	}
	fmt.Fprintln(w, "gamesearch and conformance import no game; neither game imports the other.")
	fmt.Fprintln(w, "Both position types satisfy gamesearch.Position (compile-time assertions in this program),")
	fmt.Fprintln(w, "and the same generic search runs both:")
	for _, line := range SearchBoth(3) {
		fmt.Fprintln(w, "  "+line)
	}
	insts, err := FindInstantiations(root)
	if err != nil {
		return err
	}
	fmt.Fprintln(w, "Instantiations of gamesearch.New elsewhere in the module (non-test code):")
	for _, in := range insts {
		fmt.Fprintf(w, "  %s:%d: gamesearch.New%s\n", in.File, in.Line, in.Args)
	}
	return nil
}

func main() {
	root := flag.String("root", "", "module root (default: the nearest directory above the working directory holding go.mod)")
	markdown := flag.Bool("markdown", false, "print the tables in Markdown (for docs/architecture.md)")
	flag.Parse()
	if err := run(os.Stdout, *root, *markdown); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
