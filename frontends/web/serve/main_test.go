package main

import (
	"net"
	"strconv"
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
	_, port, err2 := net.SplitHostPort(addr)
	require.NoError(t, err2)
	n, err2 := strconv.Atoi(port)
	require.NoError(t, err2)
	assert.EqualError(t, err, `-addr "`+addr+`": the address is in use (another program, or another serve, listens there); `+
		`stop it or choose another port, e.g. -addr 127.0.0.1:`+strconv.Itoa(n+1))
	assert.NotContains(t, err.Error(), "want host:port", "not a format error")
	assert.Equal(t, ":8081", otherPort(":8080"))
	assert.Equal(t, "[::1]:8081", otherPort("[::1]:8080"))
	assert.Equal(t, ":8081", otherPort("bogus"))

	// Writing a site to a folder listens nowhere: the address is not looked at, and the
	// missing go command is what fails.
	err = run("bogus", "", t.TempDir(), "/nonexistent/go")
	require.Error(t, err)
	assert.NotContains(t, err.Error(), "-addr")
}

func TestPageURL(t *testing.T) {
	assert.Equal(t, "http://127.0.0.1:8080/", pageURL(&net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 8080}))
	assert.Equal(t, "http://127.0.0.1:8080/", pageURL(&net.TCPAddr{IP: net.IPv6zero, Port: 8080}))
	assert.Equal(t, "http://[::1]:9000/", pageURL(&net.TCPAddr{IP: net.IPv6loopback, Port: 9000}))
}

// fakeIfaces is a machine with a loopback, a Wi-Fi interface with a private IPv4 address, a
// global IPv6 address and a link-local one, a wired interface that is down, and a bridge.
func fakeIfaces() []netIface {
	cidr := func(s string) net.Addr {
		ip, n, err := net.ParseCIDR(s)
		if err != nil {
			panic(err)
		}
		n.IP = ip
		return n
	}
	return []netIface{
		{Name: "lo", Up: true, Loopback: true, Addrs: []net.Addr{cidr("127.0.0.1/8"), cidr("::1/128")}},
		{Name: "wlan0", Up: true, Addrs: []net.Addr{cidr("192.168.1.20/24"), cidr("2001:db8::5/64"), cidr("fe80::1/64")}},
		{Name: "eth0", Up: false, Addrs: []net.Addr{cidr("10.0.0.7/8")}},
		{Name: "br0", Up: true, Addrs: []net.Addr{&net.IPAddr{IP: net.ParseIP("172.17.0.1")}, cidr("169.254.3.4/16")}},
	}
}

// TestAnnounce: on every interface serve prints the loopback address and each LAN address of
// an interface that is up (IPv4 and IPv6 unicast, with the interface's name; no loopback,
// link-local or down interface), says a phone on the same network opens them and that
// installing and offline play need HTTPS there. The interfaces are a fake list: nothing is
// sent anywhere.
func TestAnnounce(t *testing.T) {
	all := &net.TCPAddr{IP: net.IPv6zero, Port: 8080}
	assert.Equal(t, []string{
		"play at http://127.0.0.1:8080/ (Ctrl-C stops)",
		"a phone or computer on the same network opens this machine's address:",
		"  http://192.168.1.20:8080/  (wlan0)",
		"  http://[2001:db8::5]:8080/  (wlan0)",
		"  http://172.17.0.1:8080/  (br0)",
		"there the game plays, but installing it and playing offline need HTTPS (browsers allow them without it only on localhost): serve the -out folder over HTTPS for that",
	}, announce(all, fakeIfaces()))

	// Loopback only: no LAN line.
	assert.Equal(t, []string{"play at http://127.0.0.1:8080/ (Ctrl-C stops)"},
		announce(&net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 8080}, fakeIfaces()))
	// Every interface, but no network: said so.
	assert.Equal(t, []string{
		"play at http://127.0.0.1:8080/ (Ctrl-C stops)",
		"no network address other than loopback was found: other devices cannot reach this machine",
	}, announce(all, fakeIfaces()[:1]))
	// One LAN address given with -addr: that one, with the HTTPS note.
	lines := announce(&net.TCPAddr{IP: net.IPv4(192, 168, 1, 20), Port: 9000}, fakeIfaces())
	assert.Equal(t, "play at http://192.168.1.20:9000/ (Ctrl-C stops)", lines[0])
	assert.Len(t, lines, 2)
	assert.Contains(t, lines[1], "need HTTPS")
}

// TestInterfacesReal: the real list reads without error and holds a loopback interface (only
// read, nothing sent).
func TestInterfacesReal(t *testing.T) {
	ifs, err := interfaces()
	require.NoError(t, err)
	lo := false
	for _, it := range ifs {
		lo = lo || it.Loopback
	}
	assert.True(t, lo, "%+v", ifs)
}
