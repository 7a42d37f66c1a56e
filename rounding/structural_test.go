package rounding_test

import (
	"fmt"
	"math/rand"
	"testing"

	"github.com/cudafp/cudafp/internal/f32"
	"github.com/cudafp/cudafp/internal/testflag"
	"github.com/cudafp/cudafp/rounding"
)

// Structural properties that need no oracle (STYLE.md §2.8.4), on the
// property tests' generated bit patterns: for every operation,
//
//	RD ≤ RN ≤ RU on the ordered line (NaN in one mode means NaN in all)
//	RZ = RD for a positive result and RU for a negative one
//	RD(-args) = -RU(args) for the operations odd in their arguments
//	Add32 and Mul32 commute, bit for bit
//	with ftz the result is never subnormal, and flushing the inputs first
//	changes nothing (idempotent)

// structCases is the number of generated inputs (about 2 s on x86-64).
const structCases = 50000

type anyOp struct {
	name  string
	arity int
	f     func(v [3]uint32, m rounding.Mode, ftz bool) uint32
	// neg maps the arguments so that the exact result is negated.
	neg func(v [3]uint32) [3]uint32
}

const sm = f32.SignMask

var anyOps = []anyOp{
	{"Add32", 2, func(v [3]uint32, m rounding.Mode, ftz bool) uint32 { return rounding.Add32(v[0], v[1], m, ftz) },
		func(v [3]uint32) [3]uint32 { return [3]uint32{v[0] ^ sm, v[1] ^ sm} }},
	{"Sub32", 2, func(v [3]uint32, m rounding.Mode, ftz bool) uint32 { return rounding.Sub32(v[0], v[1], m, ftz) },
		func(v [3]uint32) [3]uint32 { return [3]uint32{v[0] ^ sm, v[1] ^ sm} }},
	{"Mul32", 2, func(v [3]uint32, m rounding.Mode, ftz bool) uint32 { return rounding.Mul32(v[0], v[1], m, ftz) },
		func(v [3]uint32) [3]uint32 { return [3]uint32{v[0] ^ sm, v[1]} }},
	{"Div32", 2, func(v [3]uint32, m rounding.Mode, ftz bool) uint32 { return rounding.Div32(v[0], v[1], m, ftz) },
		func(v [3]uint32) [3]uint32 { return [3]uint32{v[0], v[1] ^ sm} }},
	{"Fma32", 3, func(v [3]uint32, m rounding.Mode, ftz bool) uint32 { return rounding.Fma32(v[0], v[1], v[2], m, ftz) },
		func(v [3]uint32) [3]uint32 { return [3]uint32{v[0] ^ sm, v[1], v[2] ^ sm} }},
	{"Rcp32", 1, func(v [3]uint32, m rounding.Mode, ftz bool) uint32 { return rounding.Rcp32(v[0], m, ftz) },
		func(v [3]uint32) [3]uint32 { return [3]uint32{v[0] ^ sm} }},
	{"Sqrt32", 1, func(v [3]uint32, m rounding.Mode, ftz bool) uint32 { return rounding.Sqrt32(v[0], m, ftz) }, nil},
	{"RoundInt32", 1, func(v [3]uint32, m rounding.Mode, ftz bool) uint32 { return rounding.RoundInt32(v[0], m, ftz) },
		func(v [3]uint32) [3]uint32 { return [3]uint32{v[0] ^ sm} }},
	{"F64ToF32", 1, func(v [3]uint32, m rounding.Mode, ftz bool) uint32 {
		return rounding.F64ToF32(uint64(v[0])<<32|uint64(v[1]), m, ftz)
	}, func(v [3]uint32) [3]uint32 { return [3]uint32{v[0] ^ sm, v[1]} }},
	{"I64ToF32", 0, func(v [3]uint32, m rounding.Mode, _ bool) uint32 {
		return rounding.I64ToF32(int64(uint64(v[0])<<32|uint64(v[1])), m)
	}, nil},
}

func TestStructural(t *testing.T) {
	seed := testflag.Seed()
	t.Logf("seed %d (CUDAFP_SEED)", seed)
	r := rand.New(rand.NewSource(int64(seed)))
	n := structCases
	if testing.Short() {
		n /= 10
	}
	var fc failCounter
	checks := 0
	for i := 0; i < n; i++ {
		v := [3]uint32{drawBits(r), drawBits(r), drawBits(r)}
		if r.Intn(2) == 0 {
			v[1] = near(r, v[0])
		}
		for _, op := range anyOps {
			args := v[:max(op.arity, 1)]
			for _, ftz := range ftzs {
				var res [4]uint32
				for j, m := range rounding.Modes {
					res[j] = op.f(v, m, ftz)
				}
				rn, rz, ru, rd := res[0], res[1], res[2], res[3]
				checks++
				where := fmt.Sprintf("%s(%s) ftz=%v: RN %s RZ %s RU %s RD %s", op.name, fmtArgs(args...), ftz, f32.Format(rn), f32.Format(rz), f32.Format(ru), f32.Format(rd))
				nans := 0
				for _, u := range res {
					if f32.IsNaN(u) {
						nans++
					}
				}
				switch {
				case nans != 0 && nans != 4:
					fc.fail(t, where+": NaN in some modes only")
				case nans == 4:
				case !(f32.Key(rd) <= f32.Key(rn) && f32.Key(rn) <= f32.Key(ru)):
					fc.fail(t, where+": not RD ≤ RN ≤ RU")
				case f32.Key(rn) > 0 && rz != rd, f32.Key(rn) < 0 && rz != ru:
					fc.fail(t, where+": RZ is neither RD (positive) nor RU (negative)")
				}
				if op.neg != nil {
					w := op.neg(v)
					// The one exception to oddness: an exact zero sum is +0
					// in RN, RZ, RU and -0 in RD whatever the operands'
					// signs (IEEE 754 §6.3), so the negated operands give
					// the same four zeros. No other result has that
					// pattern: a tiny or flushed result keeps its sign in
					// every mode.
					exactZero := res == [4]uint32{0, 0, 0, f32.SignMask}
					for j, m := range rounding.Modes {
						// RN(-a) = -RN(a), RZ(-a) = -RZ(a), RD(-a) = -RU(a), RU(-a) = -RD(a).
						mirror := [4]int{0, 1, 3, 2}[j]
						got, want := op.f(w, m, ftz), res[mirror]^f32.SignMask
						if exactZero {
							want = res[j]
						}
						if f32.IsNaN(want) && f32.IsNaN(got) {
							continue
						}
						if got != want {
							fc.fail(t, fmt.Sprintf("%s: %v of the negated arguments %s = %s, want %s", where, m, fmtArgs(w[:max(op.arity, 1)]...), f32.Format(got), f32.Format(want)))
						}
					}
				}
				if ftz && op.arity > 0 {
					var flushed [3]uint32
					for k, u := range v {
						flushed[k] = u
						if f32.IsSubnormal(u) && k < op.arity {
							flushed[k] = u & f32.SignMask
						}
					}
					for j, m := range rounding.Modes {
						if f32.IsSubnormal(res[j]) {
							fc.fail(t, fmt.Sprintf("%s: ftz result %s in %v is subnormal", where, f32.Format(res[j]), m))
						}
						if op.name != "F64ToF32" {
							if got := op.f(flushed, m, true); got != res[j] {
								fc.fail(t, fmt.Sprintf("%s: %v with the inputs flushed first = %s", where, m, f32.Format(got)))
							}
						}
					}
				}
			}
		}
		for _, m := range rounding.Modes {
			for _, ftz := range ftzs {
				if a, b := rounding.Add32(v[0], v[1], m, ftz), rounding.Add32(v[1], v[0], m, ftz); a != b {
					fc.fail(t, fmt.Sprintf("Add32 does not commute: %s, %s, %v, ftz=%v: %s vs %s", f32.Format(v[0]), f32.Format(v[1]), m, ftz, f32.Format(a), f32.Format(b)))
				}
				if a, b := rounding.Mul32(v[0], v[1], m, ftz), rounding.Mul32(v[1], v[0], m, ftz); a != b {
					fc.fail(t, fmt.Sprintf("Mul32 does not commute: %s, %s, %v, ftz=%v: %s vs %s", f32.Format(v[0]), f32.Format(v[1]), m, ftz, f32.Format(a), f32.Format(b)))
				}
			}
		}
	}
	t.Logf("%d inputs, %d operation × ftz checks (each over 4 modes and the negation), commutativity in 8 configurations each", n, checks)
}

// TestInvalidModePanics checks the one panic kernels may raise.
func TestInvalidModePanics(t *testing.T) {
	for _, f := range []func(){
		func() { rounding.Add32(0, 0, 4, false) },
		func() { rounding.Mul32(0, 0, 7, false) },
		func() { rounding.Div32(0, 0, 4, false) },
		func() { rounding.Fma32(0, 0, 0, 4, false) },
		func() { rounding.Sqrt32(0, 4, false) },
		func() { rounding.Rcp32(0, 4, false) },
		func() { rounding.F32ToI32(0x7fffffff, 4, false) },
		func() { rounding.RoundInt32(0, 4, false) },
		func() { rounding.U64ToF32(1, 4) },
		func() { rounding.F64ToF32(0, 4, false) },
	} {
		func() {
			defer func() {
				if r := recover(); r != "rounding: invalid Mode" {
					t.Errorf("recovered %v, want the panic \"rounding: invalid Mode\"", r)
				}
			}()
			f()
		}()
	}
}

// TestNoAllocs checks that the kernels allocate nothing.
func TestNoAllocs(t *testing.T) {
	var s uint32
	allocs := testing.AllocsPerRun(100, func() {
		s += rounding.Add32(0x3f800001, 0x33800000, rounding.RN, false)
		s += rounding.Fma32(0x3f800001, 0x00000003, 0x80800000, rounding.RD, true)
		s += rounding.Div32(0x3f800001, 0x00000003, rounding.RU, false)
		s += rounding.Sqrt32(0x00000003, rounding.RZ, false)
		s += uint32(rounding.F32ToI64(0x5f000000, rounding.RN, false))
		s += rounding.F64ToF32(0x3690000000000001, rounding.RN, false)
	})
	if allocs != 0 {
		t.Errorf("kernels allocate: %v allocs per run (sink %d)", allocs, s)
	}
}
