package xiangqi_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cotuong-ai/cotuong/conformance"
	"github.com/cotuong-ai/cotuong/games/xiangqi"
	"github.com/cotuong-ai/cotuong/internal/testkit/reference"
)

// TestConformance runs the shared game-plugin suite on xiangqi. Every label comes from outside
// this package: the project's reference rule cases and perft rows (internal/testkit/reference, drawn
// from other xiangqi projects and the WXF/AXF rules), the package's rules (doc.go), and
// Fairy-Stockfish 11.1 (UCI_Variant xiangqi), which confirmed each mate ("score mate N", the
// first move unique under MultiPV) and each move count ("go perft 1"). Fairy-Stockfish writes
// ranks 1..10; the moves below are in this project's UCI form, ranks 0..9.
func TestConformance(t *testing.T) {
	perft, err := reference.Perft("xiangqi", 200_000)
	require.NoError(t, err)
	var rows []conformance.PerftCase
	for _, r := range perft {
		rows = append(rows, conformance.PerftCase{Name: r.Name, Text: r.FEN, Depth: r.Depth, Nodes: r.Nodes})
	}
	rule := func(id string) []string {
		c, err := reference.RuleCaseByID(id)
		require.NoError(t, err)
		return c.FENs
	}
	var positions []string
	for _, id := range []string{"XQ01", "XQ02", "XQ05", "XQ06", "XQ08", "XQ09", "XQ10", "XQ18"} {
		positions = append(positions, rule(id)...)
	}
	positions = append(positions,
		// XQ17: the engine case that must evaluate as a draw, not a mate.
		"3aka3/4n4/9/9/9/9/9/7C1/7r1/3AK4 w - - 0 1")

	conformance.Run(t, conformance.Game[xiangqi.Position, *xiangqi.Position, xiangqi.Move]{
		Name:           "xiangqi",
		Parse:          xiangqi.ParseFEN,
		Format:         (*xiangqi.Position).FEN,
		FormatMove:     xiangqi.Move.UCI,
		Equal:          xiangqi.SameButChecks, // the FEN does not hold the checks for the move limit
		Start:          xiangqi.StartFEN,
		StalemateLoses: true, // WXF/AXF rules: the side with no legal move loses (XQ12)
		Perft:          rows,
		Checkmated:     rule("XQ13"), // XQ13: five checkmates
		Stalemated:     rule("XQ12"), // XQ12: two stalemates, each a loss for the side to move
		InCheck: []string{
			// Perft row t3: the e2 cannon checks through the e4 horse; three evasions
			// (Fairy-Stockfish: Checkers e3, perft 1 = 3).
			"4k4/9/7c1/9/r8/4N4/9/4C4/9/3K5 b - - 0 1",
		},
		MateIn: []conformance.MateCase{
			{
				// A rook lift to the back rank with the other chariot on rank 8 and the
				// generals on open files (WXF rules: the flying general): a checkmate.
				Text: "4k4/8R/9/9/9/9/9/9/9/R2K5 w - - 0 1", Moves: 1, Check: true,
				Source: "chariot mate with the flying general",
			},
			{
				// Perft row t2: the chariot mates on the back rank (Fairy-Stockfish depth 16:
				// score mate 1 i1i9; the next best is mate 2).
				Text: "3k5/9/9/9/9/9/9/9/9/4K3R w - - 0 1", Moves: 1, First: "i0i8",
				Source: "perft row t2_king_may_not_face_king",
			},
			{
				// The textbook horse-behind-cannon mate (马后炮): the e7 horse screens the
				// cannon and guards d9 and f9 (Fairy-Stockfish: mate 1 f1e1 unique, MultiPV 4).
				Text: "4k4/9/4N4/9/9/9/9/9/9/3K1C3 w - - 0 1", Moves: 1, First: "f0e0",
				Source: "horse-behind-cannon pattern",
			},
			{
				// Perft row px0_pos6 (Fairy-Stockfish depth 16: score mate 2, c10d8; the
				// second line scores cp 107).
				Text: "R1N1k1b2/9/3aba3/9/2nr5/2B6/9/4B4/4A4/4KA3 w - - 0 1", Moves: 2, First: "c9d7",
				Source: "perft row px0_pos6",
			},
			{
				// Perft row t1_flying_general_pinned_horse (Fairy-Stockfish depth 25 and
				// "go mate 3": score mate 3, a1a9; the next best is mate 4 a1a10, which
				// Fairy-Stockfish prefers at depth 16 before it finds the shorter mate).
				Text: "3ak4/9/9/9/9/4N4/9/9/9/R3K4 w - - 0 1", Moves: 3, First: "a0a8",
				Source: "perft row t1_flying_general_pinned_horse",
			},
			{
				// The same position after a0a9 e9e8 (Fairy-Stockfish depth 25: score mate 3
				// a10d10; the next best is mate 4).
				Text: "R2a5/4k4/9/9/9/4N4/9/9/9/4K4 w - - 2 2", Moves: 3, First: "a9d9",
				Source: "perft row t1 after a0a9 e9e8",
			},
		},
		SingleMove: []conformance.SingleMoveCase{
			// Constructed: the e5 chariot checks; d9 is covered by the d0 chariot and f9 by
			// the flying general, so only the advisor block f9e8 is legal (Fairy-Stockfish:
			// perft 1 = 1, f10e9).
			{Text: "4ka3/9/9/9/4R4/9/9/9/9/3R1K3 b - - 0 1", Move: "f9e8"},
		},
		DrawnByRule: []string{
			// No piece that can cross the river: nobody can mate (Fairy-Stockfish: cp 0).
			"4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1",
			"3aka3/9/4b4/9/9/9/9/4B4/9/3AKA3 w - - 0 1",
			// The move limit (DefaultMoveLimit): 60 moves each (120 plies) without a capture.
			"3ak4/9/9/9/9/4N4/9/9/9/R3K4 w - - 120 61",
		},
		NotDrawn: []string{
			"3ak4/9/9/9/9/4N4/9/9/9/R3K4 w - - 119 60", // one ply short of the limit
		},
		Positions: positions,
		// Static exchanges worked out by hand from the WXF movement rules, with the values
		// soldier 100, horse 400, chariot 900 (the values SEE uses).
		SEE: []conformance.SEECase{
			{Name: "undefended soldier", Text: "3k5/9/9/9/p8/9/9/9/9/R3K4 w - - 0 1", Move: "a0a5", Value: 100},
			{Name: "a cannon recaptures over a screen", Text: "c2k5/9/n8/9/p8/9/9/9/9/R3K4 w - - 0 1", Move: "a0a5", Value: 100 - 900},
			{Name: "the capturing chariot was the cannon's only screen", Text: "c2k5/9/R8/9/p8/9/9/9/9/4K4 w - - 0 1", Move: "a7a5", Value: 100},
			{Name: "a horse recaptures, its leg free", Text: "3k5/9/1n7/9/2p6/9/9/9/9/2R1K4 w - - 0 1", Move: "c0c5", Value: 100 - 900},
			{Name: "the horse's leg is blocked", Text: "3k5/9/1n7/1n7/2p6/9/9/9/9/2R1K4 w - - 0 1", Move: "c0c5", Value: 100},
			{Name: "an elephant recaptures, its eye free", Text: "3k5/9/4b4/9/2p6/9/9/9/9/2R1K4 w - - 0 1", Move: "c0c5", Value: 100 - 900},
			{Name: "the elephant's eye is blocked", Text: "3k5/9/4b4/3n5/2p6/9/9/9/9/2R1K4 w - - 0 1", Move: "c0c5", Value: 100},
			{Name: "doubled chariots win the soldier", Text: "r2k5/9/9/9/p8/9/9/9/R8/R3K4 w - - 0 1", Move: "a1a5", Value: 100},
			{Name: "a quiet move to an attacked point", Text: "3k5/9/1n7/9/9/9/9/9/9/2R1K4 w - - 0 1", Move: "c0c5", Value: -900},
			{Name: "a quiet move to a safe point", Text: "3k5/9/9/9/9/9/9/9/9/2R1K4 w - - 0 1", Move: "c0c5", Value: 0},
		},
		// Passing hands the move to the other side and counts a ply on the move-limit clock.
		NullMoves: []conformance.NullMoveCase{
			{Text: xiangqi.StartFEN, Want: "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 1 1"},
			{Text: "3k5/9/9/9/9/9/9/9/4A4/4K4 b - - 10 30", Want: "3k5/9/9/9/9/9/9/9/4A4/4K4 w - - 11 31"},
			{Text: "r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1CN3NC1/9/R1BAKAB1R w - - 4 3",
				Want: "r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1CN3NC1/9/R1BAKAB1R b - - 5 3"},
		},
		// Material other than the general, advisors, elephants and soldiers: chariots,
		// horses, cannons.
		NonPawnMaterial: []conformance.MaterialCase{
			{Text: xiangqi.StartFEN, Has: true},
			{Text: "3ak4/4a4/4b4/9/9/9/4P4/9/4A4/3K5 w - - 0 1", Has: false}, // general, advisor, soldier
			{Text: "3ak4/4a4/4b4/9/9/9/4P4/9/4A4/3K5 b - - 0 1", Has: false},
			{Text: "3ak4/4a4/4b4/9/9/9/4P4/9/4C4/3K5 w - - 0 1", Has: true}, // a cannon
			{Text: "3akr3/4a4/9/9/9/9/9/9/9/3K5 b - - 0 1", Has: true},      // a chariot
			{Text: "3ak4/4a4/9/9/9/9/9/9/5n3/3K5 w - - 0 1", Has: false},    // only Black has a horse
		},
		Searcher: xiangqi.NewSearcher,
		// The moving piece and its destination: two moves may share a continuation-history
		// key (PieceTo) only when both are the same.
		MovedTo: func(p *xiangqi.Position, m xiangqi.Move) string {
			return p.PieceAt(m.From()).String() + "@" + m.To().String()
		},
	})
}
