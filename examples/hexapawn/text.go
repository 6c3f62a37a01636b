package main

import (
	"fmt"
	"strings"
)

// StartFEN is the start position: Black's pawns on rank 3, White's on rank 1, White to move.
const StartFEN = "ppp/3/PPP w"

// String writes a move in UCI coordinates: "a1a2", "b2c3".
func (m Move) String() string { return square(m.from()) + square(m.to()) }

func square(sq int) string { return string(rune('a'+sq%3)) + string(rune('1'+sq/3)) }

// ParseFEN reads a position in a FEN-like form: the ranks from 3 down to 1 separated by "/",
// each cell a P (White), a p (Black) or a digit counting empty cells, then "w" or "b" for the
// side to move. The error names what was wrong.
func ParseFEN(s string) (Position, error) {
	var p Position
	f := strings.Fields(s)
	if len(f) != 2 {
		return p, fmt.Errorf("hexapawn FEN %q: want the board and the side to move", s)
	}
	ranks := strings.Split(f[0], "/")
	if len(ranks) != 3 {
		return p, fmt.Errorf("hexapawn FEN %q: want 3 ranks, got %d", s, len(ranks))
	}
	for i, r := range ranks {
		file := 0
		for _, c := range r {
			switch {
			case c >= '1' && c <= '3':
				file += int(c - '0')
			case (c == 'P' || c == 'p') && file < 3:
				side := 0
				if c == 'p' {
					side = 1
				}
				p.Pawns[side] |= 1 << (file + 3*(2-i))
				file++
			default:
				return p, fmt.Errorf("hexapawn FEN %q: rank %d: bad cell %q", s, 3-i, c)
			}
		}
		if file != 3 {
			return p, fmt.Errorf("hexapawn FEN %q: rank %d has %d cells, want 3", s, 3-i, file)
		}
	}
	switch f[1] {
	case "w":
	case "b":
		p.Black = true
	default:
		return p, fmt.Errorf("hexapawn FEN %q: side to move %q, want w or b", s, f[1])
	}
	return p, nil
}

// FEN writes p in the form ParseFEN reads.
func (p *Position) FEN() string {
	var b strings.Builder
	for rank := 2; rank >= 0; rank-- {
		empty := 0
		for file := range 3 {
			sq := file + 3*rank
			c := byte(0)
			switch {
			case p.Pawns[0]&(1<<sq) != 0:
				c = 'P'
			case p.Pawns[1]&(1<<sq) != 0:
				c = 'p'
			}
			if c == 0 {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteByte(byte('0' + empty))
				empty = 0
			}
			b.WriteByte(c)
		}
		if empty > 0 {
			b.WriteByte(byte('0' + empty))
		}
		if rank > 0 {
			b.WriteByte('/')
		}
	}
	if p.Black {
		b.WriteString(" b")
	} else {
		b.WriteString(" w")
	}
	return b.String()
}

// ParseMove reads a legal move of p in UCI coordinates; the error names the move.
func (p *Position) ParseMove(s string) (Move, error) {
	var buf [6]Move
	for _, m := range p.LegalMoves(buf[:0]) {
		if m.String() == s {
			return m, nil
		}
	}
	return 0, fmt.Errorf("hexapawn: %q is not a legal move in %s", s, p.FEN())
}
