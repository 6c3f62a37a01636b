package nnue

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"math"
	"math/rand/v2"
	"reflect"
	"testing"
)

func saved(t testing.TB, n *Network) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := Save(&b, n); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func TestSaveLoadRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for _, sh := range [][2]int{{1, 1}, {3, 7}, {toyInputs, 64}, {1260, 32}} {
		n := randomNetwork(rng, "xiangqi-psq-1260", sh[0], sh[1])
		n.B2 = -123456
		data := saved(t, n)
		if want := 34 + len(n.FeatureSet) + 2*sh[0]*sh[1] + 6*sh[1]; len(data) != want {
			t.Fatalf("N=%d H=%d: file of %d bytes, want %d", sh[0], sh[1], len(data), want)
		}
		got, err := Load(bytes.NewReader(data), n.FeatureSet, sh[0])
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, n) {
			t.Fatalf("N=%d H=%d: loaded network differs from the saved one", sh[0], sh[1])
		}
		if again := saved(t, got); !bytes.Equal(again, data) {
			t.Fatalf("N=%d H=%d: re-saved bytes differ", sh[0], sh[1])
		}
	}
}

// The header's fixed layout, byte by byte, for a 2×1 network.
func TestSaveLayout(t *testing.T) {
	n, _ := NewNetwork("ab", 2, 1)
	n.W1 = []int16{1, -2}
	n.B1 = []int16{3}
	n.W2 = []int16{4, -5}
	n.B2 = 6
	want := []byte("cotnnue\x1a")
	want = append(want, 1, 0, 1, 2, 'a', 'b')
	want = append(want, 2, 0, 0, 0, 1, 0, 0, 0, 255, 0, 64, 0, 0x90, 0x01)
	want = append(want, 1, 0, 0xfe, 0xff, 3, 0, 4, 0, 0xfb, 0xff, 6, 0, 0, 0)
	got := saved(t, n)
	if !bytes.Equal(got[:len(want)], want) || len(got) != len(want)+4 {
		t.Fatalf("layout\n got % x\nwant % x + crc", got, want)
	}
}

func TestLoadErrors(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	n := randomNetwork(rng, "toy", 5, 3)
	good := saved(t, n)
	edit := func(f func(b []byte) []byte) []byte {
		return f(bytes.Clone(good))
	}
	// fixCRC recomputes the checksum so that a test reaches the check after it.
	fixCRC := func(b []byte) []byte {
		return binary.LittleEndian.AppendUint32(b[:len(b)-4], crc32.ChecksumIEEE(b[:len(b)-4]))
	}
	cases := []struct {
		name string
		data []byte
		fs   string
		in   int
		want error
	}{
		{"empty", nil, "", 0, ErrTruncated},
		{"short magic", good[:5], "", 0, ErrTruncated},
		{"bad magic", edit(func(b []byte) []byte { b[0] = 'X'; return b }), "", 0, ErrBadMagic},
		{"short bad magic", []byte("PK\x03"), "", 0, ErrBadMagic},
		{"version", edit(func(b []byte) []byte { b[8] = 2; return b }), "", 0, ErrVersion},
		{"activation", edit(func(b []byte) []byte { b[10] = 2; return b }), "", 0, ErrVersion},
		{"feature set", good, "toy2", 0, ErrFeatureSet},
		{"inputs", good, "toy", 6, ErrFeatureSet},
		{"huge N", edit(func(b []byte) []byte { binary.LittleEndian.PutUint32(b[15:], 1<<30); return b }), "", 0, ErrSize},
		{"zero H", edit(func(b []byte) []byte { binary.LittleEndian.PutUint32(b[19:], 0); return b }), "", 0, ErrSize},
		{"N·H over limit", edit(func(b []byte) []byte {
			binary.LittleEndian.PutUint32(b[15:], MaxInputs)
			binary.LittleEndian.PutUint32(b[19:], MaxHidden)
			return b
		}), "", 0, ErrSize},
		{"larger N than data", edit(func(b []byte) []byte { binary.LittleEndian.PutUint32(b[15:], 50000); return b }), "", 0, ErrTruncated},
		{"QA", fixCRC(edit(func(b []byte) []byte { b[23] = 1; return b })), "", 0, ErrQuantisation},
		{"weight flipped", edit(func(b []byte) []byte { b[30] ^= 4; return b }), "", 0, ErrChecksum},
		{"checksum flipped", edit(func(b []byte) []byte { b[len(b)-1] ^= 1; return b }), "", 0, ErrChecksum},
		{"no checksum", good[:len(good)-4], "", 0, ErrTruncated},
		{"half checksum", good[:len(good)-2], "", 0, ErrTruncated},
		{"trailing byte", append(bytes.Clone(good), 0), "", 0, ErrSize},
	}
	for _, c := range cases {
		_, err := Load(bytes.NewReader(c.data), c.fs, c.in)
		if !errors.Is(err, c.want) {
			t.Errorf("%s: Load error %v, want %v", c.name, err, c.want)
		} else {
			t.Logf("%s: %v", c.name, err)
		}
	}
	// Every proper prefix of a good file is reported as truncated.
	for k := len(Magic); k < len(good); k++ {
		if _, err := Load(bytes.NewReader(good[:k]), "", 0); !errors.Is(err, ErrTruncated) {
			t.Fatalf("prefix of %d of %d bytes: error %v, want ErrTruncated", k, len(good), err)
		}
	}
	// Every single-bit flip past the magic is caught by some check.
	for i := len(Magic); i < len(good); i++ {
		for bit := range 8 {
			b := bytes.Clone(good)
			b[i] ^= 1 << bit
			if _, err := Load(bytes.NewReader(b), "toy", 5); err == nil {
				t.Fatalf("flip of bit %d of byte %d went unnoticed", bit, i)
			}
		}
	}
}

func FuzzLoad(f *testing.F) {
	rng := rand.New(rand.NewPCG(11, 12))
	f.Add(saved(f, randomNetwork(rng, "toy", 5, 3)))
	f.Add(saved(f, randomNetwork(rng, "", 1, 1)))
	f.Add([]byte(Magic))
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, data []byte) {
		n, err := Load(bytes.NewReader(data), "", 0)
		if err != nil {
			return
		}
		// A file that loads re-saves to the same bytes and evaluates.
		if again := saved(t, n); !bytes.Equal(again, data) {
			t.Fatalf("loaded file re-saves differently")
		}
		a := n.NewAccumulator()
		a.Refresh([]int{0, n.Inputs - 1})
		n.Evaluate(a, a)
	})
}

func TestModelFile(t *testing.T) {
	rng := rand.New(rand.NewPCG(29, 30))
	m := randomModel(rng, "model", 40, 7)
	m.B2 = -0.125
	var b bytes.Buffer
	if err := SaveModel(&b, m); err != nil {
		t.Fatal(err)
	}
	data := b.Bytes()
	if want := 34 + len("model") + 4*40*7 + 12*7; len(data) != want {
		t.Fatalf("model file of %d bytes, want %d", len(data), want)
	}
	got, err := LoadModel(bytes.NewReader(data), "model", 40)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, m) {
		t.Fatal("loaded model differs from the saved one")
	}
	if _, err := LoadModel(bytes.NewReader(data), "other", 0); !errors.Is(err, ErrFeatureSet) {
		t.Errorf("another feature set: %v", err)
	}
	if _, err := Load(bytes.NewReader(data), "", 0); !errors.Is(err, ErrBadMagic) {
		t.Errorf("Load of a model file: %v, want ErrBadMagic", err)
	}
	net, _ := m.Quantise()
	if _, err := LoadModel(bytes.NewReader(saved(t, net)), "", 0); !errors.Is(err, ErrBadMagic) {
		t.Errorf("LoadModel of a weight file: %v, want ErrBadMagic", err)
	}
	for k := range data {
		if _, err := LoadModel(bytes.NewReader(data[:k]), "", 0); err == nil {
			t.Fatalf("prefix of %d bytes loaded", k)
		}
	}
	m.W2[3] = float32(math.NaN())
	b.Reset()
	SaveModel(&b, m)
	if _, err := LoadModel(&b, "", 0); !errors.Is(err, ErrRange) {
		t.Errorf("NaN weight: %v, want ErrRange", err)
	}
}

func FuzzLoadModel(f *testing.F) {
	rng := rand.New(rand.NewPCG(31, 32))
	var b bytes.Buffer
	SaveModel(&b, randomModel(rng, "toy", 5, 3))
	f.Add(b.Bytes())
	f.Add([]byte(ModelMagic))
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := LoadModel(bytes.NewReader(data), "", 0)
		if err != nil {
			return
		}
		var again bytes.Buffer
		if err := SaveModel(&again, m); err != nil || !bytes.Equal(again.Bytes(), data) {
			t.Fatalf("loaded model re-saves differently (%v)", err)
		}
	})
}

// TestEmbedded: an embedded weight file is read once: every call returns the same Network,
// equal to the one saved; a file for another feature set gives Load's ErrFeatureSet, on
// every call.
func TestEmbedded(t *testing.T) {
	n := randomNetwork(rand.New(rand.NewPCG(9, 10)), "toy-psq", 5, 8)
	read := Embedded(saved(t, n), "toy-psq", 5)
	first, err := read()
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(first, n) {
		t.Fatal("the embedded network differs from the saved one")
	}
	if again, _ := read(); again != first {
		t.Fatal("a second call read the file again")
	}
	wrong := Embedded(saved(t, n), "other-psq", 5)
	for range 2 {
		if _, err := wrong(); !errors.Is(err, ErrFeatureSet) {
			t.Fatalf("another feature set: %v, want ErrFeatureSet", err)
		}
	}
}
