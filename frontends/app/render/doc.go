// Package render draws frames of the xiangqi app into an *image.RGBA, with no platform code:
// the wooden board with its lines, palaces, river text (楚河 漢界), position marks and the file
// numbers of both sides (Red's 九..一 in Chinese numerals, Black's 1..9; in the Vietnamese style
// View.Vietnamese, digits for both and the river text Sở hà  Hán giới), the pieces as ivory
// discs with red or black writing (Chinese characters or Vietnamese letters), yellow dots on
// legal destinations, a blue tint on the last move, a green ring on the selection, a red glow
// on a general in check, the status bar, the scrollable move list, the button bar and modal
// dialogs (menu, confirmation, help).
//
// A View says what to show; Renderer.Draw draws it and returns the Layout it used, whose Hit
// method maps a touch to what is drawn under it (an intersection, a button, the move list).
// The board's geometry comes from package board, so drawing and touches agree.
//
// Every text is drawn with the fonts embedded by package font. A Renderer caches the board
// background, piece images and text; drawing a 600×800 frame costs about 2 ms.
package render
