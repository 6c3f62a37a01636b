package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/cotuong-ai/cotuong/engine"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var (
	buildOnce sync.Once
	binPath   string
	buildErr  error
	buildDir  string
)

func TestMain(m *testing.M) {
	code := m.Run()
	if buildDir != "" {
		os.RemoveAll(buildDir)
	}
	os.Exit(code)
}

// engineBinary builds this command once into a temporary directory.
func engineBinary(t *testing.T) string {
	t.Helper()
	buildOnce.Do(func() {
		buildDir, buildErr = os.MkdirTemp("", "cotuong-uci-")
		if buildErr != nil {
			return
		}
		binPath = filepath.Join(buildDir, "uci")
		out, err := exec.Command("go", "build", "-o", binPath, ".").CombinedOutput()
		if err != nil {
			buildErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	require.NoError(t, buildErr)
	return binPath
}

// proc is a UCI engine process.
type proc struct {
	t     *testing.T
	name  string
	cmd   *exec.Cmd
	in    io.WriteCloser
	lines chan string
}

func startProc(t *testing.T, name, path string, args ...string) *proc {
	t.Helper()
	cmd := exec.Command(path, args...)
	in, err := cmd.StdinPipe()
	require.NoError(t, err)
	out, err := cmd.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start(), "starting %s", path)
	p := &proc{t: t, name: name, cmd: cmd, in: in, lines: make(chan string, 4096)}
	go func() {
		sc := bufio.NewScanner(out)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for sc.Scan() {
			p.lines <- sc.Text()
		}
		close(p.lines)
	}()
	t.Cleanup(func() {
		p.in.Close()
		done := make(chan struct{})
		go func() { p.cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			p.cmd.Process.Kill()
			<-done
		}
	})
	return p
}

func (p *proc) send(cmds ...string) {
	p.t.Helper()
	for _, c := range cmds {
		_, err := io.WriteString(p.in, c+"\n")
		require.NoError(p.t, err, "%s: writing %q", p.name, c)
	}
}

func (p *proc) until(prefix string, timeout time.Duration) []string {
	p.t.Helper()
	deadline := time.After(timeout)
	var got []string
	for {
		select {
		case l, ok := <-p.lines:
			if !ok {
				p.t.Fatalf("%s: output ended waiting for %q; got:\n%s", p.name, prefix, strings.Join(got, "\n"))
			}
			got = append(got, l)
			if strings.HasPrefix(l, prefix) {
				return got
			}
		case <-deadline:
			p.t.Fatalf("%s: no %q within %v; got:\n%s", p.name, prefix, timeout, strings.Join(got, "\n"))
		}
	}
}

func bestmoveOf(line string) string {
	f := strings.Fields(line)
	if len(f) < 2 {
		return ""
	}
	return f[1]
}

// The real binary: a full exchange per game, perft, quit.
func TestBinary(t *testing.T) {
	p := startProc(t, "cotuong", engineBinary(t))
	p.send("uci")
	p.until("uciok", 10*time.Second)
	for _, c := range []struct {
		variant  string
		moves    string
		perft2   string
		legalFor engine.Variant
	}{{"chess", "e2e4 e7e5", "Nodes searched: 400", engine.Chess},
		{"xiangqi", "h2e2 h9g7", "Nodes searched: 1920", engine.Xiangqi}} {
		p.send("setoption name UCI_Variant value "+c.variant, "ucinewgame", "isready")
		p.until("readyok", 5*time.Second)
		p.send("position startpos moves "+c.moves, "go depth 3")
		ls := p.until("bestmove", 20*time.Second)
		g, err := engine.ParseGame(c.legalFor, "startpos moves "+c.moves)
		require.NoError(t, err)
		_, err = g.ParseMove(bestmoveOf(ls[len(ls)-1]))
		assert.NoError(t, err, "%s bestmove %q", c.variant, ls[len(ls)-1])
		assert.Contains(t, ls[len(ls)-2], "info depth 3 ")
		p.send("position startpos", "go perft 2")
		ls = p.until("Nodes searched", 10*time.Second)
		assert.Equal(t, c.perft2, ls[len(ls)-1])
	}
	p.send("quit")
	done := make(chan error, 1)
	go func() { done <- p.cmd.Wait() }()
	select {
	case err := <-done:
		assert.NoError(t, err)
	case <-time.After(5 * time.Second):
		t.Fatal("the engine did not exit after quit")
	}
}

// The binary at the end of piped input finishes a timed search first (echo ... | uci).
func TestBinaryPipedInput(t *testing.T) {
	cmd := exec.Command(engineBinary(t))
	cmd.Stdin = strings.NewReader("setoption name UCI_Variant value xiangqi\nposition startpos\ngo depth 2\n")
	out, err := cmd.Output()
	require.NoError(t, err)
	assert.Regexp(t, `(?m)^bestmove [a-i][0-9][a-i][0-9]`, string(out))
}

// The binary given "quit" right after a perft of hours (xiangqi perft 9 is about 10^14
// leaves) exits with status 0, printing no count, only why there is none. The minute's
// timeout only keeps a hung engine from hanging the test.
func TestBinaryQuitDuringPerft(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, engineBinary(t))
	cmd.Stdin = strings.NewReader("setoption name UCI_Variant value xiangqi\nposition startpos\ngo perft 9\nquit\n")
	out, err := cmd.Output()
	require.NoError(t, err, "output: %s", out)
	assert.Equal(t, "info string perft 9 abandoned by quit: no count\n", string(out))
}
