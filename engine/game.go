package engine

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/cotuong-ai/cotuong/games/chess"
	"github.com/cotuong-ai/cotuong/games/xiangqi"
)

// Variant names a game: "chess" or "xiangqi", the values of the UCI_Variant option.
type Variant string

// The supported games.
const (
	Chess   Variant = "chess"
	Xiangqi Variant = "xiangqi"
)

// Variants lists the supported games, chess first (the UCI default).
func Variants() []Variant { return []Variant{Chess, Xiangqi} }

// ParseVariant returns the variant named s (case-insensitive; "cotuong" and "chinese" are
// accepted for xiangqi).
func ParseVariant(s string) (Variant, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "chess", "standard":
		return Chess, nil
	case "xiangqi", "cotuong", "chinese":
		return Xiangqi, nil
	}
	return "", fmt.Errorf("unknown game %q (want chess or xiangqi)", s)
}

// known returns nil for Chess and Xiangqi and an error naming any other v.
func known(v Variant) error {
	if v == Chess || v == Xiangqi {
		return nil
	}
	return fmt.Errorf("unknown game %q (want %q or %q; ParseVariant reads other spellings)", string(v), Chess, Xiangqi)
}

// Move is a move of either game, packed into an integer. 0 is no move.
type Move uint32

// Side is a player: First is White in chess and Red in xiangqi; Second is Black.
type Side int

// The two players.
const (
	First  Side = 0
	Second Side = 1
)

// Other returns the opponent of s.
func (s Side) Other() Side { return 1 - s }

// Result is a game's outcome as the game package reports it.
type Result struct {
	Over   bool   // the game has ended
	Draw   bool   // it ended in a draw
	Winner Side   // the winner when Over and not Draw
	Text   string // the game's own description, e.g. "Red wins by checkmate"
	Short  string // "1-0", "0-1", "1/2-1/2" or "*"
}

// Square describes one square of the board for drawing.
type Square struct {
	Empty      bool
	Side       Side   // the piece's owner
	Letter     byte   // FEN letter, upper case for First
	Chinese    string // xiangqi only: 帥, 將, ...
	Vietnamese string // xiangqi only: TG, S, T, M, X, P, B
}

// AtUCI describes the square of g named in UCI coordinates, as UCI moves write it: "e2" (a
// file letter from a, then the rank: 0-9 in xiangqi, 1-8 in chess). A name that is not a
// square of the board is Empty.
func AtUCI(g Game, sq string) Square {
	if len(sq) != 2 {
		return Square{Empty: true}
	}
	f, r := int(sq[0])-'a', int(sq[1])-'0'
	if g.Variant() == Chess {
		r--
	}
	return g.At(f, r)
}

// DivideEntry is one root move of a perft divide with the leaves below it.
type DivideEntry struct {
	Move  string // UCI
	Nodes uint64
}

// Game is a game in progress: a start position and the moves played since. Its methods
// take and return text in the game's notations; none of them panics on bad input.
type Game interface {
	Variant() Variant
	// Clone returns an independent copy.
	Clone() Game
	// FEN of the current position; StartFEN of the position the game started from.
	FEN() string
	StartFEN() string
	// String returns the game as "fen <FEN> moves m1 m2 ..." (ParseGame reads it back).
	String() string
	// SideToMove in the current position; SideName gives "White"/"Black" or "Red"/"Black".
	SideToMove() Side
	SideName(s Side) string
	// Legal returns the legal moves of the current position.
	Legal() []Move
	// ParseMove reads a move for the current position in coordinates (UCI, and ICCS for
	// xiangqi) or the game's notation (SAN, WXF); the error says why it is not legal.
	ParseMove(s string) (Move, error)
	// ParseUCI reads only a move in this engine's UCI coordinates (h2e2, e7e8q), as an
	// engine must answer; other notations are an error saying what the text reads as.
	ParseUCI(s string) (Move, error)
	// Push plays a legal move; it returns an error (saying why) for an illegal move or
	// when the game is over.
	Push(m Move) error
	// Continue plays a legal move even after the game package's rules have ended the game
	// by repetition, move limit, fifty-move rule or insufficient material (a GUI may play
	// on); the history the search sees is kept. Result then judges only the moves played
	// since the last such continuation. It returns an error for an illegal move.
	Continue(m Move) error
	// Pop takes back the last move; false when there is none.
	Pop() (Move, bool)
	// Len is the number of moves played; Moves returns them in UCI form.
	Len() int
	Moves() []string
	// InCheck reports whether the side to move is in check.
	InCheck() bool
	// LossOnStalemate reports whether having no legal move loses (xiangqi) rather than draws.
	LossOnStalemate() bool
	// Result is the game package's verdict on the current position and its history.
	Result() Result
	// UCI writes m in coordinates (xiangqi ranks 0-9 from Red's side).
	UCI(m Move) string
	// Notation writes m, legal in the current position, for people: SAN or WXF.
	Notation(m Move) string
	// Local writes m in the style "chinese" or "vietnamese" for xiangqi; otherwise Notation.
	Local(m Move, style string) string
	// Files and Ranks give the board size; At describes the square (file, rank), both from 0
	// at the first player's lower left.
	Files() int
	Ranks() int
	At(file, rank int) Square
	// Perft counts the leaves at depth plies; Divide splits the count by root move.
	Perft(depth int) uint64
	Divide(depth int) []DivideEntry
	// DivideContext is Divide for long counts: it calls fn with each root move's entry as
	// soon as it is counted and stops early, returning false, once ctx is done (fn has then
	// been called for the root moves counted in full). It returns true when the count is
	// complete.
	DivideContext(ctx context.Context, depth int, fn func(DivideEntry)) bool
}

// NewGame returns a game of v from the start position. v is Chess or Xiangqi (read a name
// with ParseVariant, which refuses others); any other value gives chess, as NewGame has no
// error to return. GameFromFEN and ParseGame refuse other values.
func NewGame(v Variant) Game {
	if v == Xiangqi {
		return xiangqiRules.new()
	}
	return chessRules.new()
}

// GameFromFEN returns a game of v starting from fen. A v other than Chess or Xiangqi is an
// error naming it.
func GameFromFEN(v Variant, fen string) (Game, error) {
	if err := known(v); err != nil {
		return nil, err
	}
	// On error return a nil interface, never an interface holding a nil pointer.
	if v == Xiangqi {
		g, err := xiangqiRules.fromFEN(fen)
		if err != nil {
			return nil, err
		}
		return g, nil
	}
	g, err := chessRules.fromFEN(fen)
	if err != nil {
		return nil, err
	}
	return g, nil
}

// ParseGame reads a game of v written as "startpos [moves ...]" or "fen <FEN> [moves ...]"
// (the form String writes). Moves are played with Continue, so legal moves after the end of
// the game by repetition or a move limit are accepted; an illegal move is an error naming it.
// A v other than Chess or Xiangqi is an error naming it (and the game is nil).
func ParseGame(v Variant, s string) (Game, error) {
	if err := known(v); err != nil {
		return nil, err
	}
	if v == Xiangqi {
		return xiangqiRules.parse(s)
	}
	return chessRules.parse(s)
}

// ParseSpec splits "startpos [moves ...]" / "fen <FEN> [moves ...]" into its FEN ("" for the
// start position) and moves.
func ParseSpec(s string) (fen string, moves []string, err error) {
	f := strings.Fields(s)
	if len(f) == 0 {
		return "", nil, fmt.Errorf("empty game: want \"startpos [moves ...]\" or \"fen <FEN> [moves ...]\"")
	}
	rest := f[1:]
	switch f[0] {
	case "startpos":
	case "fen":
		var ff []string
		for len(rest) > 0 && rest[0] != "moves" {
			ff = append(ff, rest[0])
			rest = rest[1:]
		}
		if len(ff) == 0 {
			return "", nil, fmt.Errorf("\"fen\" is not followed by a FEN")
		}
		fen = strings.Join(ff, " ")
	default:
		return "", nil, fmt.Errorf("want \"startpos\" or \"fen <FEN>\", got %q", f[0])
	}
	if len(rest) > 0 {
		if rest[0] != "moves" {
			return "", nil, fmt.Errorf("expected \"moves\", got %q", rest[0])
		}
		moves = rest[1:]
	}
	return fen, moves, nil
}

// MoveProblem returns the description of a move error from ParseMove, Push or Continue
// without the game package's prefix, for showing to a person: "H3+4 (g2f4): a red horse
// cannot move from g2 to f4: the horse's leg g1 is blocked", "\"Kf2\": the king would be in
// check on f2". Other errors are returned as they are.
func MoveProblem(err error) string {
	var xe *xiangqi.MoveError
	if errors.As(err, &xe) {
		return xe.Describe()
	}
	var ce *chess.MoveError
	if errors.As(err, &ce) {
		return ce.Describe()
	}
	return err.Error()
}

// ParseLocalMove reads a move like g.ParseMove and, for xiangqi with style "vietnamese",
// Vietnamese notation instead of WXF (xiangqi.Position.ParseVietnamese: the two clash, so
// only one can be read). Chinese notation (炮二平五) is read for xiangqi in every style.
func ParseLocalMove(g Game, s, style string) (Move, error) {
	if x, ok := g.(*xqGame); ok && strings.EqualFold(style, "vietnamese") && !hasNonASCII(s) {
		m, err := x.pos().ParseVietnamese(s)
		if err != nil {
			return 0, err
		}
		return Move(m), nil
	}
	return g.ParseMove(s)
}

// hasNonASCII reports whether s holds a rune outside ASCII (Chinese notation does).
func hasNonASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return true
		}
	}
	return false
}

// GameMoveError is the error of Parse for a move of the game that cannot be played.
type GameMoveError struct {
	N   int   // the move's number in the list, from 1
	Err error // the game package's error
}

// Error returns "move N, " and MoveProblem of Err.
func (e *GameMoveError) Error() string { return fmt.Sprintf("move %d, %s", e.N, MoveProblem(e.Err)) }

// Unwrap returns Err.
func (e *GameMoveError) Unwrap() error { return e.Err }
