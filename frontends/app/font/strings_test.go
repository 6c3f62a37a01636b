package font_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"image"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	xfont "golang.org/x/image/font"
	"golang.org/x/image/math/fixed"

	"github.com/cotuong-ai/cotuong/engine"
	"github.com/cotuong-ai/cotuong/frontends/app/font"
	"github.com/cotuong-ai/cotuong/games/xiangqi/lessons"
	"github.com/cotuong-ai/cotuong/puzzles"
)

// appSources are the packages whose strings the app draws: its own (controller, render,
// board, shell) and those whose words it shows (the teacher, puzzles, lessons, the rules'
// notation and results, the engine, the levels).
var appSources = []string{"../controller", "../render", "../board", "../shell", "../../../review",
	"../../../puzzles", "../../../games/xiangqi", "../../../games/xiangqi/lessons", "../../../engine",
	"../../../levels"}

// notDrawn are runes of those sources that are read from input and never drawn, with why.
var notDrawn = map[rune]string{
	'\ufeff': "the byte-order mark, skipped at the start of a PGN file",
	'㐷':      "a rare variant of 傌 accepted in typed Chinese notation, never written",
}

// literals returns every string and rune literal of the non-test Go files of dir, with
// where each is.
func literals(t *testing.T, dir string) map[string]string {
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	require.NoError(t, err)
	require.NotEmpty(t, files, dir)
	out := map[string]string{}
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		fs := token.NewFileSet()
		af, err := parser.ParseFile(fs, f, nil, 0)
		require.NoError(t, err)
		ast.Inspect(af, func(n ast.Node) bool {
			if bl, ok := n.(*ast.BasicLit); ok && (bl.Kind == token.STRING || bl.Kind == token.CHAR) {
				if s, err := strconv.Unquote(bl.Value); err == nil {
					out[s] = fs.Position(bl.Pos()).String()
				}
			}
			return true
		})
	}
	return out
}

// shown returns the strings the app can show that are made at run time: every lesson's
// words, every puzzle's goal, themes and mate reason, and the notations of the solutions'
// moves in every style.
func shown(t *testing.T) map[string]string {
	out := map[string]string{}
	for _, c := range lessons.Chapters() {
		out[c.Title+c.Red+c.Black+c.Vietnamese] = "lesson " + c.ID
		for _, s := range c.Steps {
			out[s.Rule] = s.ID
			v, err := s.Verdict()
			require.NoError(t, err)
			out[v] = s.ID
		}
	}
	for _, v := range []engine.Variant{engine.Xiangqi, engine.Chess} {
		set, err := puzzles.Load(v)
		require.NoError(t, err)
		for _, p := range set {
			out[p.Description()+" "+p.ThemeText()] = p.ID()
			g, err := engine.GameFromFEN(v, p.FEN)
			require.NoError(t, err)
			for _, u := range p.Solution {
				m, err := g.ParseUCI(u)
				require.NoError(t, err)
				out[g.Notation(m)+g.Local(m, "chinese")+g.Local(m, "vietnamese")] = p.ID()
				require.NoError(t, g.Push(m))
			}
			out[puzzles.MateReason(g)+g.Result().Text] = p.ID()
		}
	}
	return out
}

// TestEveryStringHasGlyphs renders every string the app can show — the literals of its
// sources and the words made at run time — with the sans face the app draws text in, and
// finds no rune without a glyph (a missing glyph draws as an empty box). The piece labels
// (Kai) are checked by TestCoverage.
func TestEveryStringHasGlyphs(t *testing.T) {
	all := map[string]string{}
	for _, dir := range appSources {
		for s, where := range literals(t, dir) {
			all[s] = where
		}
	}
	for s, where := range shown(t) {
		all[s] = where
	}
	face, err := font.NewFace(font.Sans, 16)
	require.NoError(t, err)
	dst := image.NewGray(image.Rect(0, 0, 64, 32))
	seen := map[rune]bool{}
	for s, where := range all {
		missing, err := font.Missing(font.Sans, s)
		require.NoError(t, err)
		for _, r := range missing {
			if _, ok := notDrawn[r]; ok || r < ' ' || seen[r] {
				continue
			}
			seen[r] = true
			t.Errorf("no glyph for %q (U+%04X), in %q at %s", r, r, s, where)
		}
		d := xfont.Drawer{Dst: dst, Src: image.White, Face: face, Dot: fixed.P(0, 24)}
		d.DrawString(s) // drawing must not fail on any of them
	}
	assert.Greater(t, len(all), 1000, "strings checked")
	t.Logf("%d strings checked", len(all))
	for _, r := range "◀▶−" {
		assert.NotContains(t, seen, r)
	}
}
