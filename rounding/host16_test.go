package rounding_test

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/cudafp/cudafp/internal/testflag"
	"github.com/cudafp/cudafp/rounding"
)

// The host paths of the 16-bit arithmetic (host16.go) against their
// integer kernels (half.go): add, sub and mul on all 2^32 operand pairs
// under CUDAFP_EXHAUSTIVE (every mode, ftz off and, for binary16, on), on
// a strided subset of about 2^19 pairs otherwise; fma on generated
// triples.

type hostCase16 struct {
	name      string
	ftzs      []bool
	fast, int func(x, y uint16, m rounding.Mode, ftz bool) uint16
}

var hostCases16 = []hostCase16{
	{"AddF16", []bool{false, true}, rounding.AddF16, rounding.AddF16Int},
	{"SubF16", []bool{false, true}, rounding.SubF16, func(x, y uint16, m rounding.Mode, ftz bool) uint16 { return rounding.AddF16Int(x, y^0x8000, m, ftz) }},
	{"MulF16", []bool{false, true}, rounding.MulF16, rounding.MulF16Int},
	{"AddBF16", []bool{false}, func(x, y uint16, m rounding.Mode, _ bool) uint16 { return rounding.AddBF16(x, y, m) }, rounding.AddBF16Int},
	{"SubBF16", []bool{false}, func(x, y uint16, m rounding.Mode, _ bool) uint16 { return rounding.SubBF16(x, y, m) }, func(x, y uint16, m rounding.Mode, ftz bool) uint16 { return rounding.AddBF16Int(x, y^0x8000, m, ftz) }},
	{"MulBF16", []bool{false}, func(x, y uint16, m rounding.Mode, _ bool) uint16 { return rounding.MulBF16(x, y, m) }, rounding.MulBF16Int},
}

// TestHost16Pairs compares each host path with its integer kernel on
// every pair (x, y) with x ≡ 0 (mod 13) and y ≡ 0 (mod 1021), in every mode
// and ftz setting (about 2^18 pairs, 2 s on x86-64 for all six); the steps
// are odd, so the pairs reach every class and exponent of both operands.
// Under CUDAFP_EXHAUSTIVE, add and mul (sub is add on y's other sign) are
// checked on all 2^32 pairs in RN, the mode PTX has, and on every pair
// with y ≡ 0 (mod 17) in the directed modes, in 256 parallel shards per
// operation (shard=hh: x's high byte; re-runnable with -run): about
// 3·10^10 checks, at some 2.5·10^6 checks/s per (loaded) x86-64 core
// (338·10^6 in 72 s on 2 shared cores): 3 to 4 core-hours, a quarter of
// an hour on 16 cores.
func TestHost16Pairs(t *testing.T) {
	for _, c := range hostCases16 {
		t.Run(c.name, func(t *testing.T) {
			var fc failCounter
			// check covers x in [x0, x1) by xStep, y by yStep (by
			// directedStep in the directed modes).
			check := func(t *testing.T, x0, x1, xStep, yStep, directedStep int) int {
				n := 0
				for x := x0; x < x1; x += xStep {
					for y := 0; y < 1<<16; y += yStep {
						for _, m := range rounding.Modes {
							if m != rounding.RN && y%directedStep != 0 {
								continue
							}
							for _, ftz := range c.ftzs {
								got, want := c.fast(uint16(x), uint16(y), m, ftz), c.int(uint16(x), uint16(y), m, ftz)
								n++
								if got != want {
									fc.fail(t, fmt.Sprintf("%s(%#04x, %#04x) mode=%v ftz=%v = %#04x, integer kernel %#04x", c.name, x, y, m, ftz, got, want))
								}
							}
						}
					}
				}
				return n
			}
			if !testflag.Exhaustive() || strings.HasPrefix(c.name, "Sub") { // sub: add on y's other sign
				t.Logf("%d checks (x step 13, y step 1021)", check(t, 0, 1<<16, 13, 1021, 1))
				return
			}
			for hi := range 256 {
				t.Run(fmt.Sprintf("shard=%02x", hi), func(t *testing.T) {
					t.Parallel()
					check(t, hi<<8, hi<<8+256, 1, 1, 17)
				})
			}
		})
	}
}

// TestHost16Fma compares the fma host paths with their integer kernels on
// generated triples, a third with z near -(x·y).
func TestHost16Fma(t *testing.T) {
	seed := testflag.Seed()
	t.Logf("seed %d (CUDAFP_SEED)", seed)
	n := 200000
	if testflag.Exhaustive() {
		n = 1 << 26
	} else if testing.Short() {
		n /= 10
	}
	for _, h := range halves {
		fast, int := h.fma, rounding.FmaF16Int
		if h.name == "BF16" {
			int = rounding.FmaBF16Int
		}
		t.Run(h.name, func(t *testing.T) {
			r := rand.New(rand.NewSource(int64(seed)))
			var fc failCounter
			checks := 0
			for range n {
				x, y, z := uint16(r.Uint32()), uint16(r.Uint32()), uint16(r.Uint32())
				if r.Intn(3) == 0 {
					z = near16(r, h, h.o.Mul16(x, y, rounding.RN, false)^0x8000)
				}
				for _, m := range rounding.Modes {
					for _, ftz := range h.ftzs {
						checks++
						if got, want := fast(x, y, z, m, ftz), int(x, y, z, m, ftz); got != want {
							fc.fail(t, fmt.Sprintf("Fma%s(%#04x, %#04x, %#04x) mode=%v ftz=%v = %#04x, integer kernel %#04x", h.name, x, y, z, m, ftz, got, want))
						}
					}
				}
			}
			t.Logf("%d checks", checks)
		})
	}
}
