package xiangqi

import (
	"fmt"
	"sort"
	"strings"
)

// Notation for people: WXF, Chinese and Vietnamese. All three name a move by the piece, the
// file it stands on (counted 1-9 from the mover's right: Red's i-file is 1, Black's a-file is
// 1), the direction and a number: for a piece moving straight along a file (general,
// chariot, cannon, soldier) the number of ranks; for one moving sideways, or for a piece
// that moves diagonally (advisor, elephant, horse), the file it arrives on.
//
// When two or more pieces of one kind stand on one file, the file is replaced by their
// order from the front (the piece nearest the enemy first):
//
//	pieces on the file   WXF                 Chinese          Vietnamese
//	2                    R+ / R-             前俥 / 後俥        Xt / Xs
//	3 soldiers           P+ P5 P-            前兵 中兵 後兵      B15 B25 B35
//	4 soldiers           ++ P+ P- --         一兵 .. 四兵        B15 .. B45
//	5 soldiers           ++ P+ P5 P- --      一兵 .. 五兵        B15 .. B55
//
// (WXF as the WXF notation page writes it, the middle soldier by its file, here file 5) and
// when soldiers are doubled on two files, each is named by its file and place (WXF 6+, 66,
// 6-) or by its order and its file (Chinese 後六, 後四 with the file number; Vietnamese B26,
// B24). The order+file form (15, 25, 35: Fairy-Stockfish's WXF) is read as well. Advisors and
// elephants never need this: two on one file always move in different directions.

// wxfFile returns the WXF file number 1..9 of internal file f for colour c.
func wxfFile(c Color, f int) int {
	if c == Red {
		return 9 - f
	}
	return f + 1
}

// fileFromWXF is the inverse of wxfFile.
func fileFromWXF(c Color, n int) int {
	if c == Red {
		return 9 - n
	}
	return n - 1
}

var wxfLetters = [8]byte{0, 'K', 'A', 'E', 'H', 'R', 'C', 'P'}

// tandem describes where a piece stands among pieces of its kind and colour on its file.
type tandem struct {
	index    int  // 1 = front (nearest the enemy)
	count    int  // pieces of this kind and colour on the file
	numbered bool // soldiers needing the order+file form
}

func (p *Position) tandemOf(from Square) tandem {
	pc := p.board[from]
	k := pc.Kind()
	if k == General || k == Advisor || k == Elephant {
		return tandem{index: 1, count: 1}
	}
	f := from.File()
	t := tandem{}
	for r := 0; r < 10; r++ {
		if p.board[SquareAt(f, r)] == pc {
			t.count++
		}
	}
	// Front first: for Red the highest rank, for Black the lowest.
	t.index = 1
	for r := 0; r < 10; r++ {
		s := SquareAt(f, r)
		if s == from || p.board[s] != pc {
			continue
		}
		if (pc.Color() == Red && r > from.Rank()) || (pc.Color() == Black && r < from.Rank()) {
			t.index++
		}
	}
	if k == Soldier && t.count >= 2 {
		if t.count >= 3 {
			t.numbered = true
		}
		for ff := 0; ff < 9; ff++ {
			if ff == f {
				continue
			}
			n := 0
			for r := 0; r < 10; r++ {
				if p.board[SquareAt(ff, r)] == pc {
					n++
				}
			}
			if n >= 2 {
				t.numbered = true
			}
		}
	}
	return t
}

// moveShape returns the direction (+1 forward, -1 backward, 0 sideways) and the number
// written after it (ranks moved, or the arrival file 1-9) of move m by the piece on its
// from-square.
func (p *Position) moveShape(m Move) (dir, num int) {
	from, to := m.From(), m.To()
	pc := p.board[from]
	c := pc.Color()
	dr := to.Rank() - from.Rank()
	if c == Black {
		dr = -dr
	}
	dir = sign(dr)
	switch pc.Kind() {
	case Advisor, Elephant, Horse:
		return dir, wxfFile(c, to.File())
	}
	if dir == 0 {
		return 0, wxfFile(c, to.File())
	}
	return dir, abs(dr)
}

func validForNotation(p *Position, m Move) bool {
	if m.From() >= NumSquares || m.To() >= NumSquares {
		return false
	}
	pc := p.board[m.From()]
	return pc != NoPiece && pc.Kind() <= Soldier
}

// WXF returns move m (of the piece on its from-square) in WXF notation: piece letter
// (K A E H R C P), file 1-9, '+' forward, '-' backward or '.' sideways, and the number of
// ranks or the arrival file, e.g. "C2.5", "H8+7". Pieces of a kind standing together on one
// file (tandem pieces) are written as the WXF notation page (wxf.org, "Official Xiangqi piece
// names and notation") writes them:
//
//	two on a file                 R+.3 (front)  C--1 (rear)
//	three soldiers on a file      P+  P3  P-    (the middle one by its file, as normal)
//	four soldiers on a file       ++  P+  P-  --
//	five soldiers on a file       ++  P+  P3  P-  --
//	soldiers doubled on two files 3+  33  3-    (the file, then front / middle / rear)
//
// so three soldiers on file 3 moving to file 4 are "P+.4", "P3.4", "P-.4". The one exception:
// where the middle soldier's "33" form would also read as the third soldier of the order+file
// form (see ParseMove) and that soldier could make the same move, the plain "P3.4" is written,
// which names the middle soldier alone. It returns the UCI text when there is no piece on the
// from-square. It does not check legality.
func (p *Position) WXF(m Move) string {
	if !validForNotation(p, m) {
		return m.UCI()
	}
	pc := p.board[m.From()]
	dir, num := p.moveShape(m)
	letter := wxfLetters[pc.Kind()]
	file := byte('0' + wxfFile(pc.Color(), m.From().File()))
	t := p.tandemOf(m.From())
	var head [2]byte
	switch {
	case t.count < 2:
		head = [2]byte{letter, file}
	case pc.Kind() == Soldier && p.multiTandem(pc):
		head = [2]byte{file, file}
		switch t.index {
		case 1:
			head[1] = '+'
		case t.count:
			head[1] = '-'
		}
	default:
		head = wxfTandemHead(letter, file, t)
	}
	b := append(head[:], "-.+"[dir+1], byte('0'+num))
	if isDigit(head[0]) && head[0] == head[1] {
		// The middle soldier of a file written "33": make sure it does not read as another.
		if back, err := p.parseWXF(string(b)); err != nil || back != m {
			b[0] = letter
		}
	}
	return string(b)
}

// wxfTandemHead returns the first two characters naming the piece at place t among the
// pieces of its kind on one file (the only such file): see WXF.
func wxfTandemHead(letter, file byte, t tandem) [2]byte {
	switch {
	case t.count >= 4 && t.index == 1:
		return [2]byte{'+', '+'}
	case t.count >= 4 && t.index == t.count:
		return [2]byte{'-', '-'}
	case t.count >= 4 && t.index == 2, t.count < 4 && t.index == 1:
		return [2]byte{letter, '+'}
	case t.count >= 4 && t.index == t.count-1, t.count < 4 && t.index == t.count:
		return [2]byte{letter, '-'}
	}
	return [2]byte{letter, file} // the middle one of three or five
}

var (
	chineseDigits = [10]string{"", "一", "二", "三", "四", "五", "六", "七", "八", "九"}
	chineseDirs   = [3]string{"退", "平", "進"}
	chineseOrder  = [6]string{"", "一", "二", "三", "四", "五"}
)

func chineseNumber(c Color, n int) string {
	if c == Red {
		return chineseDigits[n]
	}
	return string(rune('0' + n))
}

// Chinese returns move m in Chinese notation with traditional characters, e.g. "炮二平五",
// "馬8進7": piece, file, 進 (forward) / 退 (backward) / 平 (sideways), number; Red's numbers in
// Chinese numerals, Black's in digits. Tandem pieces are 前/後 (and 中 for a third soldier,
// 一..五 for four or five); with soldiers doubled on two files the piece name gives way to
// the file, e.g. "前六平五". It returns the UCI text when there is no piece on the
// from-square.
func (p *Position) Chinese(m Move) string {
	if !validForNotation(p, m) {
		return m.UCI()
	}
	pc := p.board[m.From()]
	c := pc.Color()
	dir, num := p.moveShape(m)
	t := p.tandemOf(m.From())
	file := chineseNumber(c, wxfFile(c, m.From().File()))
	var sb strings.Builder
	order := func() string {
		switch {
		case t.count == 2 && t.index == 1:
			return "前"
		case t.count == 2:
			return "後"
		case t.count == 3:
			return [4]string{"", "前", "中", "後"}[t.index]
		}
		return chineseOrder[t.index]
	}
	switch {
	case t.count < 2:
		sb.WriteString(pc.Chinese())
		sb.WriteString(file)
	case t.numbered && p.multiTandem(pc):
		sb.WriteString(order())
		sb.WriteString(file)
	default:
		sb.WriteString(order())
		sb.WriteString(pc.Chinese())
	}
	sb.WriteString(chineseDirs[dir+1])
	sb.WriteString(chineseNumber(c, num))
	return sb.String()
}

// multiTandem reports whether pieces like pc stand two or more on more than one file.
func (p *Position) multiTandem(pc Piece) bool {
	files := 0
	for f := 0; f < 9; f++ {
		n := 0
		for r := 0; r < 10; r++ {
			if p.board[SquareAt(f, r)] == pc {
				n++
			}
		}
		if n >= 2 {
			files++
		}
	}
	return files >= 2
}

// Vietnamese returns move m in Vietnamese notation: the piece label (TG S T M X P B), the
// file, '.' forward, '/' backward or '-' sideways (note: not the WXF signs), and the number,
// e.g. "P2-5", "M8.7". Tandem pieces are written with t (trước, front), g (giữa, middle) or
// s (sau, rear) in place of the file, e.g. "Xt.1"; numbered soldiers as "B15-6". It returns
// the UCI text when there is no piece on the from-square.
func (p *Position) Vietnamese(m Move) string {
	if !validForNotation(p, m) {
		return m.UCI()
	}
	pc := p.board[m.From()]
	dir, num := p.moveShape(m)
	t := p.tandemOf(m.From())
	file := byte('0' + wxfFile(pc.Color(), m.From().File()))
	b := []byte(pc.Vietnamese())
	switch {
	case t.count < 2:
		b = append(b, file)
	case t.numbered:
		b = append(b, byte('0'+t.index), file)
	case t.index == 1:
		b = append(b, 't')
	default:
		b = append(b, 's')
	}
	b = append(b, "/-."[dir+1], byte('0'+num))
	return string(b)
}

// parseWXF reads a WXF move (see ParseMove) and checks that it is legal.
func (p *Position) parseWXF(orig string) (Move, error) { return p.readWXF(orig, orig, false) }

// readWXF reads text, a WXF move, for orig (the text the user gave, named in errors) and
// checks that it is legal. With literal set (text translated from Chinese or Vietnamese
// notation) "+X"/"-X" is the front/rear piece and two digits are always order and file;
// otherwise the WXF page's tandem forms are read as well (see ParseMove).
func (p *Position) readWXF(orig, text string, literal bool) (Move, error) {
	bad := func(format string, args ...any) (Move, error) {
		return NoMove, &MoveError{Move: orig, Reason: fmt.Sprintf(format, args...)}
	}
	s := strings.ToUpper(strings.ReplaceAll(text, "=", "."))
	// Normalise the tandem form "R+.3" to "+R.3".
	if len(s) == 4 && isLetter(s[0]) && (s[1] == '+' || s[1] == '-') && strings.IndexByte("+-.", s[2]) >= 0 {
		s = string([]byte{s[1], s[0], s[2], s[3]})
	}
	isSign := func(b byte) bool { return b == '+' || b == '-' }
	if len(s) != 4 || !(isLetter(s[0]) && isDigit(s[1]) || isSign(s[0]) && isLetter(s[1]) ||
		isDigit(s[0]) && (isDigit(s[1]) || isSign(s[1])) || isSign(s[0]) && s[1] == s[0]) {
		return bad("%s", notAMove)
	}
	if isDigit(s[1]) && s[1] == '0' || isDigit(s[0]) && s[0] == '0' && isSign(s[1]) {
		return bad("files are numbered 1-9")
	}
	op, numc := s[2], s[3]
	var dir int
	switch op {
	case '+':
		dir = 1
	case '-':
		dir = -1
	case '.':
		dir = 0
	default:
		return bad("the third character must be +, - or . (or =)")
	}
	if numc < '1' || numc > '9' {
		return bad("the last character must be a digit 1-9")
	}
	num := int(numc - '0')
	us := p.side
	soldier := MakePiece(us, Soldier)
	var kind Kind
	var froms []Square // candidate pieces, front first
	switch {
	case isLetter(s[0]) && isDigit(s[1]):
		pc, ok := pieceFromLetter(s[0])
		if !ok {
			return bad("unknown piece letter %q", s[0])
		}
		kind = pc.Kind()
		f := fileFromWXF(us, int(s[1]-'0'))
		froms = p.onFile(MakePiece(us, kind), f)
		if len(froms) == 0 {
			return bad("no %s %s on file %c (%c-file)", us.lower(), kind, s[1], 'a'+byte(f))
		}
		if kind == Soldier && !literal {
			// WXF: of three or five soldiers on a file, the middle one is named by its file.
			switch len(froms) {
			case 3, 5:
				froms = froms[len(froms)/2 : len(froms)/2+1]
			case 4:
				return bad("four %s soldiers stand on file %c and none is in the middle: WXF names them ++, P+, P-, -- from the front", us.lower(), s[1])
			}
		}
	case isSign(s[0]) && isLetter(s[1]):
		pc, ok := pieceFromLetter(s[1])
		if !ok {
			return bad("unknown piece letter %q", s[1])
		}
		kind = pc.Kind()
		var files []int
		for f := 0; f < 9; f++ {
			if len(p.onFile(MakePiece(us, kind), f)) >= 2 {
				files = append(files, f)
			}
		}
		if len(files) == 0 {
			return bad("no two %s %ss stand on one file", us.lower(), kind)
		}
		for _, f := range files {
			on := p.onFile(MakePiece(us, kind), f)
			// WXF: with four or five on a file, P+ / P- are the second from the front and
			// from the rear (++ and -- being the foremost and rearmost).
			second := 0
			if len(on) >= 4 && !literal {
				second = 1
			}
			if s[0] == '+' {
				froms = append(froms, on[second])
			} else {
				froms = append(froms, on[len(on)-1-second])
			}
		}
	case isSign(s[0]): // "++" / "--": the foremost / rearmost of four or five soldiers
		kind = Soldier
		for f := 0; f < 9; f++ {
			if on := p.onFile(soldier, f); len(on) >= 4 {
				if s[0] == '+' {
					froms = append(froms, on[0])
				} else {
					froms = append(froms, on[len(on)-1])
				}
			}
		}
		if len(froms) == 0 {
			return bad("%c%c names the %s of four or five soldiers on one file, and no file holds four %s soldiers",
				s[0], s[1], map[byte]string{'+': "foremost", '-': "rearmost"}[s[0]], us.lower())
		}
	case isSign(s[1]): // "3+" / "3-": WXF's front / rear soldier of file 3 when soldiers are doubled on two files
		kind = Soldier
		on := p.onFile(soldier, fileFromWXF(us, int(s[0]-'0')))
		switch {
		case len(on) < 2:
			return bad("%c%c names the %s of two or three soldiers on file %c, and %s", s[0], s[1],
				map[byte]string{'+': "front", '-': "rear"}[s[1]], s[0], soldiersText(len(on), us)+" stand there")
		case len(on) > 3:
			return bad("%d %s soldiers stand on file %c: WXF names them ++, P+, P-, -- from the front", len(on), us.lower(), s[0])
		case s[1] == '+':
			froms = on[:1]
		default:
			froms = on[len(on)-1:]
		}
	default: // two digits: order and file ("25": the second soldier on file 5)
		kind = Soldier
		on := p.onFile(soldier, fileFromWXF(us, int(s[1]-'0')))
		idx := int(s[0] - '0')
		if idx >= 1 && idx <= len(on) {
			froms = append(froms, on[idx-1])
		}
		// WXF's form for soldiers doubled on two files names the middle one of three by
		// its file twice ("33"): the same text as the order+file form's third soldier.
		if !literal && s[0] == s[1] && len(on) == 3 && idx != 2 && p.multiTandem(soldier) {
			froms = append(froms, on[1])
		}
		if len(froms) == 0 {
			return bad("there is no soldier number %d on file %c (%s there)", idx, s[1], soldiersText(len(on), us))
		}
	}
	var legal []Move
	var firstErr error
	for _, from := range froms {
		to, why := wxfTarget(us, kind, from, dir, num)
		if why != "" {
			if firstErr == nil {
				firstErr = &MoveError{Move: orig, Reason: why}
			}
			continue
		}
		m := NewMove(from, to)
		if err := p.whyIllegal(m); err != nil {
			if firstErr == nil {
				firstErr = &MoveError{Move: orig, UCI: m.UCI(), Reason: err.(*MoveError).Reason}
			}
			continue
		}
		legal = append(legal, m)
	}
	switch len(legal) {
	case 1:
		return legal[0], nil
	case 0:
		return NoMove, firstErr
	}
	names := make([]string, len(legal))
	for i, m := range legal {
		names[i] = m.UCI()
	}
	sort.Strings(names)
	if kind == Soldier {
		return bad("ambiguous: it could be %s; name the soldier by its place on its file (WXF: P+ / P- for two or three, ++ P+ P- -- for four or five, 3+ 33 3- when soldiers stand doubled on two files; or order and file, 15 = the first soldier on file 5)", strings.Join(names, " or "))
	}
	return bad("ambiguous: it could be %s; use the tandem form (+%c / -%c)", strings.Join(names, " or "), wxfLetters[kind], wxfLetters[kind])
}

// soldiersText returns "no red soldiers", "1 red soldier", "2 red soldiers", ...
func soldiersText(n int, c Color) string {
	switch n {
	case 0:
		return "no " + c.lower() + " soldiers"
	case 1:
		return "1 " + c.lower() + " soldier"
	}
	return fmt.Sprintf("%d %s soldiers", n, c.lower())
}

// onFile returns the squares of pc on file f, front (nearest the enemy) first.
func (p *Position) onFile(pc Piece, f int) []Square {
	var out []Square
	for r := 0; r < 10; r++ {
		rank := 9 - r // Red's front is the highest rank
		if pc.Color() == Black {
			rank = r
		}
		if s := SquareAt(f, rank); p.board[s] == pc {
			out = append(out, s)
		}
	}
	return out
}

// wxfTarget computes the arrival square of a WXF move by geometry alone.
func wxfTarget(c Color, k Kind, from Square, dir, num int) (Square, string) {
	fwd := 1
	if c == Black {
		fwd = -1
	}
	f, r := from.File(), from.Rank()
	switch k {
	case Advisor, Elephant, Horse:
		if dir == 0 {
			return NoSquare, fmt.Sprintf("a%s %s never moves sideways", map[bool]string{true: "n", false: ""}[k == Advisor || k == Elephant], k)
		}
		tf := fileFromWXF(c, num)
		adf := abs(tf - f)
		var adr int
		switch {
		case k == Advisor && adf == 1:
			adr = 1
		case k == Elephant && adf == 2:
			adr = 2
		case k == Horse && adf == 1:
			adr = 2
		case k == Horse && adf == 2:
			adr = 1
		default:
			return NoSquare, fmt.Sprintf("a %s on file %d cannot reach file %d", k, wxfFile(c, f), num)
		}
		to := SquareAt(tf, r+dir*fwd*adr)
		if to == NoSquare {
			return NoSquare, "the move leaves the board"
		}
		return to, ""
	}
	if dir == 0 {
		tf := fileFromWXF(c, num)
		if tf == f {
			return NoSquare, "a sideways move must change file"
		}
		return SquareAt(tf, r), ""
	}
	to := SquareAt(f, r+dir*fwd*num)
	if to == NoSquare {
		return NoSquare, "the move leaves the board"
	}
	return to, ""
}

func isLetter(b byte) bool { return b >= 'A' && b <= 'Z' || b >= 'a' && b <= 'z' }
func isDigit(b byte) bool  { return b >= '0' && b <= '9' }
