package nnue

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// toyFEN writes a toy position as 16 board characters (KQR for side 0,
// kqr for side 1, '.' empty) and the side to move, e.g. "K..q............ b".
func toyFEN(p *toyPos) string {
	var b strings.Builder
	for _, v := range p.board {
		switch {
		case v == 0:
			b.WriteByte('.')
		case v > 0:
			b.WriteByte(" KQR"[v])
		default:
			b.WriteByte(" kqr"[-v])
		}
	}
	return b.String() + " " + "wb"[p.stm:p.stm+1]
}

func parseToyFEN(s string) (toyPos, error) {
	var p toyPos
	if len(s) != 18 || s[16] != ' ' || (s[17] != 'w' && s[17] != 'b') {
		return p, fmt.Errorf("toy FEN %q: want 16 squares, a space and w or b", s)
	}
	for i := range 16 {
		switch c := s[i]; {
		case c == '.':
		case strings.IndexByte(" KQR", c) > 0:
			p.board[i] = int8(strings.IndexByte(" KQR", c))
		case strings.IndexByte(" kqr", c) > 0:
			p.board[i] = -int8(strings.IndexByte(" kqr", c))
		default:
			return p, fmt.Errorf("toy FEN %q: bad square %q", s, c)
		}
	}
	if s[17] == 'b' {
		p.stm = 1
	}
	return p, nil
}

// toyDecode is the DecodeFunc a game would supply.
func toyDecode(s string, stm, other []int) ([]int, []int, error) {
	p, err := parseToyFEN(s)
	if err != nil {
		return stm, other, err
	}
	return toyFeatures{}.Active(&p, p.stm, stm), toyFeatures{}.Active(&p, p.stm^1, other), nil
}

func TestSamplesRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 18))
	var buf bytes.Buffer
	buf.WriteString("# toy samples\n\n")
	var want []Sample
	for range 50 {
		p := randomToy(rng)
		s := Sample{Position: toyFEN(&p), Score: rng.IntN(2001) - 1000, Result: float64(rng.IntN(3)) / 2}
		want = append(want, s)
		if err := WriteSample(&buf, s); err != nil {
			t.Fatal(err)
		}
	}
	text := buf.String()
	if line := strings.Split(text, "\n")[2]; !strings.HasPrefix(line, want[0].Position+" | ") {
		t.Fatalf("first sample line %q", line)
	}
	r := NewSampleReader(strings.NewReader(text))
	for i, w := range want {
		got, err := r.Next()
		if err != nil || got != w {
			t.Fatalf("sample %d: got %+v, %v; want %+v", i, got, err, w)
		}
	}
	if _, err := r.Next(); err != io.EOF {
		t.Fatalf("after the last sample: %v, want io.EOF", err)
	}
	d, err := ReadDataset(strings.NewReader(text), toyInputs, toyDecode)
	if err != nil {
		t.Fatal(err)
	}
	if d.Len() != len(want) {
		t.Fatalf("dataset of %d samples, want %d", d.Len(), len(want))
	}
	for i, w := range want {
		p, _ := parseToyFEN(w.Position)
		stm, other := d.sample(i)
		ws := toyFeatures{}.Active(&p, p.stm, nil)
		wo := toyFeatures{}.Active(&p, p.stm^1, nil)
		gs, gout := toInts(stm, other)
		if !slices.Equal(gs, ws) || !slices.Equal(gout, wo) || d.score[i] != float32(w.Score) || d.result[i] != float32(w.Result) {
			t.Fatalf("sample %d decoded wrongly", i)
		}
	}
}

func TestSampleErrors(t *testing.T) {
	for _, s := range []Sample{
		{Position: "a|b", Result: 1},
		{Position: "a\nb", Result: 1},
		{Position: "  ", Result: 1},
		{Position: " #x", Result: 1},
		{Position: "ok", Result: 0.25},
	} {
		if err := WriteSample(io.Discard, s); !errors.Is(err, ErrData) {
			t.Errorf("WriteSample(%+v) = %v, want ErrData", s, err)
		}
	}
	for _, c := range []struct{ text, wantIn string }{
		{"pos | 1\n", "line 1: 2 fields"},
		{"# c\npos | x | 1\n", "line 2: score"},
		{"pos | 3 | 0.7\n", "line 1: result"},
		{" | 3 | 1\n", "line 1: empty position"},
		{"pos | 3 | 1 | 2\n", "line 1: 4 fields"},
	} {
		_, err := NewSampleReader(strings.NewReader(c.text)).Next()
		if !errors.Is(err, ErrData) || !strings.Contains(err.Error(), c.wantIn) {
			t.Errorf("reading %q: %v, want ErrData mentioning %q", c.text, err, c.wantIn)
		}
	}
	_, err := ReadDataset(strings.NewReader("K...............  w | 0 | 1\n"), toyInputs, toyDecode)
	if !errors.Is(err, ErrData) || !strings.Contains(err.Error(), "line 1") {
		t.Errorf("undecodable position: %v, want ErrData naming line 1", err)
	}
	d := mustDataset(t, 10)
	if err := d.Add([]int{10}, nil, 0, 1); !errors.Is(err, ErrData) {
		t.Errorf("feature out of range: %v", err)
	}
	if err := d.Add(nil, nil, 0, 1.5); !errors.Is(err, ErrData) {
		t.Errorf("result 1.5: %v", err)
	}
	if d.Len() != 0 {
		t.Errorf("rejected samples were added")
	}
}

// The sample reader never panics, and a line it accepts writes back to a
// line that reads as the same sample.
func FuzzSampleReader(f *testing.F) {
	f.Add("K..q............ w | 25 | 0.5\n")
	f.Add("# c\n\nx | -3 | 1\ny|4|0")
	f.Add("a | 1\n")
	f.Fuzz(func(t *testing.T, text string) {
		r := NewSampleReader(strings.NewReader(text))
		for range 100 {
			s, err := r.Next()
			if err != nil {
				return
			}
			var b bytes.Buffer
			if err := WriteSample(&b, s); err != nil {
				t.Fatalf("accepted sample %+v does not write: %v", s, err)
			}
			again, err := NewSampleReader(&b).Next()
			if err != nil || again != s {
				t.Fatalf("sample %+v wrote %q, read back %+v, %v", s, b.String(), again, err)
			}
		}
	})
}

func mustDataset(t testing.TB, inputs int) *Dataset {
	t.Helper()
	d, err := NewDataset(inputs)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func TestNewDatasetLimits(t *testing.T) {
	for _, n := range []int{0, -1, MaxDatasetInputs + 1} {
		if _, err := NewDataset(n); !errors.Is(err, ErrData) {
			t.Errorf("NewDataset(%d): %v, want ErrData", n, err)
		}
	}
	d := mustDataset(t, MaxDatasetInputs)
	if err := d.Add([]int{MaxDatasetInputs - 1}, []int{0}, 5, 1); err != nil {
		t.Fatal(err)
	}
	stm, other := d.sample(0)
	if stm[0] != MaxDatasetInputs-1 || other[0] != 0 {
		t.Fatalf("stored %v %v", stm, other)
	}
}
