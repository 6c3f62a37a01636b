package xiangqi

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cotuong-ai/cotuong/internal/testkit/race"
	"github.com/cotuong-ai/cotuong/internal/testkit/reference"
)

// TestNotationReference checks every row of the reference notation table: WXF, Chinese and
// Vietnamese text of the move, and each text parsed back to the move.
func TestNotationReference(t *testing.T) {
	rows, err := reference.Notation()
	require.NoError(t, err)
	require.NotEmpty(t, rows)
	for _, r := range rows {
		g := NewGame(mustFEN(t, r.FEN))
		for _, ms := range r.MovesBefore {
			_, err := g.PushString(ms)
			require.NoError(t, err, ms)
		}
		p := g.Position()
		m, err := p.ParseMove(r.MoveUCI)
		require.NoError(t, err, r.MoveUCI)
		assert.Equal(t, r.WXF, p.WXF(m), "%s (%s)", r.MoveUCI, r.Note)
		assert.Equal(t, r.Chinese, p.Chinese(m), "%s (%s)", r.MoveUCI, r.Note)
		assert.Equal(t, r.Vietnamese, p.Vietnamese(m), "%s (%s)", r.MoveUCI, r.Note)
		for _, w := range []string{r.WXF, strings.ReplaceAll(r.WXF, ".", "="), strings.ToLower(r.WXF)} {
			back, err := p.ParseMove(w)
			require.NoError(t, err, w)
			assert.Equal(t, m, back, w)
		}
		// The Chinese text reads back through ParseMove, the Vietnamese through ParseVietnamese.
		if back, err := p.ParseMove(r.Chinese); assert.NoError(t, err, r.Chinese) {
			assert.Equal(t, m, back, "%s (%s)", r.Chinese, r.Note)
		}
		if back, err := p.ParseVietnamese(r.Vietnamese); assert.NoError(t, err, r.Vietnamese) {
			assert.Equal(t, m, back, "%s (%s)", r.Vietnamese, r.Note)
		}
	}
}

// TestNotationRoundTrip: over random playouts every legal move's WXF text parses back to the
// move, the three notations are distinct per move (no two legal moves share a text), and
// the ICCS/UCI forms parse back too.
func TestNotationRoundTrip(t *testing.T) {
	rng := newRand(7)
	games := 30
	if race.Enabled {
		games = 8
	}
	for game := 0; game < games; game++ {
		for _, p := range playout(rng, Start(), 150) {
			seen := map[string]map[string]Move{"wxf": {}, "zh": {}, "vi": {}}
			for _, m := range p.LegalMoves(nil) {
				w := p.WXF(m)
				back, err := p.ParseMove(w)
				if assert.NoError(t, err, "%s %s in %s", w, m, p.FEN()) {
					assert.Equal(t, m, back, "%s in %s", w, p.FEN())
				}
				for kind, text := range map[string]string{"wxf": w, "zh": p.Chinese(m), "vi": p.Vietnamese(m)} {
					if other, dup := seen[kind][text]; dup {
						t.Errorf("%s text %q for both %s and %s in %s", kind, text, other, m, p.FEN())
					}
					seen[kind][text] = m
				}
				for _, s := range []string{m.UCI(), m.ICCS(), strings.ToUpper(m.UCI())} {
					back, err := p.ParseMove(s)
					require.NoError(t, err)
					assert.Equal(t, m, back)
				}
			}
		}
	}
}

// TestParseMoveErrors: each kind of illegal move is refused with its reason.
func TestParseMoveErrors(t *testing.T) {
	start := Start()
	cases := []struct {
		fen, move, want string
	}{
		{StartFEN, "e4e5", "no piece on e4"},
		{StartFEN, "h7e7", "the piece on h7 is a black cannon, but it is Red to move"},
		{StartFEN, "a0b0", "a red chariot cannot capture its own horse on b0"},
		{StartFEN, "b0d1", "the horse's leg c0 is blocked"},
		{StartFEN, "h2h7", "a cannon captures by jumping exactly one screen, and there are 0 pieces between"},
		{StartFEN, "h2h8", "a cannon jumps only when it captures"},
		{StartFEN, "a0a4", "a chariot cannot jump over pieces"},
		{StartFEN, "c0d2", "an elephant moves exactly two points diagonally"},
		{StartFEN, "e3d3", "a soldier may move sideways only after crossing the river"},
		{StartFEN, "e0e2", "a general moves one point along a file or rank"},
		{StartFEN, "d0c1", "an advisor may not leave its palace"},
		{"3k5/9/9/9/9/2B6/3N5/9/9/4K4 w - - 0 1", "c4e2", "the elephant's eye d3 is blocked"},
		{"3k5/9/9/9/9/2B6/9/9/9/4K4 w - - 0 1", "c4e6", "an elephant may not cross the river"},
		{"3k5/9/9/4P4/9/9/9/9/9/4K4 w - - 0 1", "e6e5", "a soldier never moves backwards"},
		{"4k4/9/9/9/4P4/9/9/9/9/4K4 w - - 0 1", "e5d5", "it would leave the generals facing each other on the open e-file"},
		{"4k4/9/9/9/9/9/9/9/4r4/3K5 w - - 0 1", "d0d1", "it would leave the red general on d1 in check"},
		{"5k3/9/9/9/9/9/9/9/9/3K1r3 w - - 0 1", "d0e0", "the red general on e0 is in check and stays in check"},
		{"4k4/9/9/9/3r5/9/9/9/9/3K5 w - - 0 1", "d0d1", "the red general on d1 is in check and stays in check"},
		{"4k4/9/9/9/9/9/9/9/4C4/3AK4 w - - 0 1", "e1d1", "it would leave the generals facing each other on the open e-file"},
	}
	_ = start
	for _, c := range cases {
		p := mustFEN(t, c.fen)
		_, err := p.ParseMove(c.move)
		if assert.Error(t, err, "%s in %s", c.move, c.fen) {
			assert.Contains(t, err.Error(), c.want, c.move)
			assert.True(t, strings.HasPrefix(err.Error(), "xiangqi: move "+c.move+": "), err.Error())
		}
		m, ok := MoveFromUCI(c.move)
		require.True(t, ok)
		assert.False(t, p.IsLegal(m))
	}
	// Malformed or impossible WXF.
	for _, c := range []struct{ s, want string }{
		{"C2x5", "third character must be"},
		{"C2.0", "last character must be a digit"},
		{"C3.5", "no red cannon on file 3"},
		{"H2.3", "a horse never moves sideways"},
		{"H2+5", "a horse on file 2 cannot reach file 5"},
		{"+C.5", "no two red cannons stand on one file"},
		{"X2.5", "unknown piece letter"},
		{"R1+3", "xiangqi: move R1+3 (i0i3): a red chariot cannot capture its own soldier on i3"},
		{"hello", "neither a coordinate move (UCI h2e2 or ICCS H2-E2: files a-i, ranks 0-9) nor WXF notation"},
		{"", "neither a coordinate move"},
		{"z9z9", "neither a coordinate move"},
		{"zz99", "neither a coordinate move"},
		{"C2x5", "third character must be"},
		{"?9+1", "nor WXF notation"},
	} {
		_, err := start.ParseMove(c.s)
		if assert.Error(t, err, c.s) {
			assert.Contains(t, err.Error(), c.want, c.s)
		}
	}
}

// TestIsLegalAgreesWithLegalMoves: for every from/to pair in positions of random playouts,
// IsLegal (the ParseMove checker) says yes exactly for the moves LegalMoves generates.
func TestIsLegalAgreesWithLegalMoves(t *testing.T) {
	rng := newRand(11)
	n := 0
	games := 12
	if race.Enabled {
		games = 3
	}
	for game := 0; game < games; game++ {
		for i, p := range playout(rng, Start(), 200) {
			if i%5 != 0 {
				continue
			}
			set := map[Move]bool{}
			for _, m := range p.LegalMoves(nil) {
				set[m] = true
			}
			for from := Square(0); from < NumSquares; from++ {
				if pc := p.PieceAt(from); pc == NoPiece || pc.Color() != p.SideToMove() {
					continue
				}
				for to := Square(0); to < NumSquares; to++ {
					m := NewMove(from, to)
					require.Equal(t, set[m], p.IsLegal(m), "%s in %s", m, p.FEN())
					n++
				}
			}
		}
	}
	require.Greater(t, n, 10000)
}

func TestChineseAndVietnameseTandem(t *testing.T) {
	// Two red cannons on the h-file: 前炮 / 後炮; Vietnamese Pt / Ps.
	p := mustFEN(t, "3k5/9/9/9/9/9/9/7C1/9/4K2C1 w - - 0 1")
	front, rear := mustParse(t, p, "h2e2"), mustParse(t, p, "h0h1")
	assert.Equal(t, "前炮平五", p.Chinese(front))
	assert.Equal(t, "後炮進一", p.Chinese(rear))
	assert.Equal(t, "Pt-5", p.Vietnamese(front))
	assert.Equal(t, "Ps.1", p.Vietnamese(rear))
	assert.Equal(t, "C+.5", p.WXF(front))
	assert.Equal(t, "C-+1", p.WXF(rear))
	// Black: front is the lower rank; digits for files and numbers.
	q := mustFEN(t, "3k5/1c7/9/9/9/9/9/1c7/9/4K4 b - - 0 1")
	bf, br := mustParse(t, q, "b2e2"), mustParse(t, q, "b8b9")
	assert.Equal(t, "前砲平5", q.Chinese(bf))
	assert.Equal(t, "後砲退1", q.Chinese(br))
	assert.Equal(t, "C+.5", q.WXF(bf))
	assert.Equal(t, "C--1", q.WXF(br))
	// Three soldiers on a file: 前兵 中兵 後兵.
	r := mustFEN(t, "5k3/9/4P4/4P4/4P4/9/9/9/9/3K5 w - - 0 1")
	assert.Equal(t, "前兵平四", r.Chinese(mustParse(t, r, "e7f7")))
	assert.Equal(t, "中兵平六", r.Chinese(mustParse(t, r, "e6d6")))
	assert.Equal(t, "後兵平四", r.Chinese(mustParse(t, r, "e5f5")))
	assert.Equal(t, "B25-6", r.Vietnamese(mustParse(t, r, "e6d6")))
	assert.Equal(t, "P5.6", r.WXF(mustParse(t, r, "e6d6")))
	// Soldiers doubled on two files (XQ21 FEN2): order and file in Chinese and Vietnamese,
	// the file and front/rear in WXF.
	d := mustFEN(t, "5k3/9/3P5/3P1P1P1/5P3/9/9/9/9/4K4 w - - 0 1")
	m := mustParse(t, d, "d6e6")
	assert.Equal(t, "6-.5", d.WXF(m))
	assert.Equal(t, "後六平五", d.Chinese(m))
	assert.Equal(t, "B26-5", d.Vietnamese(m))
	m = mustParse(t, d, "f6f7")
	assert.Equal(t, "4++1", d.WXF(m))
	assert.Equal(t, "前四進一", d.Chinese(m))
}

func TestGeneralNotation(t *testing.T) {
	p := Start()
	m := mustParse(t, p, "e0e1")
	assert.Equal(t, "K5+1", p.WXF(m))
	assert.Equal(t, "帥五進一", p.Chinese(m))
	assert.Equal(t, "TG5.1", p.Vietnamese(m))
	assert.Equal(t, m, mustParse(t, p, "K5+1"))
}

// FuzzParseMove: ParseMove never panics, and what it accepts is legal and prints back to a
// text that parses to the same move.
func FuzzParseMove(f *testing.F) {
	uci := func(_ *Position, m Move) string { return m.UCI() }
	iccs := func(_ *Position, m Move) string { return m.ICCS() }
	fuzzMoveText(f, []string{"h2e2", "H2-E2", "C2.5", "C2=5", "+R.3", "R+.3", "15=6", "P3.4", "++.4", "P+.4", "--+1", "3+.4", "33.4", "H8+7", "e0e1", "", "zz", "K5+1", "a9a0"},
		(*Position).ParseMove, []moveText{
			{uci, (*Position).ParseMove},
			{iccs, (*Position).ParseMove},
			{(*Position).WXF, (*Position).ParseMove},
			{(*Position).Chinese, (*Position).ParseMove},
			{(*Position).Vietnamese, (*Position).ParseVietnamese},
		})
}

// TestWXFTandemSoldiers follows the WXF notation page (wxf.org, "Official Xiangqi piece names
// and notation", special cases for tandem pawns (I)-(IV)): its examples are soldiers on the
// 3rd file traversing to the 4th. Every form reads as the soldier the page names, WXF()
// writes it, and the order+file form (XQ21) still reads.
func TestWXFTandemSoldiers(t *testing.T) {
	cases := []struct {
		name, fen string
		wxf, uci  []string
	}{
		{"(I) three on a file", "3k5/6P2/6P2/6P2/9/9/9/9/9/4K4 w - - 0 1",
			[]string{"P+.4", "P3.4", "P-.4"}, []string{"g8f8", "g7f7", "g6f6"}},
		{"(II) five on a file", "3k2P2/6P2/6P2/6P2/6P2/9/9/9/9/4K4 w - - 0 1",
			[]string{"++.4", "P+.4", "P3.4", "P-.4", "--.4"}, []string{"g9f9", "g8f8", "g7f7", "g6f6", "g5f5"}},
		{"(III) four on a file", "3k2P2/6P2/6P2/6P2/9/9/9/9/9/4K4 w - - 0 1",
			[]string{"++.4", "P+.4", "P-.4", "--.4"}, []string{"g9f9", "g8f8", "g7f7", "g6f6"}},
		// (IV) three on the 3rd file, two on the 7th. The middle one's "33.4" would also be
		// the order+file form's third soldier (g6f6, legal too), so it is written P3.4.
		{"(IV) doubled on two files", "3k5/6P2/2P3P2/2P3P2/9/9/9/9/9/4K4 w - - 0 1",
			[]string{"3+.4", "P3.4", "3-.4", "7+.6", "7-.6"}, []string{"g8f8", "g7f7", "g6f6", "c7d7", "c6d6"}},
	}
	for _, c := range cases {
		p := mustFEN(t, c.fen)
		for i, w := range c.wxf {
			m, err := p.ParseMove(w)
			if assert.NoError(t, err, "%s: %s", c.name, w) {
				assert.Equal(t, c.uci[i], m.UCI(), "%s: %s", c.name, w)
			}
			// The page writes '=' and '.' alike; "R+" and "+R" are both read.
			m2, err := p.ParseMove(strings.Replace(w, ".", "=", 1))
			require.NoError(t, err)
			assert.Equal(t, m, m2)
			assert.Equal(t, w, p.WXF(mustParse(t, p, c.uci[i])), "%s: %s", c.name, c.uci[i])
			// The order+file form: the i-th soldier on its file.
			if c.name != "(IV) doubled on two files" {
				assert.Equal(t, c.uci[i], mustParse(t, p, fmt.Sprintf("%d3.4", i+1)).UCI(), "%s: order %d", c.name, i+1)
			}
		}
	}
	// Refusals instead of a silent pick.
	four := mustFEN(t, "3k2P2/6P2/6P2/6P2/9/9/9/9/9/4K4 w - - 0 1")
	_, err := four.ParseMove("P3.4")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "none is in the middle")
	three := mustFEN(t, "3k5/6P2/6P2/6P2/9/9/9/9/9/4K4 w - - 0 1")
	_, err = three.ParseMove("++.4")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "no file holds four red soldiers")
	two := mustFEN(t, "3k5/6P2/2P3P2/2P3P2/9/9/9/9/9/4K4 w - - 0 1")
	_, err = two.ParseMove("33.4") // WXF's middle soldier or the third soldier? both can go
	require.Error(t, err)
	assert.Contains(t, err.Error(), "ambiguous: it could be g6f6 or g7f7")
	// P+ names the front soldier of either doubled file: read when only one of them can
	// make the move, refused when both can.
	assert.Equal(t, "g8f8", mustParse(t, two, "P+.4").UCI())
	_, err = two.ParseMove("P++1")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "ambiguous: it could be c7c8 or g8g9")
	// "33" reads as WXF's middle soldier where the third cannot make the move (it has not
	// crossed the river, so cannot go sideways).
	river := mustFEN(t, "3k5/6P2/2P3P2/2P6/9/6P2/9/9/9/4K4 w - - 0 1")
	assert.Equal(t, "g7f7", mustParse(t, river, "33.4").UCI())
	assert.Equal(t, "33.4", river.WXF(mustParse(t, river, "g7f7")))
	// Chinese and Vietnamese keep their own forms: 前兵 is the front soldier of four.
	assert.Equal(t, "g9f9", mustParse(t, four, "一兵平四").UCI())
	assert.Equal(t, "g8f8", mustParse(t, four, "二兵平四").UCI())
}

// TestWXFDoubledFilesOutOfRange: "44.5" with three soldiers doubled on the 4th file reads as
// WXF's middle soldier (there is no fourth), and never panics.
func TestWXFDoubledFilesOutOfRange(t *testing.T) {
	p := mustFEN(t, "3k5/5P3/2P2P3/2P2P3/9/9/9/9/9/4K4 w - - 0 1")
	assert.Equal(t, "f7e7", mustParse(t, p, "44.5").UCI())
	assert.Equal(t, "44.5", p.WXF(mustParse(t, p, "f7e7")))
}
