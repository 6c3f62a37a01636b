package main

import (
	"bytes"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestCodeLines counts a hand-checked snippet: 5 lines hold code (package, the var with its
// trailing comment, the two lines of the raw string, the closing brace of func); blank and
// comment-only lines, including a block comment, do not count.
func TestCodeLines(t *testing.T) {
	src := "// Package x.\npackage x\n\n/* a block\n   comment */\nvar s = `raw\nstring` // trailing\n\nfunc f() {\n\t// inside\n}\n"
	n, err := CodeLines("x.go", []byte(src))
	require.NoError(t, err)
	assert.Equal(t, 5, n)

	_, err = CodeLines("bad.go", []byte("package x\nvar s = \"unterminated\n"))
	assert.Error(t, err)
}

// TestMeasure measures the real module: the four parts, each with files and code, shared
// parts first, and shared fractions strictly between 0 and 1.
func TestMeasure(t *testing.T) {
	wd, err := os.Getwd()
	require.NoError(t, err)
	root, err := findRoot(wd)
	require.NoError(t, err)
	r, err := Measure(root)
	require.NoError(t, err)

	var dirs []string
	for _, p := range r.Parts {
		dirs = append(dirs, p.Dir)
		assert.Positive(t, p.Files, p.Dir)
		assert.Positive(t, p.Code, p.Dir)
		assert.Positive(t, p.TestCode, p.Dir)
		assert.Greater(t, p.Code, p.Files, "%s: more code lines than files", p.Dir)
	}
	assert.Equal(t, []string{"gamesearch", "conformance", "games/xiangqi", "games/chess"}, dirs)
	assert.True(t, r.Parts[0].Shared && r.Parts[1].Shared && !r.Parts[2].Shared && !r.Parts[3].Shared)

	require.Len(t, r.Games, 2)
	shared := r.Parts[0].Code + r.Parts[1].Code
	for i, g := range r.Games {
		assert.Equal(t, []string{"xiangqi", "chess"}[i], g.Name)
		assert.Equal(t, r.Parts[2+i].Code, g.Own)
		assert.Equal(t, shared, g.Shared)
		assert.InDelta(t, float64(shared)/float64(shared+g.Own), g.Frac, 1e-12)
		assert.True(t, g.Frac > 0 && g.Frac < 1 && g.SearchFrac > 0 && g.SearchFrac < g.Frac, "%+v", g)
	}
	assert.NoError(t, CheckImports(r))
	assert.Contains(t, r.Parts[2].Imports, "gamesearch", "xiangqi uses the shared score constants")
}

// TestFindInstantiations finds this module's known uses of gamesearch.New: the generic
// engine of the examples and the Android app's xiangqi engine.
func TestFindInstantiations(t *testing.T) {
	wd, err := os.Getwd()
	require.NoError(t, err)
	root, err := findRoot(wd)
	require.NoError(t, err)
	insts, err := FindInstantiations(root)
	require.NoError(t, err)
	require.NotEmpty(t, insts)
	for _, in := range insts {
		assert.False(t, strings.HasPrefix(in.File, "gamesearch/") || strings.HasPrefix(in.File, "examples/reuse/"), in.File)
		assert.Positive(t, in.Line)
		assert.Regexp(t, `^\[.+\]$`, in.Args)
	}
}

// TestCheckImports: a shared part importing a game, or a game importing the other, is reported.
func TestCheckImports(t *testing.T) {
	r := Report{Parts: []Part{
		{Dir: "gamesearch", Shared: true, Imports: []string{"games/chess"}},
		{Dir: "games/xiangqi", Imports: []string{"gamesearch", "games/chess"}},
		{Dir: "games/chess", Imports: []string{"gamesearch"}},
	}}
	err := CheckImports(r)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "shared part gamesearch imports the game games/chess")
	assert.Contains(t, err.Error(), "game games/xiangqi imports the game games/chess")
}

// TestRun checks the printed tables: every row present with non-zero numbers, and both
// games searched by the generic search.
func TestRun(t *testing.T) {
	var out bytes.Buffer
	require.NoError(t, run(&out, "", false))
	text := out.String()
	for _, dir := range []string{"gamesearch", "conformance", "games/xiangqi", "games/chess"} {
		re := regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(dir) + `\s+(shared|game)\s+([1-9]\d*)\s+([1-9]\d*)\s+([1-9]\d*)\s+([1-9]\d*)$`)
		assert.Regexp(t, re, text, "row %s", dir)
	}
	for _, game := range []string{"xiangqi", "chess"} {
		re := regexp.MustCompile(`(?m)^` + game + `\s+[1-9]\d*\s+[1-9]\d*\s+\d+\.\d%\s+\d+\.\d%$`)
		assert.Regexp(t, re, text, "summary row %s", game)
		assert.Contains(t, text, "gamesearch.New["+game+".Position, *"+game+".Position, "+game+".Move]")
	}
	assert.Regexp(t, `xiangqi: .* depth 3 from the start: [a-i][0-9][a-i][0-9],`, text)
	assert.Regexp(t, `chess: .* depth 3 from the start: [a-h][1-8][a-h][1-8],`, text)

	out.Reset()
	require.NoError(t, run(&out, "", true))
	assert.Regexp(t, `(?m)^\| gamesearch +\| +shared \| +[1-9]`, out.String())
}
