package xiangqi

import (
	"strings"
)

// Reading Chinese and Vietnamese notation. Both are read by writing every legal move in the
// notation and comparing (after folding character variants), so exactly what Chinese and
// Vietnamese write is read back; text that matches no legal move is translated to WXF to
// say why it cannot be played.

// chineseFold maps the characters of Chinese notation to one ASCII form: pieces of either
// colour, traditional or simplified, to the WXF letter; numerals (Chinese, ASCII or
// full-width digits) to digits; 進/退/平 to + - .; 前/中/後 to f m b.
var chineseFold = map[rune]string{
	'帥': "K", '帅': "K", '將': "K", '将': "K",
	'仕': "A", '士': "A",
	'相': "E", '象': "E",
	'傌': "H", '馬': "H", '马': "H", '㐷': "H",
	'俥': "R", '車': "R", '车': "R", '伡': "R",
	'炮': "C", '砲': "C", '包': "C",
	'兵': "P", '卒': "P",
	'一': "1", '二': "2", '三': "3", '四': "4", '五': "5", '六': "6", '七': "7", '八': "8", '九': "9",
	'１': "1", '２': "2", '３': "3", '４': "4", '５': "5", '６': "6", '７': "7", '８': "8", '９': "9",
	'進': "+", '进': "+", '退': "-", '平': ".",
	'前': "f", '中': "m", '後': "b", '后': "b",
}

// foldChinese returns s in the folded form, and false when s holds a character that is not
// part of Chinese notation.
func foldChinese(s string) (string, bool) {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == ' ' || r == '\t' || r == '\u3000':
			continue
		case r >= '1' && r <= '9':
			b.WriteRune(r)
			continue
		}
		f, ok := chineseFold[r]
		if !ok {
			return "", false
		}
		b.WriteString(f)
	}
	return b.String(), true
}

const notChinese = "not Chinese notation (e.g. 炮二平五, 馬8進7, 前俥進一)"

// parseChinese reads a move in Chinese notation (see ParseMove).
func (p *Position) parseChinese(orig, t string) (Move, error) {
	in, ok := foldChinese(t)
	if !ok || len(in) != 4 {
		return NoMove, &MoveError{Move: orig, Reason: notChinese}
	}
	var buf [maxMovesPerPly]Move
	for _, m := range p.LegalMoves(buf[:0]) {
		if w, _ := foldChinese(p.Chinese(m)); w == in {
			return m, nil
		}
	}
	wxf, why := p.chineseToWXF(in)
	if wxf == "" {
		return NoMove, &MoveError{Move: orig, Reason: why}
	}
	return p.parseAsWXF(orig, wxf)
}

// parseAsWXF parses the WXF translation wxf of orig, reporting errors under orig.
func (p *Position) parseAsWXF(orig, wxf string) (Move, error) {
	m, err := p.readWXF(orig, wxf, true)
	if err != nil {
		me := err.(*MoveError)
		return NoMove, &MoveError{Move: orig, UCI: me.UCI, Reason: me.Reason}
	}
	return m, nil
}

// Why soldiers named by order alone (前兵, 中兵, 後兵) cannot be read: WXF/AXF notation names
// them so only when one file holds two or more of the mover's soldiers.
const (
	soldiersOnTwoFiles = "ambiguous: your soldiers are doubled on more than one file; name the file, e.g. 前五平四"
	noDoubledSoldiers  = "no file holds two of your soldiers: name the soldier by its file, e.g. 兵五進一"
)

// chineseToWXF translates folded Chinese notation to WXF: "C2.5", "+R+1", and for ordered
// soldiers the numbered WXF form "25.4". When it cannot, it returns "" and why.
func (p *Position) chineseToWXF(in string) (wxf, why string) {
	if strings.IndexByte("+-.", in[2]) < 0 || !isDigit(in[3]) {
		return "", notChinese
	}
	tail := in[2:]
	a, b := in[0], in[1]
	isPiece := func(c byte) bool { return strings.IndexByte("KAEHRCP", c) >= 0 }
	switch {
	case isPiece(a) && isDigit(b): // 炮二平五
		return string([]byte{a, b}) + tail, ""
	case (a == 'f' || a == 'b') && isPiece(b) && b != 'P': // 前俥進一
		return map[byte]string{'f': "+", 'b': "-"}[a] + string(b) + tail, ""
	case (a == 'f' || a == 'm' || a == 'b' || isDigit(a)) && (b == 'P' || isDigit(b)):
		// Ordered soldiers: 前兵, 中兵, 後兵, 二兵 (one file with several), or 前六, 後四
		// (soldiers doubled on two files).
		us := p.side
		var file int
		if isDigit(b) {
			if b == '0' {
				return "", notChinese
			}
			file = fileFromWXF(us, int(b-'0'))
		} else {
			files := 0
			for f := 0; f < 9; f++ {
				if len(p.onFile(MakePiece(us, Soldier), f)) >= 2 {
					file, files = f, files+1
				}
			}
			switch {
			case files > 1:
				return "", soldiersOnTwoFiles
			case files == 0:
				return "", noDoubledSoldiers
			}
		}
		n := len(p.onFile(MakePiece(us, Soldier), file))
		idx := 0
		switch a {
		case 'f':
			idx = 1
		case 'm':
			idx = 2
		case 'b':
			idx = n
		default:
			idx = int(a - '0')
		}
		if idx < 1 || idx > 9 {
			return "", notChinese
		}
		return string([]byte{byte('0' + idx), byte('0' + wxfFile(us, file))}) + tail, ""
	}
	return "", notChinese
}

// ParseVietnamese reads a move in Vietnamese notation, as Vietnamese writes it, for the side
// to move and checks that it is legal: piece label TG (tướng, general), S (sĩ, advisor),
// T (tượng, elephant), M (mã, horse), X (xe, chariot), P (pháo, cannon), B (binh, soldier);
// the file 1-9 counted from the mover's right, or t (trước, front) / s (sau, rear) for two
// pieces of a kind on one file, or order and file for soldiers ("B15"); then '.' forward,
// '/' backward or '-' sideways; and the number of ranks or the arrival file. Letters may be
// in either case: "P2-5", "M8.7", "Xt.1".
//
// It is a separate function because Vietnamese text is ambiguous with WXF: "P2-5" is a
// cannon moving sideways in Vietnamese but a soldier moving backward in WXF. Coordinate
// moves ("h2e2") are read as well. Errors are *MoveError values.
func (p *Position) ParseVietnamese(s string) (Move, error) {
	t := strings.TrimSpace(s)
	if m, ok := parseCoord(t); ok {
		if err := p.whyIllegal(m); err != nil {
			return NoMove, err
		}
		return m, nil
	}
	in := strings.ToUpper(strings.ReplaceAll(t, " ", ""))
	var buf [maxMovesPerPly]Move
	for _, m := range p.LegalMoves(buf[:0]) {
		if strings.ToUpper(p.Vietnamese(m)) == in {
			return m, nil
		}
	}
	wxf, ok := p.vietnameseToWXF(in)
	if !ok {
		return NoMove, &MoveError{Move: s, Reason: "not Vietnamese notation (e.g. P2-5, M8.7, Xt.1) nor a coordinate move (h2e2)"}
	}
	return p.parseAsWXF(s, wxf)
}

// vietnameseToWXF translates upper-cased Vietnamese notation to WXF.
func (p *Position) vietnameseToWXF(in string) (string, bool) {
	var letter byte
	switch {
	case strings.HasPrefix(in, "TG"):
		letter, in = 'K', in[2:]
	case in == "":
		return "", false
	default:
		l, ok := map[byte]byte{'S': 'A', 'T': 'E', 'M': 'H', 'X': 'R', 'P': 'C', 'B': 'P'}[in[0]]
		if !ok {
			return "", false
		}
		letter, in = l, in[1:]
	}
	n := len(in)
	if n < 3 || n > 4 || !isDigit(in[n-1]) {
		return "", false
	}
	op, ok := map[byte]byte{'.': '+', '/': '-', '-': '.'}[in[n-2]]
	if !ok {
		return "", false
	}
	tail := string([]byte{op, in[n-1]})
	head := in[:n-2]
	switch {
	case len(head) == 1 && isDigit(head[0]):
		return string([]byte{letter, head[0]}) + tail, true
	case head == "T" || head == "S":
		return map[string]string{"T": "+", "S": "-"}[head] + string(letter) + tail, true
	case len(head) == 2 && letter == 'P' && isDigit(head[0]) && isDigit(head[1]):
		return head + tail, true
	}
	return "", false
}
