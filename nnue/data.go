package nnue

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
)

// Sample is one training record as a game's data generator writes it.
type Sample struct {
	// Position is the game's text for the position (a FEN); it must not
	// contain '|', '\n' or '\r' nor start with '#'. Spaces around it are
	// dropped.
	Position string
	// Score is a search score in centipawns from the side to move's point
	// of view.
	Score int
	// Result is the game's outcome from the side to move's point of view:
	// 1 win, 0.5 draw, 0 loss.
	Result float64
}

// ErrData is returned (wrapped, with the line number) for a malformed
// training-data line or sample.
var ErrData = errors.New("nnue: bad training data")

// WriteSample writes s as one line of the text training format:
//
//	<position> | <score> | <result>
//
// e.g. "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 | 25 | 0.5".
// Lines that are empty or start with '#' are comments. It returns an error
// wrapping ErrData if the position is empty, starts with '#' or contains '|'
// or a line break, or if the result is not 0, 0.5 or 1; else w's error.
func WriteSample(w io.Writer, s Sample) error {
	pos := strings.TrimSpace(s.Position)
	if strings.ContainsAny(pos, "|\n\r") || pos == "" || pos[0] == '#' {
		return fmt.Errorf("%w: position %q is empty, starts with '#' or contains '|' or a line break", ErrData, s.Position)
	}
	if s.Result != 0 && s.Result != 0.5 && s.Result != 1 {
		return fmt.Errorf("%w: result %g, want 0, 0.5 or 1", ErrData, s.Result)
	}
	_, err := fmt.Fprintf(w, "%s | %d | %s\n", pos, s.Score,
		strconv.FormatFloat(s.Result, 'g', -1, 64))
	return err
}

// SampleReader reads the text training format written by WriteSample.
type SampleReader struct {
	sc   *bufio.Scanner
	line int
}

// NewSampleReader returns a reader of r. Lines may be up to 64 KiB.
func NewSampleReader(r io.Reader) *SampleReader {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 4096), 64<<10)
	return &SampleReader{sc: sc}
}

// Next returns the next sample. At the end of the input it returns io.EOF;
// for a malformed line an error wrapping ErrData that names the line.
func (r *SampleReader) Next() (Sample, error) {
	for r.sc.Scan() {
		r.line++
		line := strings.TrimSpace(r.sc.Text())
		if line == "" || line[0] == '#' {
			continue
		}
		parts := strings.Split(line, "|")
		if len(parts) != 3 {
			return Sample{}, fmt.Errorf("%w: line %d: %d fields, want <position> | <score> | <result>", ErrData, r.line, len(parts))
		}
		pos := strings.TrimSpace(parts[0])
		if pos == "" {
			return Sample{}, fmt.Errorf("%w: line %d: empty position", ErrData, r.line)
		}
		score, err := strconv.Atoi(strings.TrimSpace(parts[1]))
		if err != nil {
			return Sample{}, fmt.Errorf("%w: line %d: score %q is not an integer", ErrData, r.line, strings.TrimSpace(parts[1]))
		}
		res, err := strconv.ParseFloat(strings.TrimSpace(parts[2]), 64)
		if err != nil || (res != 0 && res != 0.5 && res != 1) {
			return Sample{}, fmt.Errorf("%w: line %d: result %q, want 0, 0.5 or 1", ErrData, r.line, strings.TrimSpace(parts[2]))
		}
		return Sample{Position: pos, Score: score, Result: res}, nil
	}
	if err := r.sc.Err(); err != nil {
		return Sample{}, fmt.Errorf("%w: after line %d: %v", ErrData, r.line, err)
	}
	return Sample{}, io.EOF
}

// DecodeFunc is what a game supplies to turn a stored position (its FEN)
// into features: it appends the active features of the side to move to stm
// and of the other side to other (see FeatureSet.Active) and returns both,
// or an error for a position it cannot read.
type DecodeFunc func(position string, stm, other []int) ([]int, []int, error)

// Decode is the body of a game's DecodeFunc: it parses the position text with parse and
// appends the active features (fs.Active) of the position's side to move, side(p) (0 or 1),
// to stm and of the other side to other. For a text parse refuses it returns parse's error,
// with stm and other unchanged.
func Decode[P, M any](fs FeatureSet[P, M], parse func(string) (P, error), side func(*P) int,
	text string, stm, other []int) ([]int, []int, error) {
	p, err := parse(text)
	if err != nil {
		return stm, other, err
	}
	s := side(&p)
	return fs.Active(&p, s, stm), fs.Active(&p, s^1, other), nil
}

// MaxDatasetInputs is the largest N a Dataset holds: features are stored
// as uint16 to halve the memory of a large dataset.
const MaxDatasetInputs = 1 << 16

// Dataset holds training samples in memory in decoded form: for each
// sample the active features of both perspectives (uint16 indices), the
// score and the result. A sample of k features per perspective costs 4k + 16
// bytes (an xiangqi middlegame with 24 pieces: about 112 bytes, so 10 M
// samples take about 1.1 GB).
type Dataset struct {
	inputs int
	feats  []uint16  // every sample's stm features, then its other features
	off    []uint32  // off[2i], off[2i+1], off[2i+2]: bounds of sample i's two lists
	score  []float32 // centipawns, side to move
	result []float32 // 1, 0.5, 0, side to move
}

// NewDataset returns an empty dataset for N inputs per perspective. It
// returns an error wrapping ErrData if N is not in [1, MaxDatasetInputs].
func NewDataset(inputs int) (*Dataset, error) {
	if inputs < 1 || inputs > MaxDatasetInputs {
		return nil, fmt.Errorf("%w: %d inputs, a dataset holds 1..%d", ErrData, inputs, MaxDatasetInputs)
	}
	return &Dataset{inputs: inputs, off: []uint32{0}}, nil
}

// Len returns the number of samples.
func (d *Dataset) Len() int { return len(d.score) }

// Inputs returns N.
func (d *Dataset) Inputs() int { return d.inputs }

// Add appends a sample: the active features of the side to move and of the
// other side, the score in centipawns and the result (1, 0.5 or 0), both from
// the side to move. It returns an error wrapping ErrData for an index out of
// [0, N), a result outside [0, 1] or a dataset over 2³² features.
func (d *Dataset) Add(stm, other []int, score int, result float64) error {
	if !(result >= 0 && result <= 1) {
		return fmt.Errorf("%w: result %g outside [0, 1]", ErrData, result)
	}
	if uint64(len(d.feats))+uint64(len(stm))+uint64(len(other)) > math.MaxUint32 {
		return fmt.Errorf("%w: dataset too large", ErrData)
	}
	for _, list := range [2][]int{stm, other} {
		for _, f := range list {
			if f < 0 || f >= d.inputs {
				return fmt.Errorf("%w: feature %d outside [0, %d)", ErrData, f, d.inputs)
			}
		}
	}
	for _, list := range [2][]int{stm, other} {
		for _, f := range list {
			d.feats = append(d.feats, uint16(f))
		}
		d.off = append(d.off, uint32(len(d.feats)))
	}
	d.score = append(d.score, float32(score))
	d.result = append(d.result, float32(result))
	return nil
}

// sample returns sample i's two feature lists (views into the dataset).
func (d *Dataset) sample(i int) (stm, other []uint16) {
	a, b, c := d.off[2*i], d.off[2*i+1], d.off[2*i+2]
	return d.feats[a:b], d.feats[b:c]
}

// ReadDataset reads the text training format from r, decoding each position
// with decode, into a dataset of N inputs. Errors name the line.
func ReadDataset(r io.Reader, inputs int, decode DecodeFunc) (*Dataset, error) {
	d, err := NewDataset(inputs)
	if err != nil {
		return nil, err
	}
	sr := NewSampleReader(r)
	var stm, other []int
	for {
		s, err := sr.Next()
		if err == io.EOF {
			return d, nil
		}
		if err != nil {
			return nil, err
		}
		stm, other, err = decode(s.Position, stm[:0], other[:0])
		if err != nil {
			return nil, fmt.Errorf("%w: line %d: position %q: %v", ErrData, sr.line, s.Position, err)
		}
		if err := d.Add(stm, other, s.Score, s.Result); err != nil {
			return nil, fmt.Errorf("line %d: %w", sr.line, err)
		}
	}
}
