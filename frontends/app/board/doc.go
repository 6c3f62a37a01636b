// Package board is the geometry of the xiangqi board on the screen: where each intersection
// is drawn and which intersection a touch hits. The cell size is the smaller of the width and
// height limits, the board is centred in its area, and the board can be flipped to be seen
// from Black's side. One function maps board points to screen columns and rows and back, so
// drawing and touches agree on every screen size and orientation.
//
// Files are 0..8 (a..i, left to right from Red's side) and ranks 0..9 (from Red's side), as in
// the xiangqi package's squares (square = file + 9*rank).
package board
