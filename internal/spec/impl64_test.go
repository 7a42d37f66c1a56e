package spec_test

import (
	"math/rand/v2"
	"testing"

	"github.com/cudafp/cudafp/internal/f64"
	"github.com/cudafp/cudafp/internal/spec"
	"github.com/cudafp/cudafp/internal/testflag"
	"github.com/cudafp/cudafp/rounding"
)

// nanInputs are the NaN operands of TestImplOrdered: both signs, quiet and
// signalling, empty and full payloads.
var nanInputs = []uint64{0x7ff0000000000001, 0x7ff8000000000000, 0xfff0000000000002, 0xfff8000000000003, 0x7ff7ffffffffffff, 0xffffffffffffffff}

// besselMufuNaN lists the unary functions whose NaN argument meets an
// instruction's own NaN (the double Bessel functions).
var besselMufuNaN = map[string]bool{"j0": true, "j1": true, "y0": true, "y1": true, "jn": true, "yn": true}

// wantOrdered is the NaN an ordered function returns on in under orders o
// when an instruction of it has two NaN operands (ok), else ok is false:
// the first NaN in the priority order that rounding.NaNOrder documents,
// quieted, its sign as given; under -fmad=false, x*y±z's add or sub ranks
// the product's NaN (x's, y's, or the invalid 0·Inf's) against z's.
func wantOrdered(f *spec.Func, noFMAD bool, o spec.NaNOrders, in *spec.Args) (want uint64, ok bool) {
	x, y, z := in[0], in[1], in[2]
	first := func(us ...uint64) uint64 {
		for _, u := range us {
			if f64.IsNaN(u) {
				return u | 1<<51
			}
		}
		return 0 // not reached: in has NaN operands
	}
	two := func(o rounding.NaNOrder, a, b uint64) uint64 {
		if o == rounding.Swapped {
			return first(a, b)
		}
		return first(b, a)
	}
	nans := 0
	for j := range f.Arity() {
		if f64.IsNaN(in[j]) {
			nans++
		}
	}
	switch {
	case noFMAD && (f.ID == "f64_op_madd" || f.ID == "f64_op_msub"):
		p := rounding.Mul64(x, y, rounding.RN) // 0xfff8… for 0·Inf
		if f64.IsNaN(x) && f64.IsNaN(y) {
			p = two(o[0], x, y)
		}
		if !f64.IsNaN(p) || !f64.IsNaN(z) {
			return p, f64.IsNaN(x) && f64.IsNaN(y)
		}
		return two(o[1], p, z), true
	case f.ID == "norm3d" || f.ID == "rnorm3d": // the first add |x| + |y|, when z is finite
		if f64.IsNaN(x) && f64.IsNaN(y) && !f64.IsNaN(z) && !f64.IsInf(z) {
			return two(o[0], x, y), true
		}
		return 0, false
	case f.ID == "norm" || f.ID == "rnorm": // the max.f64 chain, all elements NaN
		n := spec.ArrayLen(in)
		all := n >= 2
		for j := 1; j <= n; j++ {
			all = all && f64.IsNaN(in[j])
		}
		if all && o[0] == rounding.Swapped {
			return first(in[n]), true
		}
		return 0, false
	case besselMufuNaN[f.ID]:
		// A NaN x against rcp.approx.ftz.f64's NaN (impl_lib64_bessel.go):
		// x's wins when the operands are swapped; jn's and yn's x is y,
		// and only their orders 0 and 1 (j0, j1, y0, y1) meet that NaN.
		if f.ID == "jn" || f.ID == "yn" {
			if n := int32(uint32(x)); n != 0 && n != 1 {
				return 0, false
			}
			x = y
		}
		if f64.IsNaN(x) && o[0] == rounding.Swapped {
			return x | 1<<51, true
		}
		return 0, false
	case nans < 2:
		return 0, false
	case f.ID == "remquo": // the remainder's NaN, quotient 0
		return spec.PairFold(two(o[0], x, y), 0), true
	case f.Arity() == 2:
		return two(o[0], x, y), true
	case o[0] == rounding.Swapped:
		return first(x, z, y), true
	}
	return first(y, z, x), true
}

// TestImplOrdered checks the ordered kernels of every function whose NaN
// choice depends on ptxas's operand order, under every captured flag set:
// with zero orders they are Impl's kernel (the public functions) on every
// input; with any orders, they agree with Impl except where one of their
// instructions has two NaN operands, where they return the NaN wantOrdered
// names. Inputs:
// the special grid, the first generated inputs, random bit patterns and
// every placement of the NaNs of nanInputs (CUDAFP_SEED).
func TestImplOrdered(t *testing.T) {
	seed := testflag.Seed()
	t.Logf("seed %d (CUDAFP_SEED)", seed)
	r := rand.New(rand.NewPCG(seed, seed^0x5eed))
	allOrders := []spec.NaNOrders{{}, {rounding.Swapped}, {rounding.AsWritten, rounding.Swapped}, {rounding.Swapped, rounding.Swapped}}
	n := 0
	for _, f := range spec.All() {
		if !f.Ordered() {
			continue
		}
		n++
		var ins []spec.Args
		grid := f.Grid()
		for k := range f.GridLen() {
			ins = append(ins, f.GridPoint(grid, k))
		}
		for i := range uint64(1 << 12) {
			ins = append(ins, f.Input(i))
		}
		for range 1 << 12 {
			var a spec.Args
			for j := range f.Arity() {
				a[j] = r.Uint64()
				if r.IntN(3) == 0 {
					a[j] = nanInputs[r.IntN(len(nanInputs))]
				}
			}
			if f.In[0] == spec.I32 && f.Family == spec.FamBessel {
				// An order: jn's recurrences take about n steps.
				a[0] = uint64(uint32(int32(r.IntN(140) - 10)))
			}
			ins = append(ins, a)
		}
		for _, fl := range spec.FlagSets {
			if !f.Captured(fl) {
				continue
			}
			impl, _ := f.Impl(fl)
			for _, o := range allOrders {
				k, ok := spec.OrderedKernel(f, fl, o)
				if !ok {
					t.Fatalf("%s is Ordered but has no ordered kernel", f.ID)
				}
				for _, in := range ins {
					want := impl(&in)
					if w, ok := wantOrdered(f, fl.NoFMAD, o, &in); ok && o != (spec.NaNOrders{}) {
						want = w
					}
					if got := k(&in); got != want {
						t.Fatalf("%s [%s] orders %v (%#x, %#x, %#x) = %#x, want %#x", f.ID, fl.Name(), o, in[0], in[1], in[2], got, want)
					}
				}
			}
		}
	}
	if want := 34 + len(besselMufuNaN); n != want {
		t.Errorf("%d ordered functions, want %d: __dadd_*, __dsub_*, __dmul_*, __fma_*, f64:x+y, x-y, x*y, x*y+z, x*y-z, pow, fmax, fmin, fdim, nextafter, fma, fmod, remainder, remquo, norm3d, rnorm3d, norm, rnorm, and the Bessel functions of besselMufuNaN", n, want)
	}
}
