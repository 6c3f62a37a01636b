package docs_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// pages are the documentation pages the README indexes.
var pages = []string{"play.md", "levels.md", "engine.md", "architecture.md", "review.md", "nnue.md",
	"adding-a-game.md", "testing.md", "android.md"}

func read(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.FromSlash(path))
	require.NoError(t, err)
	return string(b)
}

// prose returns the Markdown text outside fenced code blocks, code blocks replaced by blank
// lines (so that a "# comment" in a shell block is no heading and a link in one is no link).
func prose(md string) string {
	var b strings.Builder
	fenced := false
	for _, line := range strings.SplitAfter(md, "\n") {
		if strings.HasPrefix(line, "```") {
			fenced = !fenced
			b.WriteString("\n")
			continue
		}
		if fenced {
			b.WriteString("\n")
			continue
		}
		b.WriteString(line)
	}
	return b.String()
}

// headings returns the text of the "## " headings (level 2) outside code blocks, in order.
func headings(md string) []string {
	var out []string
	for _, m := range regexp.MustCompile(`(?m)^## (.+)$`).FindAllStringSubmatch(prose(md), -1) {
		out = append(out, m[1])
	}
	return out
}

// codeBlocks returns the bodies of the fenced code blocks whose info string is lang.
func codeBlocks(md, lang string) []string {
	var out []string
	for _, m := range regexp.MustCompile("(?ms)^```"+lang+"\n(.*?)^```$").FindAllStringSubmatch(md, -1) {
		out = append(out, m[1])
	}
	return out
}

// TestReadme: the README is read in five minutes (at most 8 KB), the two set-up commands
// first (play, then the test command .ci/run runs), then playing on a phone, the desktop and
// the terminal, the library with a short example, the engine in GUIs, and the links into
// docs/, every page there.
func TestReadme(t *testing.T) {
	readme := read(t, "../README.md")
	assert.LessOrEqual(t, len(readme), 8192, "README.md is %d bytes", len(readme))
	assert.Equal(t, []string{"Get started", "Play", "Use it as a library", "The engine in GUIs", "Documentation"}, headings(readme))
	assert.NotContains(t, readme, "<this repository>")

	// Android comes first, before the first section: how to build the APK and install it.
	top := readme[:strings.Index(readme, "\n## ")]
	assert.Contains(t, top, "**Android: install the APK.**")
	assert.Contains(t, top, "go run ./frontends/android/apk -o cotuong.apk")
	assert.Contains(t, top, "[docs/android.md](docs/android.md)")

	// The first code block is the set-up: clone, play, test, in that order.
	blocks := codeBlocks(readme, "sh")
	require.NotEmpty(t, blocks)
	assert.Equal(t, "git clone https://github.com/cotuong-ai/cotuong\ncd cotuong\ngo run ./examples/play\ngo test ./...\n", blocks[0])
	assert.Less(t, strings.Index(readme, blocks[0]), strings.Index(readme, "\n## Play\n"))

	// The test command is the one .ci/run runs as "the README's command".
	ci := read(t, "../.ci/run")
	m := regexp.MustCompile(`(?m)^echo "== tests \(the README's command\)"\n(.+)$`).FindStringSubmatch(ci)
	require.NotNil(t, m, ".ci/run names the README's test command")
	assert.Equal(t, "go test ./...", m[1])
	assert.Contains(t, blocks[0], "\n"+m[1]+"\n")

	play := section(readme, "Play")
	for _, s := range []string{"**In the terminal.**", "**On a phone, in the browser.**", "**On the desktop**"} {
		assert.Contains(t, play, s)
	}
	assert.Contains(t, play, "-addr :8080")
	assert.Contains(t, play, "it prints this machine's network addresses")
	assert.Contains(t, strings.Join(strings.Fields(play), " "), "only on `localhost`/`127.0.0.1` or over HTTPS")
	assert.Regexp(t, `(?m)^apt-get install -y libegl-dev libgles-dev libx11-dev libopenal-dev `, play,
		"x/mobile links -lopenal: the desktop window needs libopenal-dev")
	assert.Contains(t, play, "`resume`")

	assert.Contains(t, section(readme, "Use it as a library"), "\ngit clone https://github.com/cotuong-ai/cotuong cotuong\n",
		"the library section's clone, beside the workspace")

	docs := section(readme, "Documentation")
	for _, p := range pages {
		assert.Contains(t, docs, "](docs/"+p+")", "the README links docs/%s", p)
	}
	assert.Contains(t, docs, "](examples/README.md)")
}

// section returns the text of the "## name" section, up to the next "## " heading.
func section(md, name string) string {
	i := strings.Index(md, "\n## "+name+"\n")
	if i < 0 {
		return ""
	}
	s := md[i+1:]
	if j := strings.Index(s[3:], "\n## "); j >= 0 {
		return s[:j+3]
	}
	return s
}

// slug is GitHub's anchor for a heading: lower case, spaces to hyphens, punctuation dropped.
func slug(h string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(h) {
		switch {
		case r == ' ':
			b.WriteByte('-')
		case unicode.IsLetter(r) || unicode.IsDigit(r) || r == '-' || r == '_':
			b.WriteRune(r)
		}
	}
	return b.String()
}

// TestLinks: every relative link of the README, examples/README.md and the docs/ pages names
// a file or folder of the repository, and an anchor names a heading of the page it points at.
func TestLinks(t *testing.T) {
	files := []string{"../README.md", "../examples/README.md"}
	for _, p := range pages {
		files = append(files, p)
	}
	link := regexp.MustCompile(`\]\(([^)\s]+)\)`)
	anchors := func(path string) []string {
		b, err := os.ReadFile(path)
		require.NoError(t, err)
		var out []string
		for _, m := range regexp.MustCompile(`(?m)^#+ (.+)$`).FindAllStringSubmatch(prose(string(b)), -1) {
			out = append(out, slug(m[1]))
		}
		return out
	}
	n := 0
	for _, f := range files {
		for _, m := range link.FindAllStringSubmatch(prose(read(t, f)), -1) {
			target := m[1]
			if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
				continue
			}
			n++
			path, anchor, _ := strings.Cut(target, "#")
			full := f
			if path != "" {
				full = filepath.Join(filepath.Dir(f), filepath.FromSlash(path))
				if _, err := os.Stat(full); err != nil {
					t.Errorf("%s: link %q: %v", f, target, err)
					continue
				}
			}
			if anchor != "" {
				assert.Contains(t, anchors(full), anchor, "%s: link %q: no such heading", f, target)
			}
		}
	}
	assert.Greater(t, n, 40, "links checked")
}

// TestExamplesIndex: examples/README.md has a row for every program folder under examples/
// and examples/dev/, and no row for a folder that is gone.
func TestExamplesIndex(t *testing.T) {
	index := read(t, "../examples/README.md")
	var rows []string
	for _, m := range regexp.MustCompile(`(?m)^\| \[(examples/[a-z0-9/]+)\]\(([^)]+)\) \|`).FindAllStringSubmatch(index, -1) {
		rows = append(rows, m[1])
		assert.Equal(t, strings.TrimPrefix(m[1], "examples/"), m[2], "the row's link is its folder")
	}
	var dirs []string
	for _, parent := range []string{"examples", "examples/dev"} {
		entries, err := os.ReadDir(filepath.Join("..", parent))
		require.NoError(t, err)
		for _, e := range entries {
			if e.IsDir() && e.Name() != "internal" && e.Name() != "dev" && e.Name() != "testdata" {
				dirs = append(dirs, parent+"/"+e.Name())
			}
		}
	}
	slices.Sort(dirs)
	sorted := slices.Clone(rows)
	slices.Sort(sorted)
	assert.Equal(t, dirs, sorted, "examples/README.md lists every program folder once")
	for _, who := range regexp.MustCompile(`(?m)^\| \[examples/[^|]+\| ([^|]+) \|`).FindAllStringSubmatch(index, -1) {
		assert.Contains(t, []string{"players", "library users", "the project's pipelines", "measurement"},
			strings.TrimSpace(who[1]))
	}
}

// TestCalibrationMarkers: examples/dev/calibrate writes the measured tables between these
// markers of docs/levels.md; each is there once, begin before end, and nowhere else.
func TestCalibrationMarkers(t *testing.T) {
	levels := read(t, "levels.md")
	calib := section(levels, "How the levels were calibrated")
	assert.Contains(t, levels[:strings.Index(levels, "\n## ")], "(#how-the-levels-were-calibrated)", "the ladder links to its calibration")
	for _, g := range []string{"xiangqi", "chess"} {
		begin, end := "<!-- calibration:"+g+":begin -->", "<!-- calibration:"+g+":end -->"
		assert.Equal(t, 1, strings.Count(levels, begin), begin)
		assert.Equal(t, 1, strings.Count(levels, end), end)
		assert.Less(t, strings.Index(levels, begin), strings.Index(levels, end))
		assert.Contains(t, calib, begin)
		assert.NotContains(t, read(t, "../README.md"), begin)
	}
}

// TestAddingAGame: the worked example's code cannot rot. Every Go block of adding-a-game.md
// is a verbatim piece of examples/hexapawn, which the compiler and that package's tests
// check; the fields of engine's rules table and the functions the page names are those of
// package engine.
func TestAddingAGame(t *testing.T) {
	page := read(t, "adding-a-game.md")
	var src strings.Builder
	files, err := filepath.Glob("../examples/hexapawn/*.go")
	require.NoError(t, err)
	require.NotEmpty(t, files)
	for _, f := range files {
		src.WriteString(read(t, f))
	}
	blocks := codeBlocks(page, "go")
	require.GreaterOrEqual(t, len(blocks), 8)
	for i, b := range blocks {
		for _, piece := range strings.Split(strings.TrimSuffix(b, "\n"), "\n\n") {
			first, _, _ := strings.Cut(piece, "\n")
			assert.True(t, strings.Contains(src.String(), piece),
				"Go block %d of adding-a-game.md, the piece starting %q, is not in examples/hexapawn as written", i+1, first)
		}
	}

	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "../engine/adapter.go", nil, 0)
	require.NoError(t, err)
	var fields []string
	ast.Inspect(f, func(n ast.Node) bool {
		if ts, ok := n.(*ast.TypeSpec); ok && ts.Name.Name == "rules" {
			for _, fl := range ts.Type.(*ast.StructType).Fields.List {
				for _, name := range fl.Names {
					fields = append(fields, name.Name)
				}
			}
		}
		return true
	})
	require.NotEmpty(t, fields, "engine/adapter.go has the rules table")
	engine := section(page, "4. The engine and UCI")
	for _, name := range fields {
		assert.Contains(t, engine, "`"+name+"`", "the page names the rules field %s", name)
	}
	pkg, err := parser.ParseDir(fset, "../engine", func(fi os.FileInfo) bool { return !strings.HasSuffix(fi.Name(), "_test.go") }, 0)
	require.NoError(t, err)
	for _, fn := range []string{"NewGame", "GameFromFEN", "ParseGame", "NewSearcher", "ParseVariant", "Variants", "known"} {
		found := false
		for _, file := range pkg["engine"].Files {
			found = found || file.Scope.Lookup(fn) != nil
		}
		assert.True(t, found, "package engine has %s", fn)
		assert.Contains(t, engine, "`"+fn+"`")
	}
}

// TestPlayCommands: play.md, which the README points to for "every flag and command", lists
// every command of the terminal game's help text (examples/play's helpCommands), with its
// arguments as the help writes them.
func TestPlayCommands(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), filepath.FromSlash("../examples/play/commands.go"), nil, 0)
	require.NoError(t, err)
	var help string
	ast.Inspect(f, func(n ast.Node) bool {
		if v, ok := n.(*ast.ValueSpec); ok && len(v.Names) == 1 && v.Names[0].Name == "helpCommands" {
			help = v.Values[0].(*ast.BasicLit).Value
		}
		return true
	})
	require.NotEmpty(t, help, "examples/play/commands.go has no helpCommands")
	var cmds []string
	for _, l := range strings.Split(strings.Trim(help, "`"), "\n") {
		if strings.HasPrefix(l, "  ") && !strings.HasPrefix(l, "   ") {
			// "  load FILE [N] load a ...": the command is the words before the first
			// lower-case word after the name ("load FILE [N]").
			w := strings.Fields(l)
			c := w[0]
			for _, a := range w[1:] {
				if a != strings.ToUpper(a) {
					break
				}
				c += " " + a
			}
			cmds = append(cmds, strings.TrimSuffix(c, ";"))
		}
	}
	cmds = append(cmds, "quit")
	require.Greater(t, len(cmds), 10)
	var list string
	for _, p := range strings.Split(read(t, "play.md"), "\n\n") {
		if strings.HasPrefix(p, "Commands:") {
			list = strings.Join(strings.Fields(p), " ")
		}
	}
	require.NotEmpty(t, list, "play.md has no paragraph beginning \"Commands:\"")
	for _, c := range cmds {
		if c == "level [N]" {
			c = "level [1-8|NAME]"
		}
		assert.Contains(t, list, "`"+c+"`", "play.md's command list")
	}
}
