package chess

import (
	"strings"
	"testing"
)

func FuzzParseFEN(f *testing.F) {
	for _, s := range []string{
		StartFEN,
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"8/8/8/r2Pp2K/8/8/4k3/8 w - e6 0 1",
		"r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1", "r3k2r/8/8/8/8/8/8/R3K1R1 w Gh - 0 1",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e",
		"rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		"8/2K5/8/8/2K1NB2/8/8/8 w - - 96 46",
		"", "/", "8/8/8/8/8/8/8/8 w", "k7/8/8/8/8/8/8/7K b - - 65535 65535",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParseFEN(s)
		if err != nil {
			if p != (Position{}) {
				t.Fatalf("error %v with a non-zero position", err)
			}
			return
		}
		fen := p.FEN()
		q, err := ParseFEN(fen)
		if err != nil {
			t.Fatalf("FEN %q of %q does not parse: %v", fen, s, err)
		}
		if q != p || q.FEN() != fen {
			t.Fatalf("round trip of %q: %q then %q", s, fen, q.FEN())
		}
		if q.Hash() != q.computeHash() {
			t.Fatalf("hash of %q", fen)
		}
		// The position must be usable: generate and play every move.
		for _, m := range p.LegalMoves(nil) {
			c := p.Play(m)
			_ = c.FEN()
			_ = p.SAN(m)
		}
		_ = p.Evaluate()
	})
}

var fuzzPositions = []string{
	StartFEN,
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1",
	"8/8/8/1k6/3Pp3/8/8/4KQ2 b - d3 0 1",
	"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
}

// fuzzMove checks ParseMove on any text: no panic, and an accepted move is legal and reads back
// from its UCI and SAN forms.
func fuzzMove(t *testing.T, idx uint8, s string) {
	p := mustFEN(t, fuzzPositions[int(idx)%len(fuzzPositions)])
	m, err := p.ParseMove(s)
	if err != nil {
		if m != NoMove {
			t.Fatalf("error %v with move %v", err, m)
		}
		if !strings.HasPrefix(err.Error(), "chess: move ") {
			t.Fatalf("error without context: %v", err)
		}
		return
	}
	if !p.IsLegal(m) {
		t.Fatalf("%q parsed to illegal %v", s, m)
	}
	for _, form := range []string{m.UCI(), p.SAN(m)} {
		if got, err := p.ParseMove(form); err != nil || got != m {
			t.Fatalf("%q -> %v -> %q -> %v, %v", s, m, form, got, err)
		}
	}
}

func FuzzParseMoveUCI(f *testing.F) {
	for _, s := range []string{"e2e4", "e7e8q", "a7b8n", "e1g1", "e1h1", "e4d3", "0000", "e2e9", "h7h8k", "a1a1"} {
		f.Add(uint8(0), s)
		f.Add(uint8(2), s)
	}
	f.Fuzz(fuzzMove)
}

func FuzzParseMoveSAN(f *testing.F) {
	for _, s := range []string{"e4", "Nf3", "exd3", "O-O", "0-0-0", "a8=Q+", "axb8=N", "Qxa3", "Nbd7", "R1a3", "Qh4e1", "e8Q", "Kxe8#", "!!", "=", "x"} {
		f.Add(uint8(1), s)
		f.Add(uint8(4), s)
	}
	f.Fuzz(fuzzMove)
}

func FuzzReadPGN(f *testing.F) {
	f.Add("[Event \"x\"]\n\n1. e4 e5 2. Nf3 {c} (2. f4 $1 exf4) Nc6 *\n")
	f.Add("1.f3 e5 2.g4 Qh4# 0-1")
	f.Add("[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"]\n1. Kd2 ; x\n% esc\n1/2-1/2")
	f.Add("[Event \"\\\"q\\\\\"]\n{unterminated")
	f.Add("((((")
	f.Add("{pre} [FEN \"2b1k3/p7/8/1P6/8/8/8/4K3 b - - 0 17\"]\n\n17... a5 18. bxa6 e.p. Bd7 *")
	f.Add("1. e4 Nc6 2. e5 f5 3.exf6ep Nxf6 *")
	f.Add("1. e4 Nc6 2. e5 f5 3.exf6e.p.+ *")
	f.Fuzz(func(t *testing.T, s string) {
		games, err := ReadPGN(strings.NewReader(s))
		_ = err
		for _, g := range games {
			var b strings.Builder
			if err := WritePGN(&b, g); err != nil {
				t.Fatalf("write: %v", err)
			}
			again, err := ReadPGN(strings.NewReader(b.String()))
			if err != nil || len(again) != 1 || again[0].Game.String() != g.Game.String() {
				t.Fatalf("written game does not read back: %v\n%s", err, b.String())
			}
		}
	})
}
