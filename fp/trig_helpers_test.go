package fp_test

import (
	"math"
	"testing"

	"github.com/cudafp/cudafp/internal/f32"
	"github.com/cudafp/cudafp/internal/golden"
)

// The special-case tables of the trigonometric tests name device results:
// every row's input is a point of the device's special grid, and
// TestTrigTablesMatchDevice checks each row against the golden file of its
// flag set, so no expected value rests on memory.

// oneRow is a row of a one-result table: input, result, label.
type oneRow struct {
	x, want uint32
	why     string
}

// twoRow is a row of a two-result table (sincosf, sincospif).
type twoRow struct {
	x, s, c uint32
	why     string
}

// fmtF formats an encoding as bits and hex float.
func fmtF(u uint32) string { return f32.Format(u) }

// deviceSpecial returns the device's results on the special grid of
// function id under flag set fs ("default", "ftz", "fast", …), keyed by
// input encoding; two results are packed first<<32 | second.
func deviceSpecial(t *testing.T, fs, id string) map[uint32]uint64 {
	t.Helper()
	file, err := golden.Load("../testdata/golden/" + fs + "/" + id + ".txt.gz")
	if err != nil {
		t.Fatal(err)
	}
	m := make(map[uint32]uint64, len(file.Grid))
	for i, want := range file.Special {
		m[uint32(file.Grid[i])] = want
	}
	return m
}

// checkOneTable checks a one-result table against the device.
func checkOneTable(t *testing.T, fs, id string, rows []oneRow) {
	t.Helper()
	dev := deviceSpecial(t, fs, id)
	for _, r := range rows {
		want, ok := dev[r.x]
		switch {
		case !ok:
			t.Errorf("%s %s table row %q: input %s is not on the device's special grid", id, fs, r.why, fmtF(r.x))
		case uint64(r.want) != want:
			t.Errorf("%s %s table row %q: %s, device %s", id, fs, r.why, fmtF(r.want), fmtF(uint32(want)))
		}
	}
}

// checkTwoTable checks a two-result table against the device.
func checkTwoTable(t *testing.T, fs, id string, rows []twoRow) {
	t.Helper()
	dev := deviceSpecial(t, fs, id)
	for _, r := range rows {
		want, ok := dev[r.x]
		switch {
		case !ok:
			t.Errorf("%s %s table row %q: input %s is not on the device's special grid", id, fs, r.why, fmtF(r.x))
		case uint64(r.s)<<32|uint64(r.c) != want:
			t.Errorf("%s %s table row %q: %s, %s; device %s, %s", id, fs, r.why, fmtF(r.s), fmtF(r.c), fmtF(uint32(want>>32)), fmtF(uint32(want)))
		}
	}
}

// checkOne runs a one-result function over a table.
func checkOne(t *testing.T, name string, f func(uint32) uint32, rows []oneRow) {
	t.Helper()
	for _, r := range rows {
		if got := f(r.x); got != r.want {
			t.Errorf("%s(%s) = %s, want %s (%s)", name, fmtF(r.x), fmtF(got), fmtF(r.want), r.why)
		}
	}
}

// checkTwo runs a two-result function over a table.
func checkTwo(t *testing.T, name string, f func(uint32) (uint32, uint32), rows []twoRow) {
	t.Helper()
	for _, r := range rows {
		if s, c := f(r.x); s != r.s || c != r.c {
			t.Errorf("%s(%s) = %s, %s; want %s, %s (%s)", name, fmtF(r.x), fmtF(s), fmtF(c), fmtF(r.s), fmtF(r.c), r.why)
		}
	}
}

// bitsOf adapts a float32 function to encodings.
func bitsOf(f func(float32) float32) func(uint32) uint32 {
	return func(u uint32) uint32 { return math.Float32bits(f(math.Float32frombits(u))) }
}

// bitsOf2 adapts a float32 function of two results to encodings.
func bitsOf2(f func(float32) (float32, float32)) func(uint32) (uint32, uint32) {
	return func(u uint32) (uint32, uint32) {
		s, c := f(math.Float32frombits(u))
		return math.Float32bits(s), math.Float32bits(c)
	}
}
