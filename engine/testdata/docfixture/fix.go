// Package docfixture breaks the doc-comment rule in each way TestDocOffendersFixture counts.
package docfixture

// Max is the largest.
const Limit = 3

// The grouped block documents its names together.
const (
	A = 1
	B = 2
)

// First and Second are declared together.
var First, Second = 1, 2

// Make returns a Thing.
func New() *Thing { return &Thing{} }

// A Thing is fine with its article.
type Thing struct{}

// Gets returns the value.
func (t *Thing) Get() int { return 0 }

func (t *Thing) Do() {}

// Set is documented well.
func (t *Thing) Set() {}

// Old is gone.
//
// Deprecated: use New.
func Older() {}

// Gadget is a widget.
type Widget int

func Bare() {}

func unexported() {}
