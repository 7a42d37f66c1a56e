package rounding_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/cudafp/cudafp/internal/f32"
	"github.com/cudafp/cudafp/rounding"
)

// maxFailures caps the failures one test reports (the runtime's "too many
// errors" after 10): a broken kernel fails fast with a readable log.
const maxFailures = 10

// same reports whether two float32 results agree: equal encodings. The
// arithmetic operations return the canonical NaN 0x7fffffff, so NaNs are
// compared bit for bit too.
func same(a, b uint32) bool { return a == b }

// fmtArgs formats operands as "0x3f800000 [0x1p+00 1]".
func fmtArgs(xs ...uint32) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = f32.Format(x)
	}
	return strings.Join(s, ", ")
}

// failure formats a mismatch: function, inputs, mode, ftz, got and want.
func failure(fn string, args []uint32, m rounding.Mode, ftz bool, got, want uint32) string {
	return fmt.Sprintf("%s(%s) mode=%v ftz=%v = %s, want %s", fn, fmtArgs(args...), m, ftz, f32.Format(got), f32.Format(want))
}

// failCounter reports at most maxFailures failures through t.Errorf, then
// stops the test. It is safe for parallel subtests sharing it.
type failCounter struct {
	mu sync.Mutex
	n  int
}

func (c *failCounter) fail(t testing.TB, msg string) {
	t.Helper()
	c.mu.Lock()
	c.n++
	n := c.n
	c.mu.Unlock()
	if n <= maxFailures {
		t.Error(msg)
	}
	if n >= maxFailures {
		t.Fatalf("too many failures (%d)", n)
	}
}

// sharedDir returns the project's shared folder: ../shared beside the
// repository root, which is found by walking up to go.mod.
func sharedDir(t testing.TB) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return filepath.Join(filepath.Dir(dir), "shared")
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatalf("no go.mod above %s: cannot locate the repository root", dir)
		}
		dir = parent
	}
}

// Operation tables shared by the tests: every binary, unary and ternary
// float32 operation of the package with its oracle.
type binOp struct {
	name   string
	f      func(x, y uint32, m rounding.Mode, ftz bool) uint32
	oracle func(x, y uint32, m rounding.Mode, ftz bool) uint32
}

type unOp struct {
	name   string
	f      func(x uint32, m rounding.Mode, ftz bool) uint32
	oracle func(x uint32, m rounding.Mode, ftz bool) uint32
}

var ftzs = [...]bool{false, true}
