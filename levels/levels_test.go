package levels

import (
	"testing"
	"time"

	"github.com/cotuong-ai/cotuong/gamesearch"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The values come from the issue (the seeds' three levels plus Master).
func TestTable(t *testing.T) {
	want := []struct {
		name  string
		depth int
		ms    int
	}{{"Easy", 1, 300}, {"Medium", 2, 700}, {"Hard", 3, 1200}, {"Master", 0, 3000}}
	all := All()
	require.Len(t, all, len(want))
	for i, w := range want {
		assert.Equal(t, w.name, all[i].Name)
		assert.Equal(t, w.depth, all[i].Depth)
		assert.Equal(t, time.Duration(w.ms)*time.Millisecond, all[i].Time)
	}
}

func TestParse(t *testing.T) {
	for _, in := range []string{"easy", "EASY", " Easy ", "1"} {
		l, err := Parse(in)
		require.NoError(t, err, in)
		assert.Equal(t, Easy, l)
	}
	l, err := Parse("4")
	require.NoError(t, err)
	assert.Equal(t, Master, l)
	for _, in := range []string{"", "0", "5", "expert", "-1"} {
		_, err := Parse(in)
		assert.Error(t, err, in)
	}
}

func TestLimits(t *testing.T) {
	assert.Equal(t, gamesearch.Limits{Depth: 3, Time: 1200 * time.Millisecond}, Hard.Limits())
	assert.Equal(t, gamesearch.Limits{Depth: 0, Time: 3 * time.Second}, Master.Limits())
}
