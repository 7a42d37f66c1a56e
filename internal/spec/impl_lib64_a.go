package spec

import "github.com/cudafp/cudafp/fp"

// Bindings of the exact double library functions (package fp, files
// lib64_exact.go, lib64_round.go, lib64_rem.go) to the catalog. None of
// them depends on the flags; the catalog still verifies them under every
// captured flag set.
//
// Not bound yet: fmax, fmin, fdim, nextafter, fma, fmod, remainder and
// remquo. Their results for two NaN operands follow the SASS operand order
// ptxas chose (testdata/golden-nanorder/README.md): the capture's grid
// kernel returns y's NaN (fma: y's, z's, x's), as package rounding and
// these functions do, its generated-input kernel x's (fma: x's, z's, y's).
// With that order (fmax(y, x), fma(y, x, z), x quieted for two NaNs) all
// 2^24 generated inputs of the 48 files match; they are bound once the
// golden verification knows each kernel's operand order.

func init() {
	for id, g := range map[string]func(float64) float64{
		"fabs": fp.Fabs, "ceil": fp.Ceil, "floor": fp.Floor, "trunc": fp.Trunc, "round": fp.Round,
		"rint": fp.Rint, "nearbyint": fp.Nearbyint, "logb": fp.Logb, "sqrt": fp.Sqrt,
	} {
		bindD1(id, always(g))
	}
	bindD2("copysign", always(fp.Copysign))
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
