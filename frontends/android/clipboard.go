package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/cotuong-ai/cotuong/frontends/app/controller"
)

// FENFile is the name of the file, in the data folder, that Records → Copy FEN writes and Paste
// FEN reads when no X11 clipboard tool is installed.
const FENFile = "position.fen"

// PGNFile is the file, in the data folder, that Records → Export PGN writes and Import PGN
// reads when no X11 clipboard tool is installed.
const PGNFile = "game.pgn"

// fileClipboard is the desktop's controller.Clipboard. x/mobile has no clipboard, so it uses
// the X11 clipboard through xclip or xsel when one of them is installed (neither is always
// there), and otherwise the file FENFile in the data folder: Copy writes the FEN there, Paste
// reads what was put there. Its work runs on a goroutine of its own and ends in an event.
type fileClipboard struct {
	dir  string
	post func(any)
	// look finds a program (exec.LookPath; tests replace it).
	look func(string) (string, error)
}

// tool returns the command line that copies (or, with out, pastes) through the X11 clipboard,
// nil when no tool is installed or there is no X display.
func (c fileClipboard) tool(out bool) []string {
	if os.Getenv("DISPLAY") == "" {
		return nil
	}
	if p, err := c.look("xclip"); err == nil {
		if out {
			return []string{p, "-selection", "clipboard", "-o"}
		}
		return []string{p, "-selection", "clipboard", "-i"}
	}
	if p, err := c.look("xsel"); err == nil {
		if out {
			return []string{p, "--clipboard", "--output"}
		}
		return []string{p, "--clipboard", "--input"}
	}
	return nil
}

// Copy puts text on the X11 clipboard, or into FENFile.
func (c fileClipboard) Copy(text string) { c.copyTo(text, FENFile) }

// CopyPGN puts a game's PGN on the X11 clipboard, or into PGNFile.
func (c fileClipboard) CopyPGN(text string) { c.copyTo(text, PGNFile) }

// Paste reads the X11 clipboard, or FENFile.
func (c fileClipboard) Paste() { c.pasteFrom(FENFile, "a FEN") }

// PastePGN reads the X11 clipboard, or PGNFile.
func (c fileClipboard) PastePGN() { c.pasteFrom(PGNFile, "a PGN") }

// copyTo puts text on the X11 clipboard, or into the file name of the data folder.
func (c fileClipboard) copyTo(text, name string) {
	go func() {
		if args := c.tool(false); args != nil {
			ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
			defer cancel()
			cmd := exec.CommandContext(ctx, args[0], args[1:]...)
			cmd.Stdin = strings.NewReader(text)
			if err := cmd.Run(); err == nil {
				c.post(controller.Copied{Where: "the clipboard"})
				return
			}
		}
		if c.dir == "" {
			c.post(controller.Copied{Err: errors.New("no clipboard and no data folder")})
			return
		}
		p := filepath.Join(c.dir, name)
		err := os.MkdirAll(c.dir, 0o755)
		if err == nil {
			err = os.WriteFile(p, []byte(text+"\n"), 0o644)
		}
		c.post(controller.Copied{Where: p, Err: err})
	}()
}

// pasteFrom reads the X11 clipboard, or the file name of the data folder (what: "a FEN").
func (c fileClipboard) pasteFrom(name, what string) {
	go func() {
		if args := c.tool(true); args != nil {
			ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
			defer cancel()
			var out bytes.Buffer
			cmd := exec.CommandContext(ctx, args[0], args[1:]...)
			cmd.Stdout = &out
			if err := cmd.Run(); err == nil && strings.TrimSpace(out.String()) != "" {
				c.post(controller.Pasted{Text: out.String()})
				return
			}
		}
		if c.dir == "" {
			c.post(controller.Pasted{Err: errors.New("no clipboard and no data folder")})
			return
		}
		p := filepath.Join(c.dir, name)
		b, err := os.ReadFile(p)
		if errors.Is(err, fs.ErrNotExist) {
			err = fmt.Errorf("no clipboard tool (xclip, xsel), so put %s in %s", what, p)
		}
		c.post(controller.Pasted{Text: string(b), Err: err})
	}()
}
