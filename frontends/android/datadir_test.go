package main

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func env(goos, flag string, vars map[string]string, cmdline string) Env {
	return Env{
		GOOS:          goos,
		Flag:          flag,
		Getenv:        func(k string) string { return vars[k] },
		UserConfigDir: func() (string, error) { return "/home/p/.config", nil },
		Cmdline: func() ([]byte, error) {
			if cmdline == "" {
				return nil, errors.New("no /proc")
			}
			return []byte(cmdline), nil
		},
	}
}

func TestDataDir(t *testing.T) {
	cases := []struct {
		name string
		e    Env
		want string
	}{
		{"flag first", env("linux", "/x", map[string]string{"COTUONG_DATA_DIR": "/y"}, ""), "/x"},
		{"env next", env("linux", "", map[string]string{"COTUONG_DATA_DIR": "/y"}, ""), "/y"},
		{"desktop default", env("linux", "", nil, ""), "/home/p/.config/cotuong"},
		{"android from TMPDIR", env("android", "", map[string]string{"TMPDIR": "/data/user/0/com.github.cotuongai.xiangqi/cache"}, ""),
			"/data/user/0/com.github.cotuongai.xiangqi/files"},
		{"android from cmdline", env("android", "", nil, "com.github.cotuongai.xiangqi\x00\x00"), "/data/data/com.github.cotuongai.xiangqi/files"},
		{"android process name", env("android", "", nil, "com.github.cotuongai.xiangqi:bg\x00"), "/data/data/com.github.cotuongai.xiangqi/files"},
		{"android env wins", env("android", "", map[string]string{"COTUONG_DATA_DIR": "/sdcard/x", "TMPDIR": "/data/user/0/p/cache"}, ""), "/sdcard/x"},
	}
	for _, c := range cases {
		got, err := DataDir(c.e)
		require.NoError(t, err, c.name)
		assert.Equal(t, c.want, got, c.name)
	}
	_, err := DataDir(env("android", "", nil, ""))
	assert.ErrorContains(t, err, "no data folder")
	_, err = DataDir(env("android", "", map[string]string{"TMPDIR": "relative"}, "/system/bin/app_process\x00"))
	assert.Error(t, err, "a path is not a package name")
}
