package ptx_test

import (
	"path/filepath"
	"testing"

	"github.com/cudafp/cudafp/internal/golden"
	"github.com/cudafp/cudafp/ptx"
	"github.com/cudafp/cudafp/rounding"
)

// tanh16Forms are tanh.approx.f16 and tanh.approx.bf16 with the device's
// whole tables (testdata/golden16/default/<id>.txt.gz: htanh_approx is the
// instruction alone, in inline asm that no flag changes) and the
// conversions around TanhApprox.
var tanh16Forms = []struct {
	id    string
	f     func(uint16) uint16
	to32  func(uint16) uint32
	from  func(uint32, rounding.Mode) uint16
	isNaN func(uint16) bool
}{
	{"f16_htanh_approx", ptx.TanhApproxF16, rounding.F16ToF32, rounding.F32ToF16, func(u uint16) bool { return u&0x7fff > 0x7c00 }},
	{"bf16_htanh_approx", ptx.TanhApproxBF16, rounding.BF16ToF32, rounding.F32ToBF16, func(u uint16) bool { return u&0x7fff > 0x7f80 }},
}

func loadTable16(t *testing.T, id string) []uint64 {
	t.Helper()
	f, err := golden.Load(filepath.Join("..", "testdata", "golden16", "default", id+".txt.gz"))
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Table) != 1<<16 {
		t.Fatalf("%s: table of %d outputs, want 65536", id, len(f.Table))
	}
	return f.Table
}

// TestTanhApprox16 compares each 16-bit form with the device on all 65,536
// inputs.
func TestTanhApprox16(t *testing.T) {
	for _, c := range tanh16Forms {
		tab := loadTable16(t, c.id)
		bad := 0
		for u := range 1 << 16 {
			if got, want := c.f(uint16(u)), uint16(tab[u]); got != want {
				if bad < 10 {
					t.Errorf("%s(%#04x) = %#04x, device %#04x", c.id, u, got, want)
				}
				bad++
			}
		}
		if bad > 0 {
			t.Errorf("%s: %d of 65536 mismatches", c.id, bad)
		}
	}
}

// TestTanhApprox16Truncates records what the fit found: rounding
// TanhApprox's float32 result to nearest instead of toward zero disagrees
// with the device (on inputs whose float32 result lies above the 16-bit
// midpoint), and toward zero agrees on every number (TestTanhApprox16).
func TestTanhApprox16Truncates(t *testing.T) {
	for _, c := range tanh16Forms {
		tab := loadTable16(t, c.id)
		rnBad, rzBad := 0, 0
		for u := range 1 << 16 {
			x := uint16(u)
			if c.isNaN(x) {
				continue
			}
			v := ptx.TanhApprox(c.to32(x))
			if c.from(v, rounding.RN) != uint16(tab[u]) {
				rnBad++
			}
			if c.from(v, rounding.RZ) != uint16(tab[u]) {
				rzBad++
			}
		}
		t.Logf("%s: rounded to nearest %d mismatches, truncated %d", c.id, rnBad, rzBad)
		if rnBad == 0 || rzBad != 0 {
			t.Errorf("%s: rounded to nearest %d mismatches, truncated %d: want some and none", c.id, rnBad, rzBad)
		}
	}
}

// BenchmarkTanhApprox16 times each 16-bit form over all 65,536 encodings
// (ns/call).
func BenchmarkTanhApprox16(b *testing.B) {
	for _, c := range tanh16Forms {
		b.Run(c.id, func(b *testing.B) {
			var s uint16
			for b.Loop() {
				for u := range 1 << 16 {
					s += c.f(uint16(u))
				}
			}
			sink16 = s
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N<<16), "ns/call")
		})
	}
}

var sink16 uint16
