package uci

import (
	"bufio"
	"io"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// harness runs an Engine in-process on pipes.
type harness struct {
	t     *testing.T
	in    *io.PipeWriter
	lines chan string
	done  chan error
	log   []string // every line read so far
}

func start(t *testing.T) *harness {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	h := &harness{t: t, in: inW, lines: make(chan string, 10000), done: make(chan error, 1)}
	e := New(outW, 1)
	go func() {
		err := e.Run(inR)
		outW.Close()
		h.done <- err
	}()
	go func() {
		sc := bufio.NewScanner(outR)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for sc.Scan() {
			h.lines <- sc.Text()
		}
		close(h.lines)
	}()
	t.Cleanup(func() {
		h.in.Close()
		select {
		case <-h.done:
		case <-time.After(10 * time.Second):
			t.Errorf("engine did not end after its input closed")
		}
	})
	return h
}

// send writes command lines.
func (h *harness) send(cmds ...string) {
	h.t.Helper()
	for _, c := range cmds {
		_, err := io.WriteString(h.in, c+"\n")
		require.NoError(h.t, err, "writing %q", c)
	}
}

// next returns the next output line, failing after timeout.
func (h *harness) next(timeout time.Duration) (string, bool) {
	select {
	case l, ok := <-h.lines:
		if ok {
			h.log = append(h.log, l)
		}
		return l, ok
	case <-time.After(timeout):
		return "", false
	}
}

// until reads lines until one starts with prefix and returns the lines read, that one last.
func (h *harness) until(prefix string, timeout time.Duration) []string {
	h.t.Helper()
	deadline := time.Now().Add(timeout)
	var got []string
	for {
		l, ok := h.next(time.Until(deadline))
		if !ok {
			buf := make([]byte, 1<<20)
			buf = buf[:runtime.Stack(buf, true)]
			h.t.Fatalf("no line starting with %q within %v; got:\n%s\n\ngoroutines:\n%s", prefix, timeout, strings.Join(got, "\n"), buf)
		}
		got = append(got, l)
		if strings.HasPrefix(l, prefix) {
			return got
		}
	}
}

// quiet checks that no line comes within d.
func (h *harness) quiet(d time.Duration) {
	h.t.Helper()
	if l, ok := h.next(d); ok {
		h.t.Fatalf("unexpected output %q", l)
	}
}

// bestmove reads until bestmove and returns the move ("(none)" included) and all lines.
func (h *harness) bestmove(timeout time.Duration) (string, []string) {
	h.t.Helper()
	ls := h.until("bestmove", timeout)
	f := strings.Fields(ls[len(ls)-1])
	require.GreaterOrEqual(h.t, len(f), 2, "bestmove line %q", ls[len(ls)-1])
	return f[1], ls
}

// infoStrings returns the "info string" messages among lines.
func infoStrings(lines []string) []string {
	var out []string
	for _, l := range lines {
		if s, ok := strings.CutPrefix(l, "info string "); ok {
			out = append(out, s)
		}
	}
	return out
}
