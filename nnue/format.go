package nnue

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"math"
	"sync"
)

// Magic is the first 8 bytes of a weight file.
const Magic = "cotnnue\x1a"

// FormatVersion is the weight-file version Save writes and Load reads.
const FormatVersion = 1

// activationCReLU is the only activation code of format version 1.
const activationCReLU = 1

const maxNameLen = 255

// Errors returned (wrapped, with details) by Load, NewNetwork and
// NewEvaluator; test for them with errors.Is.
var (
	ErrBadMagic     = errors.New("nnue: not a weight file (bad magic)")
	ErrVersion      = errors.New("nnue: unsupported weight-file version")
	ErrFeatureSet   = errors.New("nnue: wrong feature set")
	ErrSize         = errors.New("nnue: bad network size")
	ErrQuantisation = errors.New("nnue: quantisation constants differ")
	ErrTruncated    = errors.New("nnue: truncated weight file")
	ErrChecksum     = errors.New("nnue: checksum mismatch")
)

// Save writes n to w in the weight-file format, all integers little-endian:
//
//	offset  size    field
//	0       8       Magic "cotnnue\x1a"
//	8       2       FormatVersion (uint16, 1)
//	10      1       activation (1 = clipped ReLU to [0, QA])
//	11      1       L, length of the feature-set name
//	12      L       feature-set name (FeatureSet.Name)
//	12+L    4       N, inputs per perspective (uint32)
//	16+L    4       H, hidden units per perspective (uint32)
//	20+L    2       QA (uint16, 255)
//	22+L    2       QB (uint16, 64)
//	24+L    2       Scale (uint16, 400)
//	26+L    2·N·H   W1, int16, feature-major (row f = H weights of feature f)
//	        2·H     B1, int16
//	        4·H     W2, int16 (H for the side to move, then H for the other)
//	        4       B2, int32
//	        4       CRC-32 (IEEE) of every byte before it
//
// The file is 34 + L + 2·N·H + 6·H bytes. Save returns w's error, or an
// error wrapping ErrSize if n's shape is invalid.
func Save(w io.Writer, n *Network) error {
	if err := checkSlices(n.FeatureSet, n.Inputs, n.Hidden, len(n.W1), len(n.B1), len(n.W2)); err != nil {
		return err
	}
	return writeFile(w, Magic, n.FeatureSet, n.Inputs, n.Hidden, func(bw *bufio.Writer) {
		var b [4]byte
		for _, s := range [][]int16{n.W1, n.B1, n.W2} {
			for _, v := range s {
				binary.LittleEndian.PutUint16(b[:], uint16(v))
				bw.Write(b[:2])
			}
		}
		binary.LittleEndian.PutUint32(b[:], uint32(n.B2))
		bw.Write(b[:4])
	})
}

// Load reads a network written by Save. If featureSet is not empty, the
// file's feature-set name must equal it, and if inputs is not 0, the file's N
// must equal it; pass the game's FeatureSet.Name() and Inputs().
//
// Errors wrap ErrBadMagic (not a weight file), ErrVersion (another format
// version or activation), ErrTruncated (the data ends early), ErrSize (a
// shape out of the limits, or bytes after the checksum), ErrChecksum (the
// bytes were altered), ErrFeatureSet (another feature set or N) or
// ErrQuantisation (other QA, QB or Scale), or are r's read error. Load
// never panics and allocates no more than the data actually present.
func Load(r io.Reader, featureSet string, inputs int) (*Network, error) {
	name, nIn, h, data, err := readFile(r, Magic, featureSet, inputs, 2)
	if err != nil {
		return nil, err
	}
	net, err := NewNetwork(name, nIn, h)
	if err != nil {
		return nil, err
	}
	for _, s := range [][]int16{net.W1, net.B1, net.W2} {
		for i := range s {
			s[i] = int16(binary.LittleEndian.Uint16(data))
			data = data[2:]
		}
	}
	net.B2 = int32(binary.LittleEndian.Uint32(data))
	return net, nil
}

// ModelMagic is the first 8 bytes of a float-model file.
const ModelMagic = "cotnnuef"

// SaveModel writes the float model m, to resume training or quantise
// later, in the layout of Save with ModelMagic as the magic and every
// weight a little-endian IEEE float32: W1 (N·H), B1 (H), W2 (2H), B2 (1),
// so the file is 34 + L + 4·N·H + 12·H bytes. QA and QB are recorded though
// the model is not quantised. Adam's moments are not saved: training
// resumed from a file starts them afresh. It returns w's error, or an error
// wrapping ErrSize if m's shape is invalid.
func SaveModel(w io.Writer, m *Model) error {
	if err := checkSlices(m.FeatureSet, m.Inputs, m.Hidden, len(m.W1), len(m.B1), len(m.W2)); err != nil {
		return err
	}
	return writeFile(w, ModelMagic, m.FeatureSet, m.Inputs, m.Hidden, func(bw *bufio.Writer) {
		var b [4]byte
		for _, s := range [][]float32{m.W1, m.B1, m.W2, {m.B2}} {
			for _, v := range s {
				binary.LittleEndian.PutUint32(b[:], math.Float32bits(v))
				bw.Write(b[:])
			}
		}
	})
}

// Embedded returns the reader of a network shipped inside a program: data is a
// weight file held in memory (a game package's go:embed file), for the feature set
// featureSet with inputs inputs. The first call loads it (Load); every call returns
// that one Network, or Load's error. It is safe for concurrent use.
func Embedded(data []byte, featureSet string, inputs int) func() (*Network, error) {
	return sync.OnceValues(func() (*Network, error) {
		return Load(bytes.NewReader(data), featureSet, inputs)
	})
}

// LoadModel reads a float model written by SaveModel, with the checks and
// errors of Load (ErrBadMagic for a quantised weight file), and also an
// error wrapping ErrRange for a weight that is NaN or infinite.
func LoadModel(r io.Reader, featureSet string, inputs int) (*Model, error) {
	name, nIn, h, data, err := readFile(r, ModelMagic, featureSet, inputs, 4)
	if err != nil {
		return nil, err
	}
	m := &Model{FeatureSet: name, Inputs: nIn, Hidden: h,
		W1: make([]float32, nIn*h), B1: make([]float32, h), W2: make([]float32, 2*h)}
	b2 := []float32{0}
	for k, s := range [][]float32{m.W1, m.B1, m.W2, b2} {
		for i := range s {
			s[i] = math.Float32frombits(binary.LittleEndian.Uint32(data))
			data = data[4:]
			if v := float64(s[i]); math.IsNaN(v) || math.IsInf(v, 0) {
				return nil, fmt.Errorf("%w: %s[%d] is %v", ErrRange, [...]string{"W1", "B1", "W2", "B2"}[k], i, v)
			}
		}
	}
	m.B2 = b2[0]
	return m, nil
}

func checkSlices(name string, inputs, hidden, w1, b1, w2 int) error {
	if err := checkShape(name, inputs, hidden); err != nil {
		return err
	}
	if w1 != inputs*hidden || b1 != hidden || w2 != 2*hidden {
		return fmt.Errorf("%w: slice lengths W1 %d, B1 %d, W2 %d do not match N=%d H=%d",
			ErrSize, w1, b1, w2, inputs, hidden)
	}
	return nil
}

// writeFile writes the header, the body written by body, and the checksum.
func writeFile(w io.Writer, magic, name string, inputs, hidden int, body func(*bufio.Writer)) error {
	crc := crc32.NewIEEE()
	bw := bufio.NewWriter(io.MultiWriter(w, crc))
	bw.WriteString(magic)
	var b [8]byte
	binary.LittleEndian.PutUint16(b[:], FormatVersion)
	b[2] = activationCReLU
	b[3] = byte(len(name))
	bw.Write(b[:4])
	bw.WriteString(name)
	binary.LittleEndian.PutUint32(b[:], uint32(inputs))
	binary.LittleEndian.PutUint32(b[4:], uint32(hidden))
	bw.Write(b[:8])
	binary.LittleEndian.PutUint16(b[:], QA)
	binary.LittleEndian.PutUint16(b[2:], QB)
	binary.LittleEndian.PutUint16(b[4:], Scale)
	bw.Write(b[:6])
	body(bw)
	if err := bw.Flush(); err != nil {
		return err
	}
	binary.LittleEndian.PutUint32(b[:], crc.Sum32())
	_, err := w.Write(b[:4])
	return err
}

// readFile reads and checks a header with the given magic and a body of
// size bytes per value (N·H + 3H values and the 4-byte B2), verifies the
// checksum and the expectations, and returns the body.
func readFile(r io.Reader, magic, featureSet string, inputs, size int) (name string, nIn, h int, body []byte, err error) {
	crc := crc32.NewIEEE()
	tr := io.TeeReader(r, crc)
	var fixed [12]byte
	if err := readFull(tr, fixed[:], "header"); err != nil {
		if k := min(len(magic), countPrefix(err)); string(fixed[:k]) != magic[:k] {
			return "", 0, 0, nil, fmt.Errorf("%w: starts with %q, want %q", ErrBadMagic, fixed[:k], magic)
		}
		return "", 0, 0, nil, err
	}
	if string(fixed[:8]) != magic {
		return "", 0, 0, nil, fmt.Errorf("%w: starts with %q, want %q", ErrBadMagic, fixed[:8], magic)
	}
	if v := binary.LittleEndian.Uint16(fixed[8:]); v != FormatVersion {
		return "", 0, 0, nil, fmt.Errorf("%w: version %d, this build reads %d", ErrVersion, v, FormatVersion)
	}
	if a := fixed[10]; a != activationCReLU {
		return "", 0, 0, nil, fmt.Errorf("%w: activation code %d, this build knows only %d (clipped ReLU)", ErrVersion, a, activationCReLU)
	}
	rest := make([]byte, int(fixed[11])+14)
	if err := readFull(tr, rest, "header"); err != nil {
		return "", 0, 0, nil, err
	}
	name = string(rest[:fixed[11]])
	p := rest[fixed[11]:]
	n32, h32 := binary.LittleEndian.Uint32(p), binary.LittleEndian.Uint32(p[4:])
	qa, qb, scale := binary.LittleEndian.Uint16(p[8:]), binary.LittleEndian.Uint16(p[10:]), binary.LittleEndian.Uint16(p[12:])
	if n32 < 1 || n32 > MaxInputs || h32 < 1 || h32 > MaxHidden || uint64(n32)*uint64(h32) > MaxParams {
		return "", 0, 0, nil, fmt.Errorf("%w: N=%d H=%d in the header (limits N≤%d, H≤%d, N·H≤%d)",
			ErrSize, n32, h32, MaxInputs, MaxHidden, MaxParams)
	}
	nIn, h = int(n32), int(h32)
	need := size*(nIn*h+3*h) + 4
	// Read through a LimitReader so that a header claiming a large network
	// costs memory only for the bytes that are really there.
	body, err = io.ReadAll(io.LimitReader(tr, int64(need)))
	if err != nil {
		return "", 0, 0, nil, err
	}
	if len(body) < need {
		return "", 0, 0, nil, fmt.Errorf("%w: weights of N=%d H=%d need %d bytes, only %d present", ErrTruncated, nIn, h, need, len(body))
	}
	sum := crc.Sum32()
	var tail [5]byte
	k, err := io.ReadFull(r, tail[:])
	switch {
	case k < 4:
		if err != nil && err != io.EOF && err != io.ErrUnexpectedEOF {
			return "", 0, 0, nil, err
		}
		return "", 0, 0, nil, fmt.Errorf("%w: checksum missing (%d of 4 bytes)", ErrTruncated, k)
	case k > 4:
		return "", 0, 0, nil, fmt.Errorf("%w: data after the checksum", ErrSize)
	}
	if got := binary.LittleEndian.Uint32(tail[:]); got != sum {
		return "", 0, 0, nil, fmt.Errorf("%w: file says %08x, content gives %08x", ErrChecksum, got, sum)
	}
	if featureSet != "" && name != featureSet {
		return "", 0, 0, nil, fmt.Errorf("%w: file is for %q, want %q", ErrFeatureSet, name, featureSet)
	}
	if inputs != 0 && nIn != inputs {
		return "", 0, 0, nil, fmt.Errorf("%w: file has %d inputs, the feature set %d", ErrFeatureSet, nIn, inputs)
	}
	if qa != QA || qb != QB || scale != Scale {
		return "", 0, 0, nil, fmt.Errorf("%w: file QA=%d QB=%d Scale=%d, this build QA=%d QB=%d Scale=%d",
			ErrQuantisation, qa, qb, scale, QA, QB, Scale)
	}
	return name, nIn, h, body, nil
}

// truncErr carries how many bytes were read before the data ended.
type truncErr struct {
	what string
	got  int
	want int
}

func (e *truncErr) Error() string {
	return fmt.Sprintf("%v: %s needs %d bytes, only %d present", ErrTruncated, e.what, e.want, e.got)
}

func (e *truncErr) Unwrap() error { return ErrTruncated }

func countPrefix(err error) int {
	var t *truncErr
	if errors.As(err, &t) {
		return t.got
	}
	return 0
}

func readFull(r io.Reader, b []byte, what string) error {
	k, err := io.ReadFull(r, b)
	if err == io.EOF || err == io.ErrUnexpectedEOF {
		return &truncErr{what: what, got: k, want: len(b)}
	}
	return err
}
