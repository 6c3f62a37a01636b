package nnue

import "fmt"

// Quantisation constants of the integer network (the same as bullet's
// defaults and most small engines'). A float activation of 1.0 is QA in the
// accumulator; a float output weight of 1.0 is QB; the float output times
// Scale is the evaluation in centipawns.
const (
	// QA is the accumulator scale: a first-layer weight or bias w is stored
	// as round(w·QA) in int16, and the clipped ReLU clips to [0, QA].
	QA = 255
	// QB is the output-weight scale: an output weight w is stored as
	// round(w·QB) in int16; the output bias b as round(b·QA·QB) in int32.
	QB = 64
	// Scale converts the network's float output to centipawns.
	Scale = 400
)

// Limits on a network's shape, checked by NewNetwork and Load so that a
// corrupt header cannot ask for an absurd allocation.
const (
	MaxInputs = 1 << 20 // largest N, the input features per perspective
	MaxHidden = 1 << 12 // largest H, the accumulator width per perspective
	MaxParams = 1 << 26 // largest N·H
)

// Network is the quantised network: (N → H) for each of the two
// perspectives, clipped ReLU to [0, QA], the two H-vectors concatenated (side
// to move first, then the other side) and one linear output.
//
// Its fields are exported so that tools can inspect them; a Network must not
// be changed while accumulators built from it are in use. Any number of
// goroutines may evaluate with one Network at once.
type Network struct {
	// FeatureSet names the FeatureSet the network was trained for (see
	// FeatureSet.Name); Load checks it.
	FeatureSet string
	// Inputs is N, the input features per perspective.
	Inputs int
	// Hidden is H, the accumulator width per perspective.
	Hidden int
	// W1 holds the first-layer weights, feature-major: the H weights of
	// feature f are W1[f*H : f*H+H]. Units: QA per 1.0. Length N·H.
	W1 []int16
	// B1 holds the first-layer biases, QA per 1.0. Length H.
	B1 []int16
	// W2 holds the output weights, QB per 1.0: W2[:H] multiply the side to
	// move's activations and W2[H:] the other side's. Length 2H.
	W2 []int16
	// B2 is the output bias, QA·QB per 1.0.
	B2 int32
}

// NewNetwork returns a zero network of N inputs and H hidden units for the
// named feature set. It returns an error if N or H is below 1 or above
// MaxInputs, MaxHidden or MaxParams.
func NewNetwork(featureSet string, inputs, hidden int) (*Network, error) {
	if err := checkShape(featureSet, inputs, hidden); err != nil {
		return nil, err
	}
	return &Network{
		FeatureSet: featureSet,
		Inputs:     inputs,
		Hidden:     hidden,
		W1:         make([]int16, inputs*hidden),
		B1:         make([]int16, hidden),
		W2:         make([]int16, 2*hidden),
	}, nil
}

func checkShape(name string, inputs, hidden int) error {
	switch {
	case len(name) > maxNameLen:
		return fmt.Errorf("%w: feature-set name of %d bytes, at most %d", ErrSize, len(name), maxNameLen)
	case inputs < 1 || inputs > MaxInputs:
		return fmt.Errorf("%w: %d inputs, want 1..%d", ErrSize, inputs, MaxInputs)
	case hidden < 1 || hidden > MaxHidden:
		return fmt.Errorf("%w: %d hidden units, want 1..%d", ErrSize, hidden, MaxHidden)
	case inputs*hidden > MaxParams:
		return fmt.Errorf("%w: %d×%d first-layer weights, at most %d", ErrSize, inputs, hidden, MaxParams)
	}
	return nil
}

// Accumulator is the first-layer output of one perspective: H int16 sums
// (QA per 1.0) of the bias and the weight rows of the active features,
// before the clipped ReLU. Its storage is allocated once by NewAccumulator;
// Refresh, Update, UpdateFrom and CopyFrom never allocate.
//
// A searcher keeps two per ply (one per side, indexed by the side's colour,
// not by who is to move) in its per-ply frame and derives a child's from its
// parent's with UpdateFrom, so nothing is copied per node beyond the H
// values themselves. The zero Accumulator is not usable.
type Accumulator struct {
	net *Network
	v   []int16
}

// NewAccumulator returns an accumulator for n holding only the biases (as if
// refreshed with no active feature).
func (n *Network) NewAccumulator() *Accumulator {
	a := &Accumulator{net: n, v: make([]int16, n.Hidden)}
	copy(a.v, n.B1)
	return a
}

// Values returns the accumulator's H values (QA per 1.0). The slice is the
// accumulator's own storage.
func (a *Accumulator) Values() []int16 { return a.v }

// Refresh recomputes the accumulator from scratch: the biases plus the rows
// of the given active features (indices in [0, N); an index may repeat and
// then counts as often as it appears). It panics on an index out of range.
func (a *Accumulator) Refresh(features []int) {
	updateKernel(a.v, a.net.B1, a.net.W1, features, nil)
}

// Update adds the rows of the added features and subtracts those of the
// removed ones in place: after a move, added are the features that became
// active and removed those that stopped being active. It panics on an index
// out of range.
//
// The feature slices passed to Refresh, Update and UpdateFrom escape (the
// kernels are chosen at start-up, through function variables), so a slice
// literal at the call site allocates; reuse buffers instead.
func (a *Accumulator) Update(added, removed []int) {
	updateKernel(a.v, a.v, a.net.W1, added, removed)
}

// UpdateFrom sets a to src plus the added rows minus the removed rows, in one
// pass: the child-from-parent step of a search. a and src must come from the
// same network; a may be src.
func (a *Accumulator) UpdateFrom(src *Accumulator, added, removed []int) {
	updateKernel(a.v, src.v, a.net.W1, added, removed)
}

// CopyFrom sets a's values to src's. Both must come from the same network.
func (a *Accumulator) CopyFrom(src *Accumulator) { copy(a.v, src.v) }

// Evaluate returns the evaluation in centipawns from the side to move's
// point of view, given the side to move's accumulator and the other side's:
//
//	out = B2 + Σ_i crelu(stm_i)·W2[i] + Σ_i crelu(other_i)·W2[H+i]   (QA·QB per 1.0)
//	cp  = out·Scale / (QA·QB), truncated toward zero
//
// where crelu(x) = min(max(x, 0), QA). Each of the two sums is taken in
// wrapping int32 (as the vector code does); with weights trained under the
// default clip (|w| ≤ 1.98) they cannot overflow for any H ≤ MaxHidden.
func (n *Network) Evaluate(stm, other *Accumulator) int {
	h := n.Hidden
	s := int64(dotKernel(stm.v, n.W2[:h])) + int64(dotKernel(other.v, n.W2[h:2*h])) + int64(n.B2)
	return int(s * Scale / (QA * QB))
}
