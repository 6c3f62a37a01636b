package peer

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// sh is on every system the tests run on (POSIX requires it): Path finds it as a file.
func TestPathFindsAProgramOnPath(t *testing.T) {
	p := Path(t, "sh")
	assert.True(t, filepath.IsAbs(p), p)
	st, err := os.Stat(p)
	require.NoError(t, err)
	assert.False(t, st.IsDir())
}
