package chess

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// checkFENs are positions where checks come in every way: discovered, double, by castling
// (the rook), by en passant (the pawn, or the line the captured pawn opens) and by promotion.
// The first four are the Chess Programming Wiki's perft positions 2 to 5; the others are
// Martin Sedlak's perft positions for those special cases (TalkChess).
var checkFENs = []string{
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
	"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
	"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
	"8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1",       // en passant gives check
	"5k2/8/8/8/8/8/8/4K2R w K - 0 1",            // short castling gives check
	"3k4/8/8/8/8/8/8/R3K3 w Q - 0 1",            // long castling gives check
	"8/8/8/Q2pP2k/8/8/8/4K3 w - d6 0 1",         // en passant opens the queen's rank
	"4k3/1P6/8/8/8/8/K7/8 w - - 0 1",            // promotion gives check
	"2K2r2/4P3/8/8/8/8/8/3k4 w - - 0 1",         // capture-promotion
	"8/8/2k5/5q2/5n2/8/5K2/8 b - - 0 1",         // discovered check by a knight
	"1k6/1b6/8/8/7R/8/8/4K2R b K - 0 1",         // a bishop's check on the long diagonal
	"4k3/8/8/4N3/8/8/8/4R1K1 w - - 0 1",         // the knight uncovers the rook: discovered
	"r3k2r/1b4bq/8/8/8/8/7B/R3K2R w KQkq - 0 1", // castling rights and checks on both wings
}

// TestGivesCheckPerftStart counts the leaf moves that give check in perft trees of the start
// position: the Chess Programming Wiki's "Perft Results" table gives 12 checks at depth 3,
// 469 at depth 4 and 27,351 at depth 5. GivesCheck answers each move unmade; InCheck after
// the move made must agree.
func TestGivesCheckPerftStart(t *testing.T) {
	want := map[int]uint64{1: 0, 2: 0, 3: 12, 4: 469, 5: 27351}
	depths := []int{1, 2, 3, 4, 5}
	if testing.Short() {
		depths = depths[:4]
	}
	for _, d := range depths {
		start := Start()
		require.Equal(t, want[d], perftChecks(t, &start, d), "checks at depth %d", d)
	}
}

// perftChecks returns how many moves of the last ply of a perft tree of depth d give check,
// asserting at each that GivesCheck agrees with InCheck after the move.
func perftChecks(t *testing.T, p *Position, d int) uint64 {
	var buf [maxMovesPerPly]Move
	var n uint64
	for _, m := range p.LegalMoves(buf[:0]) {
		var c Position
		p.After(m, &c)
		if d == 1 {
			gc := p.GivesCheck(m)
			if gc != c.InCheck() {
				t.Fatalf("%s %s: GivesCheck %v, InCheck after %v", p.FEN(), m.UCI(), gc, !gc)
			}
			if gc {
				n++
			}
			continue
		}
		n += perftChecks(t, &c, d-1)
	}
	return n
}

// TestQuietChecksAgree: on the special positions and along seeded random playouts, GivesCheck
// agrees with making the move and asking InCheck, and QuietChecks is exactly the moves of
// QuietMoves that give check, in QuietMoves' order.
func TestQuietChecksAgree(t *testing.T) {
	check := func(p *Position) {
		for _, m := range p.LegalMoves(nil) {
			c := p.Play(m)
			require.Equal(t, c.InCheck(), p.GivesCheck(m), "%s %s", p.FEN(), m.UCI())
		}
		var want []Move
		for _, m := range p.QuietMoves(nil) {
			if c := p.Play(m); c.InCheck() {
				want = append(want, m)
			}
		}
		got := p.QuietChecks(make([]Move, 0, 4))
		if len(want) == 0 {
			require.Empty(t, got, p.FEN())
			return
		}
		require.Equal(t, want, got, p.FEN())
	}
	for _, fen := range checkFENs {
		p := mustFEN(t, fen)
		check(&p)
	}
	positions := 0
	for seed := uint64(1); seed <= 60; seed++ {
		randomPlayout(Start(), seed, 160, func(p *Position, m Move) {
			positions++
			check(p)
		})
	}
	t.Logf("%d playout positions", positions)
}

// TestStockfishGivesCheck compares GivesCheck with Stockfish 15.1: for every legal move of
// the special positions and of positions from seeded random playouts, Stockfish's "d" after
// "position fen F moves m" lists the checkers of the side to move; the move gives check
// exactly when that list is not empty.
func TestStockfishGivesCheck(t *testing.T) {
	e := startEngine(t, findStockfish(t))
	fens := append([]string(nil), checkFENs...)
	for seed := uint64(200); seed < 212; seed++ {
		randomPlayout(Start(), seed, 100, func(p *Position, m Move) {
			if p.fullmove%7 == 0 {
				fens = append(fens, p.FEN())
			}
		})
	}
	moves, checks := 0, 0
	for _, fen := range fens {
		p := mustFEN(t, fen)
		for _, m := range p.LegalMoves(nil) {
			e.send("position fen " + fen + " moves " + m.UCI())
			e.send("d")
			lines := e.until(t, "Checkers:")
			sf := strings.TrimSpace(strings.TrimPrefix(lines[len(lines)-1], "Checkers:")) != ""
			require.Equal(t, sf, p.GivesCheck(m), "%s %s: Stockfish says check %v", fen, m.UCI(), sf)
			moves++
			if sf {
				checks++
			}
		}
	}
	t.Logf("%d moves of %d positions, %d checks, agree with Stockfish", moves, len(fens), checks)
}
