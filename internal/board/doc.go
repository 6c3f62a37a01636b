// Package board draws a chess or xiangqi position as text for a terminal: Unicode pieces
// (Chinese characters, Vietnamese letters or FEN letters for xiangqi; chess symbols or FEN
// letters for chess), files and ranks labelled, optionally in ANSI colour and seen from
// either side.
package board
