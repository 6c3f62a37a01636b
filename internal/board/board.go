package board

import (
	"fmt"
	"strings"

	"github.com/cotuong-ai/cotuong/engine"
)

// Labels chooses how pieces are written.
type Labels string

// The label styles. Chinese is the xiangqi default (帥 俥 ... / 將 車 ...); Vietnamese writes
// TG S T M X P B (upper case for Red, lower case for Black); Letters writes FEN letters. For
// chess, Letters writes FEN letters and every other style the Unicode chess symbols.
const (
	Chinese    Labels = "chinese"
	Vietnamese Labels = "vietnamese"
	Letters    Labels = "letters"
)

// ParseLabels returns the style named s.
func ParseLabels(s string) (Labels, error) {
	switch l := Labels(strings.ToLower(strings.TrimSpace(s))); l {
	case Chinese, Vietnamese, Letters:
		return l, nil
	}
	return "", fmt.Errorf("unknown labels %q (want chinese, vietnamese or letters)", s)
}

// Style says how to draw.
type Style struct {
	Labels Labels
	Color  bool // ANSI colours (a tinted board, red/black or white/black pieces)
	Flip   bool // draw from the second player's side (Black at the bottom)
	// LastMove, in UCI coordinates, is highlighted when Color is set ("" for none).
	LastMove string
	// PrevMove, the move before LastMove, is highlighted more faintly when Color is set (""
	// for none), so that a board drawn once after a move and its reply shows both; a square
	// of both moves takes LastMove's tint.
	PrevMove string
}

const (
	reset     = "\x1b[0m"
	xqBoard   = "\x1b[48;5;223m" // light wood
	xqLast    = "\x1b[48;5;150m" // green tint: last move
	xqPrev    = "\x1b[48;5;194m" // pale green: the move before
	xqRed     = "\x1b[1;38;5;160m"
	xqBlack   = "\x1b[1;38;5;16m"
	xqEmpty   = "\x1b[38;5;137m"
	chLight   = "\x1b[48;5;180m"
	chDark    = "\x1b[48;5;137m"
	chLast    = "\x1b[48;5;143m"
	chPrev    = "\x1b[48;5;187m"
	chWhite   = "\x1b[1;38;5;231m"
	chBlackPc = "\x1b[1;38;5;16m"
)

var chessSymbols = map[byte]string{
	'K': "♔", 'Q': "♕", 'R': "♖", 'B': "♗", 'N': "♘", 'P': "♙",
	'k': "♚", 'q': "♛", 'r': "♜", 'b': "♝", 'n': "♞", 'p': "♟",
}

// cell returns the two-column text of a square, without colour.
func cell(v engine.Variant, sq engine.Square, l Labels, color bool) string {
	if sq.Empty {
		if v == engine.Xiangqi || !color {
			return "· " // without colour a chess board needs a mark for empty squares too
		}
		return "  " // the square's background colour shows it
	}
	if v == engine.Chess {
		if l == Letters {
			return string(sq.Letter) + " "
		}
		if color { // solid symbols for both sides; the colour tells them apart
			return chessSymbols[sq.Letter|0x20] + " "
		}
		return chessSymbols[sq.Letter] + " "
	}
	switch l {
	case Letters:
		return string(sq.Letter) + " "
	case Vietnamese:
		s := sq.Vietnamese
		if sq.Side == engine.Second {
			s = strings.ToLower(s)
		}
		if len(s) < 2 {
			s += " "
		}
		return s
	default:
		return sq.Chinese // a wide character: two columns
	}
}

// squareOf parses the from and to squares of a UCI move: files a.., ranks from 0 (xiangqi)
// or 1 (chess). ok is false for anything else.
func squaresOf(v engine.Variant, uci string) (f1, r1, f2, r2 int, ok bool) {
	if len(uci) < 4 {
		return 0, 0, 0, 0, false
	}
	base := byte('1')
	if v == engine.Xiangqi {
		base = '0'
	}
	f1, r1 = int(uci[0])-'a', int(uci[1]-base)
	f2, r2 = int(uci[2])-'a', int(uci[3]-base)
	return f1, r1, f2, r2, true
}

// Draw returns the board of g's current position, one line per rank, ending in a newline.
func Draw(g engine.Game, st Style) string {
	v := g.Variant()
	files, ranks := g.Files(), g.Ranks()
	rankBase := 1
	if v == engine.Xiangqi {
		rankBase = 0
	}
	lf1, lr1, lf2, lr2, hasLast := squaresOf(v, st.LastMove)
	pf1, pr1, pf2, pr2, hasPrev := squaresOf(v, st.PrevMove)
	var b strings.Builder
	header := func() {
		b.WriteString("    ")
		for i := 0; i < files; i++ {
			f := i
			if st.Flip {
				f = files - 1 - i
			}
			b.WriteString(fmt.Sprintf("%c", 'a'+f))
			if i < files-1 {
				b.WriteString("  ")
			}
		}
		b.WriteString("\n")
	}
	header()
	for i := 0; i < ranks; i++ {
		r := ranks - 1 - i
		if st.Flip {
			r = i
		}
		label := fmt.Sprintf("%2d", r+rankBase)
		b.WriteString(label + "  ")
		for j := 0; j < files; j++ {
			f := j
			if st.Flip {
				f = files - 1 - j
			}
			sq := g.At(f, r)
			text := cell(v, sq, st.Labels, st.Color)
			if !st.Color {
				b.WriteString(text + " ")
				continue
			}
			last := hasLast && ((f == lf1 && r == lr1) || (f == lf2 && r == lr2))
			prev := !last && hasPrev && ((f == pf1 && r == pr1) || (f == pf2 && r == pr2))
			var bg, fg string
			if v == engine.Xiangqi {
				bg, fg = xqBoard, xqEmpty
				if last {
					bg = xqLast
				} else if prev {
					bg = xqPrev
				}
				if !sq.Empty {
					fg = xqRed
					if sq.Side == engine.Second {
						fg = xqBlack
					}
				}
			} else {
				bg = chDark
				if (f+r)%2 == 1 {
					bg = chLight
				}
				if last {
					bg = chLast
				} else if prev {
					bg = chPrev
				}
				fg = chWhite
				if sq.Side == engine.Second {
					fg = chBlackPc
				}
			}
			b.WriteString(bg + fg + text + " " + reset)
		}
		b.WriteString(" " + label + "\n")
		if v == engine.Xiangqi && i == 4 { // the river between ranks 5 and 4
			river := "~~~~~~~~~~ river ~~~~~~~~~~"
			switch st.Labels {
			case Chinese:
				river = "~~~~~ 楚 河     漢 界 ~~~~~"
			case Vietnamese:
				river = "~~~~ Sở hà   Hán giới ~~~~~"
			}
			b.WriteString("    " + river + "\n")
		}
	}
	header()
	return b.String()
}
