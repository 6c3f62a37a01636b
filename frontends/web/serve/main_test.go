package main

import (
	"net"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestBadAddr: a bad or busy -addr is reported first, naming the address, before any build
// (the go command given does not exist, so a build would fail with another error).
func TestBadAddr(t *testing.T) {
	err := run("bogus", "", "", "/nonexistent/go")
	assert.EqualError(t, err, `-addr "bogus": cannot listen there (address bogus: missing port in address); want host:port, e.g. 127.0.0.1:8080, or :8080 for every interface`)

	busy, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	defer busy.Close()
	addr := busy.Addr().String()
	err = run(addr, "", "", "/nonexistent/go")
	require.Error(t, err)
	assert.True(t, strings.HasPrefix(err.Error(), `-addr "`+addr+`": cannot listen there (`), err.Error())
	assert.Contains(t, err.Error(), "address already in use")

	// Writing a site to a folder listens nowhere: the address is not looked at, and the
	// missing go command is what fails.
	err = run("bogus", "", t.TempDir(), "/nonexistent/go")
	require.Error(t, err)
	assert.NotContains(t, err.Error(), "-addr")
}

func TestPageURL(t *testing.T) {
	assert.Equal(t, "http://127.0.0.1:8080/", pageURL(&net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 8080}))
	assert.Equal(t, "http://127.0.0.1:8080/ (listening on every interface: other devices use this machine's address, port 8080)",
		pageURL(&net.TCPAddr{IP: net.IPv6zero, Port: 8080}))
	assert.Equal(t, "http://[::1]:9000/", pageURL(&net.TCPAddr{IP: net.IPv6loopback, Port: 9000}))
}
