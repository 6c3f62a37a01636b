package main

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/cotuong-ai/cotuong/games/chess"
)

// writePGN writes one chess game with the chess package's PGN writer: the Seven Tag Roster,
// the opening and the termination as tags, SAN movetext.
func writePGN(w io.Writer, g GameResult) error {
	cg, err := chess.ParseGame("fen " + g.StartFEN + " moves " + strings.Join(g.Moves, " "))
	if err != nil {
		return fmt.Errorf("game %d: %w", g.Index+1, err)
	}
	pg := &chess.PGNGame{Game: cg, Result: resultToken(g)}
	pg.SetTag("Event", "cotuong match")
	pg.SetTag("Date", time.Now().Format("2006.01.02"))
	pg.SetTag("Round", strconv.Itoa(g.Index+1))
	pg.SetTag("White", g.Players[0])
	pg.SetTag("Black", g.Players[1])
	pg.SetTag("Opening", g.Opening)
	pg.SetTag("Termination", g.Desc)
	return chess.WritePGN(w, pg)
}
