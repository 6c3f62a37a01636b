package render

// NoSquare marks an absent square in a View (no selection, no last move, no check).
const NoSquare = -1

// Piece is what stands on one intersection: the text on its disc and its side. The zero
// value is an empty intersection.
type Piece struct {
	// Label is the text on the disc: one Chinese character ("帥") or a Vietnamese letter
	// ("TG", "X"). Empty means no piece.
	Label string
	// Red is true for Red's pieces, false for Black's.
	Red bool
}

// Tone colours the status line.
type Tone uint8

const (
	// ToneNormal is a plain status ("Your move").
	ToneNormal Tone = iota
	// ToneThinking is shown while the computer searches.
	ToneThinking
	// ToneAlert is a check.
	ToneAlert
	// ToneFinal is a finished game's result.
	ToneFinal
)

// Action names what a button does. The renderer only draws it and reports it back in a
// Target; the controller gives it its meaning.
type Action string

// Button is a labelled button of the bottom bar or of a dialog.
type Button struct {
	// Action is reported by Layout.Hit when the button is touched.
	Action Action
	// Label is the button's text.
	Label string
	// Disabled buttons are drawn dimmed and are not hit.
	Disabled bool
}

// MoveRow is one numbered row of the move list: Red's move and Black's reply, each already
// written in the notations the player chose (for example "C2.5 炮二平五").
type MoveRow struct {
	// Num is the move number (1 for the first pair of moves).
	Num int
	// Red and Black are the two moves' texts; Black is empty until Black has replied.
	Red, Black string
	// RedMark and BlackMark are the review's judgements of the two moves ("?!", "?", "??"
	// or ""), drawn after their texts.
	RedMark, BlackMark string
	// RedCurrent and BlackCurrent mark the move whose position the board shows in a review
	// (drawn highlighted instead of the latest move).
	RedCurrent, BlackCurrent bool
	// RedScore and BlackScore are the review's scores of the positions after the two moves,
	// already written for Red ("+0.35", "-1.20", "#3"; "" when not analysed), drawn dimmed
	// at the right of their moves' column. The list keeps room for them only when
	// ReviewPanel.Scores is set.
	RedScore, BlackScore string
}

// Dialog is a modal panel over the board: a menu, a confirmation, a message or the help.
type Dialog struct {
	// Title is the panel's heading.
	Title string
	// Text is shown as paragraphs; long text is wrapped and can be scrolled with Scroll.
	Text []string
	// Buttons are laid out in one row, or as a vertical list when Vertical is set (menus).
	Buttons  []Button
	Vertical bool
	// Scroll is how far the text is scrolled, in pixels (clamped by the renderer).
	Scroll int
}

// View is everything one frame shows. Squares are numbered file + 9*rank (file 0..8 = a..i,
// rank 0..9 from Red's side), as in the xiangqi package.
type View struct {
	// Board holds the piece on each square.
	Board [90]Piece
	// Flipped shows the board from Black's side (Black at the bottom).
	Flipped bool
	// Selected is the square of the selected piece, or NoSquare.
	Selected int
	// Targets are the legal destinations of the selected piece (yellow dots).
	Targets []int
	// LastFrom and LastTo are the squares of the last move, or NoSquare.
	LastFrom, LastTo int
	// Check is the square of the general in check, or NoSquare.
	Check int
	// Perpetual holds, when the game ended by a perpetual check or chase, the squares of the
	// losing side's attacking piece and of the piece it attacked (orange rings); nil
	// otherwise.
	Perpetual []int
	// RedToMove colours the side-to-move marker of the status bar; ToMove, when it has a
	// label, is drawn as that marker (the mover's general).
	RedToMove bool
	ToMove    Piece
	// Status is the status bar's main line ("Your move", "Check! Your move", the result);
	// Detail its smaller second line; Tone the main line's colour.
	Status string
	Detail string
	Tone   Tone
	// Moves is the move list; MoveScroll is how many pixels it is scrolled back from the
	// latest move (0 shows the latest; clamped by the renderer).
	Moves      []MoveRow
	MoveScroll int
	// Bar is the row of buttons at the bottom (or the side in landscape).
	Bar []Button
	// Toast is a short message shown for a few seconds in a panel at the top of the move list
	// (why a touch was refused); "" shows none. It takes no touches.
	Toast string
	// ToastButton, when not nil with a Toast, is a button in the toast's panel (the rules
	// lesson's "Why?" after an illegal move); the toast then takes that button's touches.
	ToastButton *Button
	// Marks are the rules lesson's marks on the board (tapped, right, missed, wrong).
	Marks []BoardMark
	// Dialog, when not nil, is drawn over everything and takes every touch.
	Dialog *Dialog
	// Review, when not nil, turns the move-list panel into the review panel: the evaluation
	// graph, a row of panel buttons and the words on the current move above the move list.
	Review *ReviewPanel
	// Palette, when not nil, turns the move-list panel into the position editor's palette.
	Palette *Palette
	// Arrows are drawn over the pieces (a better move, a hint, a threat).
	Arrows []Arrow
	// Threatened are the squares of the player's pieces that would be lost to an exchange
	// (drawn with a red dashed-looking ring).
	Threatened []int
	// Vietnamese draws the board's text in the Vietnamese style: Arabic file numbers 1..9 for
	// both sides (each from its own right) and the river text "Sở hà  Hán giới", instead of
	// Red's Chinese numerals 一..九 and 楚河 漢界.
	Vietnamese bool
}

// EmptyView returns a view with no pieces and no selection, last move or check.
func EmptyView() View {
	return View{Selected: NoSquare, LastFrom: NoSquare, LastTo: NoSquare, Check: NoSquare}
}
