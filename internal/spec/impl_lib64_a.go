package spec

import (
	"github.com/cudafp/cudafp/fp"
	"github.com/cudafp/cudafp/internal/f64"
	"github.com/cudafp/cudafp/rounding"
)

// Bindings of the exact double library functions (package fp, files
// lib64_exact.go, lib64_round.go, lib64_rem.go) and of rcbrt
// (lib64_rcbrt.go) to the catalog. None of them depends on the flags; the
// catalog still verifies them under every captured flag set.
//
// fmax, fmin, fdim, nextafter, fma, fmod, remainder and remquo return, for
// two NaN operands, the NaN that ptxas's operand order selects (NaNOrders):
// the one instruction that decides it is their fma, their sub (fdim), the
// add x + y of their NaN path (nextafter, fmod, remainder, remquo) or the
// DSETP.MAX/MIN of fmax and fmin, order [0]. The package fp functions are
// the AsWritten order; ordered64 gives the others.

func init() {
	for id, g := range map[string]func(float64) float64{
		"fabs": fp.Fabs, "ceil": fp.Ceil, "floor": fp.Floor, "trunc": fp.Trunc, "round": fp.Round,
		"rint": fp.Rint, "nearbyint": fp.Nearbyint, "logb": fp.Logb, "sqrt": fp.Sqrt, "rcbrt": fp.Rcbrt,
	} {
		bindD1(id, always(g))
	}
	bindD2("copysign", always(fp.Copysign))
	for id, g := range map[string]func(x, y float64) float64{
		"fmax": fp.Fmax, "fmin": fp.Fmin, "fdim": fp.Fdim, "nextafter": fp.Nextafter,
		"fmod": fp.Fmod, "remainder": fp.Remainder,
	} {
		bindD2(id, always(g))
	}
	bindD3("fma", always(fp.Fma))
	bindPair("remquo", remquoPair)
	ordered64()
	for id, g := range map[string]func(float64) int64{
		"lrint": fp.Lrint, "llrint": fp.Llrint, "lround": fp.Lround, "llround": fp.Llround,
	} {
		bind(id, always(Kernel(func(in *Args) uint64 { return uint64(g(f64a(in[0]))) })))
	}
	for id, g := range map[string]func(float64, int32) float64{"ldexp": fp.Ldexp, "scalbn": fp.Scalbn} {
		bind(id, always(Kernel(func(in *Args) uint64 { return f64r(g(f64a(in[0]), int32(uint32(in[1])))) })))
	}
	bind("ilogb", always(Kernel(func(in *Args) uint64 { return uint64(uint32(fp.Ilogb(f64a(in[0])))) })))

	// Two results: a double and an int, or two doubles.
	bindPair("frexp", func(in *Args) (uint64, uint64) {
		m, e := fp.Frexp(f64a(in[0]))
		return f64r(m), uint64(uint32(e))
	})
	bindPair("modf", func(in *Args) (uint64, uint64) {
		f, i := fp.Modf(f64a(in[0]))
		return f64r(f), f64r(i)
	})
}

func remquoPair(in *Args) (uint64, uint64) {
	r, q := fp.Remquo(f64a(in[0]), f64a(in[1]))
	return f64r(r), uint64(uint32(q))
}

// ordered64 registers the kernels of the exact double functions under
// other operand orders. Only two NaN operands tell the orders apart: then
// fmax and fmin return the first NaN of their SASS operands quieted, and
// the others their add's (fdim: sub's) NaN, as rounding.NaNOrder computes
// it; fma is one fma.rn.f64.
func ordered64() {
	nan2 := func(in *Args) bool { return f64.IsNaN(in[0]) && f64.IsNaN(in[1]) }
	for id, g := range map[string]func(x, y float64) float64{
		"nextafter": fp.Nextafter, "fmod": fp.Fmod, "remainder": fp.Remainder,
	} {
		ordered[id] = func(_ fp.Flags, o NaNOrders) Kernel {
			return func(in *Args) uint64 {
				if nan2(in) {
					return o[0].Add64(in[0], in[1], rounding.RN)
				}
				return f64r(g(f64a(in[0]), f64a(in[1])))
			}
		}
	}
	ordered["fdim"] = func(_ fp.Flags, o NaNOrders) Kernel {
		return func(in *Args) uint64 {
			if nan2(in) {
				return o[0].Sub64(in[0], in[1], rounding.RN)
			}
			return f64r(fp.Fdim(f64a(in[0]), f64a(in[1])))
		}
	}
	ordered["remquo"] = func(_ fp.Flags, o NaNOrders) Kernel {
		return func(in *Args) uint64 {
			if nan2(in) {
				return PairFold(o[0].Add64(in[0], in[1], rounding.RN), 0)
			}
			return PairFold(remquoPair(in))
		}
	}
	for id, g := range map[string]func(x, y float64) float64{"fmax": fp.Fmax, "fmin": fp.Fmin} {
		ordered[id] = func(_ fp.Flags, o NaNOrders) Kernel {
			return func(in *Args) uint64 {
				x, y := in[0], in[1]
				if o[0] != rounding.AsWritten { // the SASS operands exchanged
					x, y = y, x
				}
				return f64r(g(f64a(x), f64a(y)))
			}
		}
	}
	ordered["fma"] = func(_ fp.Flags, o NaNOrders) Kernel {
		return func(in *Args) uint64 { return o[0].Fma64(in[0], in[1], in[2], rounding.RN) }
	}
}

// PairKernel evaluates a pair-wide function (Func.PairWide) on bit
// patterns: its two results, each encoded in the low bits of its word, which
// its Kernel folds into one (PairFold).
type PairKernel func(in *Args) (r0, r1 uint64)

// pairs holds the unfolded kernels of the pair-wide functions.
var pairs = map[string]func(fp.Flags) PairKernel{}

// bindPair registers a pair-wide function that no flag changes: its Kernel
// (the PairFold of both results) and its PairKernel.
func bindPair(id string, g PairKernel) {
	bind(id, always(Kernel(func(in *Args) uint64 { return PairFold(g(in)) })))
	pairs[id] = always(g)
}

// Pair returns the unfolded kernel of a pair-wide function under fl, and
// whether one exists.
func (f *Func) Pair(fl fp.Flags) (PairKernel, bool) {
	p, ok := pairs[f.ID]
	if !ok {
		return nil, false
	}
	return p(f.Sens.Effective(fl)), true
}
