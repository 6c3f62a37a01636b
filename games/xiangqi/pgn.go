package xiangqi

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/cotuong-ai/cotuong/internal/pgn"
)

// PGN for xiangqi, as the Fairy-Stockfish-based sites write it: pychess-variants exports a
// game with the Seven Tag Roster, [Variant "Xiangqi"], [FEN] and [SetUp "1"] when the game
// does not start from the standard position (a handicap or a set-up position), and the moves
// in Fairy-Stockfish's SAN (see SAN: files a-i, ranks 1-10, "Hg3", "Cxh10"). WritePGN writes
// that dialect; the reader reads it, XBoard's (the same SAN with ranks 0-9, "1. Cbe2 Hc7 2.
// Hc2 Rb9 3. Rb0 c5"; a game is read in one of the two throughout), and moves in this
// package's UCI (h2e2, ranks 0-9),
// ICCS (H2-E2), WXF (C2.5, C2=5, H8+7, R+.3, P3.4, 15=6) and Chinese notation (炮二平五). The text of
// the PGN (tags, comments, glyphs, variations) is read and written by internal/pgn, as for
// chess.

// PGNGame is one game of a PGN file: its tags, the main line as a Game, the annotations and
// the termination marker. Variations are skipped when reading.
type PGNGame struct {
	// Tags are in the order read; WritePGN writes the Seven Tag Roster first, then the others
	// in this order, then Variant, SetUp and FEN.
	Tags pgn.Tags
	// Game holds the start position (from the FEN tag) and the main line.
	Game *Game
	// Annotations[0] belongs before the first move and Annotations[i] after move i; it is nil
	// or has Game.Len()+1 entries.
	Annotations []pgn.Annotation
	// Result is "1-0" (Red won), "0-1", "1/2-1/2" or "*".
	Result string
}

// PGNError is the error the PGN reader returns for a game it cannot read: the game's number
// in the stream, the line, the move as written (when a move is at fault; Err is then a
// *MoveError) and what was wrong. Its message reads like `xiangqi: PGN game 1, line 9: move
// 5 (Red) H3+4 (g2f4): a red horse cannot move from g2 to f4: the horse's leg g1 is blocked`.
type PGNError = pgn.Error

// PGNReader reads xiangqi games one at a time from a PGN stream.
type PGNReader struct{ r *pgn.Reader }

// NewPGNReader returns a reader of the PGN games in r.
func NewPGNReader(r io.Reader) *PGNReader {
	return &PGNReader{r: pgn.NewReader(r, pgn.Dialect{Wide: true})}
}

// IsXiangqiVariant reports whether a PGN Variant tag's value names xiangqi ("Xiangqi",
// "xiangqi", "Chinese chess", "cotuong"; case and spaces ignored).
func IsXiangqiVariant(v string) bool {
	switch strings.ToLower(strings.Join(strings.Fields(v), "")) {
	case "xiangqi", "chinesechess", "cotuong", "cờtướng":
		return true
	}
	return false
}

// Next returns the next game of the stream, or io.EOF when there is none. A game that cannot
// be read gives a *PGNError naming the line and, for a move, the move and why it cannot be
// played; the reader has then skipped to the end of that game, so Next can be called again.
// A Variant tag other than xiangqi's, or a bad FEN tag, is such an error too.
func (r *PGNReader) Next() (*PGNGame, error) {
	raw, synErr := r.r.Next()
	if raw == nil {
		return nil, synErr
	}
	fail := func(line int, move string, err error) error {
		return &PGNError{Variant: "xiangqi", Game: r.r.Games(), Line: line, Move: move, Err: err}
	}
	var se *pgn.SyntaxError
	errors.As(synErr, &se)
	if se != nil && se.Line <= raw.MovetextLine {
		return nil, fail(se.Line, "", se.Err)
	}
	if v, ok := raw.Tags.Get("Variant"); ok && !IsXiangqiVariant(v) {
		return nil, fail(raw.MovetextLine, "", fmt.Errorf("the Variant tag says %q, not xiangqi", v))
	}
	start := Start()
	if fen, ok := raw.Tags.Get("FEN"); ok {
		p, err := ParseFEN(fen)
		if err != nil {
			return nil, fail(raw.MovetextLine, "", fmt.Errorf("FEN tag: %w", err))
		}
		start = p
	}
	// SAN comes in two dialects: Fairy-Stockfish's (pychess-variants; ranks 1-10) and
	// XBoard's (ranks 0-9). A rank 0 is XBoard's and a rank 10 Fairy-Stockfish's; a game with
	// neither is read as Fairy-Stockfish's, and as XBoard's when that fails and XBoard's
	// reading plays every move.
	xboard, sure := sanDialect(raw.Moves)
	game, line, text, err := replay(start, raw.Moves, se, xboard)
	if err != nil && !sure {
		// Of two failures, the one that played further tells what is wrong.
		if other, line2, text2, err2 := replay(start, raw.Moves, se, !xboard); err2 == nil || other.Len() > game.Len() {
			game, line, text, err = other, line2, text2, err2
		}
	}
	if err != nil {
		return nil, fail(line, text, err)
	}
	if se != nil {
		return nil, fail(se.Line, "", se.Err)
	}
	return &PGNGame{Tags: raw.Tags, Game: game, Result: raw.Result, Annotations: raw.Annotations}, nil
}

// sanDialect tells which SAN dialect a game's moves are in: xboard when a SAN move has a
// rank 0, not when one has a rank 10; sure when either was seen.
func sanDialect(moves []pgn.Move) (xboard, sure bool) {
	for _, mv := range moves {
		g := sanPattern.FindStringSubmatch(strings.TrimSpace(mv.Text))
		if g == nil || !LooksLikeSAN(mv.Text) {
			continue
		}
		switch {
		case g[3] == "0" || g[6] == "0":
			return true, true
		case g[3] == "10" || g[6] == "10":
			return false, true
		}
	}
	return false, false
}

// replay plays moves from start, reading SAN in XBoard's ranks when xboard is set, up to the
// line of the syntax error se (when not nil). It returns the game (as far as it was played)
// and, when a move could not be played, that move's line and text and why.
func replay(start Position, moves []pgn.Move, se *pgn.SyntaxError, xboard bool) (*Game, int, string, error) {
	g := NewGame(start)
	for _, mv := range moves {
		if se != nil && se.Line < mv.Line {
			break
		}
		pos := g.Position()
		var m Move
		var err error
		if LooksLikeSAN(mv.Text) {
			m, err = pos.parseSAN(mv.Text, xboard)
		} else {
			m, err = pos.ParseMove(mv.Text)
		}
		if err == nil {
			err = g.Continue(m)
		}
		if err != nil {
			return g, mv.Line, mv.Text, fmt.Errorf("move %d (%s) %w", pos.Ply()/2+1, pos.SideToMove(), moveProblem(err))
		}
	}
	return g, 0, "", nil
}

// moveProblem returns a *MoveError with its Describe text as the error's text (without the
// package prefix), other errors as they are.
func moveProblem(err error) error {
	var me *MoveError
	if errors.As(err, &me) {
		return describedMoveError{me}
	}
	return err
}

// describedMoveError is a *MoveError whose text is Describe's.
type describedMoveError struct{ *MoveError }

func (d describedMoveError) Error() string { return d.Describe() }
func (d describedMoveError) Unwrap() error { return d.MoveError }

// ParseAnyMove reads a move for the side to move of p in any notation a PGN may hold:
// coordinates (UCI h2e2 with ranks 0-9, ICCS H2-E2), Fairy-Stockfish's SAN (Hg3, ranks
// 1-10; see LooksLikeSAN for how the two are told apart), WXF and Chinese notation
// (ParseMove). Errors are *MoveError values.
func ParseAnyMove(p *Position, s string) (Move, error) {
	if LooksLikeSAN(s) {
		return p.ParseSAN(s)
	}
	return p.ParseMove(s)
}

// ReadPGN reads every game of the PGN stream r. It stops at the first game it cannot read and
// returns the games before it with the error.
func ReadPGN(r io.Reader) ([]*PGNGame, error) {
	return pgn.ReadAll(NewPGNReader(r).Next)
}

// PGNResult returns the PGN result of r: "1-0" when Red has won, "0-1" when Black has,
// "1/2-1/2" for a draw and "*" for a game in progress.
func PGNResult(r Result) string {
	return pgn.ResultToken(r.Over(), r.Status == DrawnGame, r.Status == RedWins)
}

// WritePGN writes g as pychess-variants does (see above): the Seven Tag Roster ("?" for a
// missing value), the other tags in their order, [Variant "Xiangqi"], then [SetUp "1"] and
// [FEN] when the game does not start from the standard position, then the movetext in
// Fairy-Stockfish's SAN with move numbers ("1." before Red's move, "1..." when Black moves
// first or after a comment), glyphs and comments, wrapped before 80 columns, ending with the
// result: g.Result, or PGNResult of the game's Result when g.Result is empty.
func WritePGN(w io.Writer, g *PGNGame) error {
	if g == nil || g.Game == nil {
		return errors.New("xiangqi: WritePGN: no game")
	}
	result := g.Result
	if result == "" {
		result = PGNResult(g.Game.Result())
	}
	start := g.Game.Start()
	fen := start.FEN()
	if fen == StartFEN {
		fen = ""
	}
	tags := append(pgn.Tags(nil), g.Tags...)
	tags.Set("Variant", "Xiangqi")
	plies := make([]pgn.Ply, g.Game.Len())
	for i, m := range g.Game.Moves() {
		pos := g.Game.At(i)
		plies[i] = pgn.Ply{Number: pos.Ply()/2 + 1, First: pos.SideToMove() == Red, Text: pos.SAN(m)}
	}
	return pgn.WriteGame(w, tags, fen, result, plies, g.Annotations)
}

// String returns the game in PGN (see WritePGN), or "" when it has no Game.
func (g *PGNGame) String() string {
	return pgn.Text(func(w io.Writer) error { return WritePGN(w, g) })
}

// ImportRecord reads a game record of any form this package knows: a PGN game (its first
// game; any notation ParseAnyMove reads), "startpos|fen <FEN> [moves ...]" (ParseGame), or a
// bare FEN (a game of no moves from that position). The error says which form the text was
// read as and why it failed: a *PGNError, or the error of ParseGame or ParseFEN.
func ImportRecord(text string) (*Game, error) {
	t := strings.TrimSpace(strings.TrimPrefix(text, "\uFEFF"))
	switch {
	case t == "":
		return nil, errors.New("xiangqi: empty record: want PGN, a FEN or \"startpos|fen ... moves ...\"")
	case strings.HasPrefix(t, "startpos") || strings.HasPrefix(t, "fen ") || strings.HasPrefix(t, "position "):
		return ParseGame(t)
	case strings.HasPrefix(t, "[") || strings.HasPrefix(t, "{") || strings.HasPrefix(t, "1."):
		g, err := NewPGNReader(strings.NewReader(t)).Next()
		if err == io.EOF {
			return nil, errors.New("xiangqi: PGN without a game")
		}
		if err != nil {
			return nil, err
		}
		return g.Game, nil
	}
	p, err := ParseFEN(t)
	if err != nil {
		return nil, err
	}
	return NewGame(p), nil
}
