package chess_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/cotuong-ai/cotuong/conformance"
	"github.com/cotuong-ai/cotuong/games/chess"
	"github.com/cotuong-ai/cotuong/internal/testkit/reference"
)

// TestConformance runs the shared game-plugin suite on chess. Every label comes from outside
// this package: the project's reference rule cases (internal/testkit/reference, drawn from public bug
// reports and the FIDE Laws), published games and problems, and Stockfish 15.1, which confirmed
// each mate ("score mate N") and each move count ("go perft 1").
func TestConformance(t *testing.T) {
	perft, err := reference.Perft("chess", 200_000)
	require.NoError(t, err)
	var rows []conformance.PerftCase
	for _, r := range perft {
		rows = append(rows, conformance.PerftCase{Name: r.Name, Text: r.FEN, Depth: r.Depth, Nodes: r.Nodes})
	}
	ch08 := ruleFEN(t, "CH08", 0)
	ch09 := ruleFEN(t, "CH09", 0)
	en04 := ruleFEN(t, "EN04", 0)
	ch10 := ruleFEN(t, "CH10", 0)
	ch11 := ruleFEN(t, "CH11", 0)
	ch04 := ruleFEN(t, "CH04", 0)
	ch07 := ruleFEN(t, "CH07", 0)

	conformance.Run(t, conformance.Game[chess.Position, *chess.Position, chess.Move]{
		Name:           "chess",
		Parse:          chess.ParseFEN,
		Format:         (*chess.Position).FEN,
		FormatMove:     chess.Move.UCI,
		Start:          chess.StartFEN,
		StalemateLoses: false, // FIDE Laws 5.2.1: stalemate ends the game as a draw
		Perft:          rows,
		Checkmated: []string{
			ch08, // CH08: checkmate present in the loaded FEN
			// EN01 / fool's mate: 1.f3 e5 2.g4 Qh4# (Stockfish: Checkers h4, perft 1 = 0).
			"rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
			// CH10 after g3h3: mate on the 100th half-move stands (FIDE 9.3 and 5.1.1).
			"8/8/2p5/3b1K1k/4p3/4Pp1R/5P2/8 b - - 100 113",
		},
		Stalemated: []string{ch09}, // CH09: stalemate, a draw
		InCheck: []string{
			ch04, // CH04: Qa5 checks the king on e1 (perft 1 = 10)
			ch07, // CH07: Nf8 checks Kd7; the capture-promotions evade (perft 1 = 10)
			// CH02 second position after h7h5: the h5 pawn checks Kg4 (Stockfish: 2 moves).
			"4r1k1/8/p3pQp1/3p2Pp/1p1P1RK1/2P5/7q/8 w - h6 0 2",
		},
		MateIn: []conformance.MateCase{
			{
				// The back-rank mate Ra8# (FIDE Laws art. 5.1.1): a checkmate.
				Text: "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", Moves: 1, Check: true,
				Source: "back-rank mate",
			},
			{Text: en04, Moves: 1, First: "f5f1", Source: "EN04: shortest mate first"},
			{Text: ch10, Moves: 1, First: "g3h3", Source: "CH10: mate on the 100th half-move beats the 50-move rule"},
			{
				// Morphy vs the Duke of Brunswick and Count Isouard, Paris 1858 ("the Opera
				// game"), after 15...Nxd7: 16.Qb8+ Nxb8 17.Rd8#. Stockfish 15.1 depth 15:
				// score mate 2, the only mate (MultiPV 3).
				Text: "4kb1r/p2n1ppp/4q3/4p1B1/4P3/1Q6/PPP2PPP/2KR4 w k - 1 16", Moves: 2, First: "b3b8",
				Source: "Morphy, Opera game 1858",
			},
			{
				// Paul Morphy's problem: 1.Ra6! bxa6 2.b7#. Stockfish 15.1 "go mate 2": score
				// mate 2, bestmove a1a6 (with "go depth 15" it misses the quiet sacrifice until
				// depth 35, a known engine blind spot).
				Text: "kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1", Moves: 2, First: "a1a6",
				Source: "Morphy's problem",
			},
			{
				// Anderssen vs Kieseritzky, London 1851 ("the Immortal game"), after 20...Na6:
				// 21.Nxg7+ Kd8 22.Qf6+ Nxf6 23.Be7#. Stockfish 15.1 depth 15: score mate 3, the
				// only mate (MultiPV 3).
				Text: "r1b1k1nr/p2p1ppp/n2B4/1p1NPN1P/6P1/3P1Q2/P1P1K3/q5b1 w kq - 2 21", Moves: 3, First: "f5g7",
				Source: "Anderssen, Immortal game 1851",
			},
		},
		SingleMove: []conformance.SingleMoveCase{
			// Constructed: the black king is boxed in by Rg1 and the h-pawns; only b3b2 is
			// legal (Stockfish 15.1 perft 1 = 1).
			{Text: "7k/7p/7P/8/8/1p6/8/K5R1 b - - 0 1", Move: "b3b2"},
		},
		DrawnByRule: []string{
			// CH11 with the half-move clock at 100: the 50-move rule (FIDE 9.3; Stockfish
			// scores it cp 0).
			"8/8/8/8/4k3/8/3K2p1/5r2 w - - 100 119",
			// CH15: insufficient material (FIDE 5.2.2 dead positions).
			ruleFEN(t, "CH15", 0), ruleFEN(t, "CH15", 1), ruleFEN(t, "CH15", 2),
		},
		NotDrawn: []string{
			ch11,                  // CH11: half-move clock 50 is 25 moves each, not a draw yet
			ruleFEN(t, "CH15", 3), // CH15: opposite-coloured bishops can still mate
			ch10,                  // CH10 before the mate: clock 99
		},
		Positions: []string{
			ruleFEN(t, "CH01", 0), ruleFEN(t, "CH02", 0), ruleFEN(t, "CH02", 1), ruleFEN(t, "CH06", 0),
		},
		// Static exchanges worked out by hand (the first after the Chess Programming Wiki's SEE
		// example), with pawn 100, rook 500, queen 950 (the values SEE uses).
		SEE: []conformance.SEECase{
			{Name: "undefended pawn", Text: "1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1", Move: "e1e5", Value: 100},
			{Name: "queen takes a defended pawn", Text: "4k3/8/3p4/4p3/8/8/8/4Q1K1 w - - 0 1", Move: "e1e5", Value: 100 - 950},
			{Name: "doubled rooks: the x-ray wins the pawn", Text: "4r1k1/8/8/4p3/8/8/4R3/4R1K1 w - - 0 1", Move: "e2e5", Value: 100},
			{Name: "a single rook against a defended pawn", Text: "4r1k1/8/8/4p3/8/8/8/4R1K1 w - - 0 1", Move: "e1e5", Value: 100 - 500},
			{Name: "en passant", Text: "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", Move: "e5d6", Value: 100},
			{Name: "a quiet rook move to a pawn-attacked square", Text: "k7/8/3p4/8/8/8/8/4RK2 w - - 0 1", Move: "e1e5", Value: -500},
		},
		// Passing hands the move to the other side, forfeits an en passant capture and
		// advances the clocks (FEN fields 5 and 6).
		NullMoves: []conformance.NullMoveCase{
			{Text: chess.StartFEN, Want: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 1 1"},
			// After 1.e4 d5 2.e5 f5: en passant on f6 is legal for White; the pass forfeits it.
			{Text: "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
				Want: "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR b KQkq - 1 3"},
			{Text: "r3k2r/8/8/8/8/8/8/R3K2R b Kq - 7 40", Want: "r3k2r/8/8/8/8/8/8/R3K2R w Kq - 8 41"},
		},
		NonPawnMaterial: []conformance.MaterialCase{
			{Text: chess.StartFEN, Has: true},
			{Text: "4k3/pppp4/8/8/8/8/4PPPP/4K3 w - - 0 1", Has: false},
			{Text: "4k3/pppp4/8/8/8/8/4PPPP/4KN2 b - - 0 1", Has: false}, // Black to move has king and pawns
			{Text: "4k3/pppp4/8/8/8/8/4PPPP/4KN2 w - - 0 1", Has: true},
			{Text: "4kq2/8/8/8/8/8/8/4K3 b - - 0 1", Has: true},
		},
		Searcher: chess.NewSearcher,
		// The moving piece and its destination: two moves may share a continuation-history
		// key (PieceTo) only when both are the same.
		MovedTo: func(p *chess.Position, m chess.Move) string {
			return p.PieceAt(m.From()).String() + "@" + m.To().String()
		},
	})
}

// ruleFEN returns the i-th FEN of the reference rule case id.
func ruleFEN(t *testing.T, id string, i int) string {
	t.Helper()
	c, err := reference.RuleCaseByID(id)
	require.NoError(t, err)
	require.Greater(t, len(c.FENs), i, "rule case %s has %d FENs", id, len(c.FENs))
	return c.FENs[i]
}
