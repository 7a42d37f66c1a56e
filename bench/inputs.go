package bench

import (
	"math"

	"github.com/cudafp/cudafp/internal/f32"
	"github.com/cudafp/cudafp/internal/spec"
)

// Calls is the number of inputs of a per-call benchmark: one benchmark op
// evaluates the function on Calls precomputed inputs (12 KiB of float32
// arguments at most, which stay in the L1 cache).
const Calls = 1 << 10

// inputSeed seeds every input class (splitmix64 through spec.Draw). Inputs
// depend on the class, the function's family and argument types, never on
// the function itself, so functions of one family (expf, __expf,
// ex2.approx.f32 …) are timed on the same inputs.
const inputSeed uint64 = 0x6375646166702d62 // "cudafp-b"

// Class names. A class is a set of inputs that takes one path through a
// kernel: special-case paths change the timing by orders of magnitude, so
// one constant input measures only one of them (STYLE.md §2.11).
const (
	Normal    = "normal"    // normal arguments in the function's usual domain
	Subnormal = "subnormal" // subnormal arguments (flushed under -ftz=true)
	Special   = "special"   // the catalog's special-value grid (±0, ±Inf, NaNs, thresholds)
	Huge      = "huge"      // arguments beyond the usual domain: overflow, saturation, Payne–Hanek reduction
	Small     = "small"     // integer arguments below 2^24 in magnitude (exactly representable)
	Edge      = "edge"      // arguments at a function's hard region (|x| near 1 for asinf, acosf, atanhf; |y/x| near 1 for atan2f; …)
)

// An argGen maps one 64-bit random draw to the bit pattern of an argument.
type argGen func(r uint64) uint64

// class is an input class of one function: a name and one generator per
// argument; special classes draw from the function's grid instead.
type class struct {
	name    string
	args    []argGen // nil for the special class
	special bool
}

// uniformExp returns normal float32 encodings with an unbiased exponent in
// [lo, hi] and a uniform fraction, of either sign when signed.
func uniformExp(lo, hi int32, signed bool) argGen {
	return func(r uint64) uint64 {
		e := lo + int32(r%uint64(hi-lo+1))
		u := uint32(e+f32.Bias)<<f32.FracBits | uint32(r>>20)&f32.FracMask
		if signed {
			u |= uint32(r>>63) << 31
		}
		return uint64(u)
	}
}

// uniformValue returns float32 encodings of values uniform in [a, b]
// (rounded to nearest). The explicit conversions keep the compiler from
// fusing the arithmetic, so the inputs are the same on every GOARCH.
func uniformValue(a, b float64) argGen {
	return func(r uint64) uint64 {
		u := float64(r>>11) * 0x1p-53 // [0, 1)
		v := float64((b-a)*u) + a
		return uint64(math.Float32bits(float32(v)))
	}
}

// nearOne returns encodings within 2^20 ulps of ±1 (of either sign when
// signed), below 1 in magnitude (above it when above is set).
func nearOne(signed, above bool) argGen {
	return func(r uint64) uint64 {
		k := uint32(r>>20)%(1<<20) + 1
		u := uint32(f32.OneBits) - k
		if above {
			u = f32.OneBits + k
		}
		if signed {
			u |= uint32(r>>63) << 31
		}
		return uint64(u)
	}
}

// negated returns g's encodings with the sign bit set.
func negated(g argGen) argGen { return func(r uint64) uint64 { return g(r) | 1<<31 } }

// subnormal returns nonzero subnormal encodings, of either sign when signed.
func subnormal(signed bool) argGen {
	return func(r uint64) uint64 {
		u := uint32(r>>20)%f32.FracMask + 1
		if signed {
			u |= uint32(r>>63) << 31
		}
		return uint64(u)
	}
}

// intBits returns uniform integers of the given width (32 or 64 bits).
func intBits(width int) argGen {
	return func(r uint64) uint64 {
		if width == 32 {
			return r >> 32
		}
		return r
	}
}

// smallInt returns integers in (-2^24, 2^24) of the given width, or in
// [0, 2^24) when unsigned.
func smallInt(width int, unsigned bool) argGen {
	return func(r uint64) uint64 {
		v := int64(r>>40) & (1<<24 - 1)
		if !unsigned && r&1 != 0 {
			v = -v
		}
		if width == 32 {
			return uint64(uint32(int32(v)))
		}
		return uint64(v)
	}
}

// f64Exp returns float64 encodings with an unbiased exponent in [lo, hi]
// and a uniform 52-bit fraction, of either sign.
func f64Exp(lo, hi int64) argGen {
	return func(r uint64) uint64 {
		e := lo + int64(r%uint64(hi-lo+1))
		return r&(1<<63) | uint64(e+1023)<<52 | (r>>8)&(1<<52-1)
	}
}

// same repeats one generator for every argument of f.
func same(f *spec.Func, g argGen) []argGen {
	out := make([]argGen, f.Arity())
	for i := range out {
		out[i] = g
	}
	return out
}

// classes returns the input classes of f, chosen by its family and argument
// types (the catalog's Family), always starting with Normal and ending with
// Special.
func classes(f *spec.Func) []class {
	cl := func(name string, args ...argGen) class { return class{name: name, args: args} }
	special := class{name: Special, special: true}
	if f.D64() {
		return classes64(f, cl, special)
	}
	if f.Family == spec.FamNorm {
		return normClasses(f, cl, special)
	}
	if f.Ref == "jn" || f.Ref == "yn" { // bessel.go
		return append(besselOrderClasses(f.Ref), special)
	}
	switch f.In[0] {
	case spec.I32, spec.U32:
		return []class{cl(Normal, intBits(32)), cl(Small, smallInt(32, f.In[0] == spec.U32)), special}
	case spec.I64, spec.U64:
		return []class{cl(Normal, intBits(64)), cl(Small, smallInt(64, f.In[0] == spec.U64)), special}
	case spec.F64:
		return []class{cl(Normal, f64Exp(-126, 127)), cl(Subnormal, f64Exp(-149, -127)), cl(Huge, f64Exp(128, 1023)), special}
	}
	sub := subnormal(true)
	var cs []class
	// The inverse trigonometric and hyperbolic functions and log1pf keep
	// FamMisc and FamLog in the catalog (the family chose the generated
	// inputs and the special grid of their device capture); their classes
	// follow the mathematical function instead, as FamExp's follow f.Ref.
	switch f.Ref {
	case "asin", "acos", "atanh":
		return []class{
			cl(Normal, uniformValue(-1, 1)),
			cl(Subnormal, sub),
			cl(Edge, nearOne(true, false)), // |x| → 1: the √(1 − |x|) branch of asinf and acosf, atanhf's pole
			special,
		}
	case "acosh":
		return []class{
			cl(Normal, uniformValue(1, 1<<12)),
			cl(Subnormal, sub),                   // NaN
			cl(Huge, uniformExp(23, 127, false)), // x − 1 > 2^23: log1p(x − 2) + ln 2
			cl(Edge, nearOne(false, true)),       // x → 1+: acoshf(1) = 0
			special,
		}
	case "atan", "asinh":
		return []class{
			cl(Normal, uniformExp(-10, 10, true)),
			cl(Subnormal, sub),
			cl(Huge, uniformExp(24, 127, true)), // atanf's rcp.approx, asinhf's log1p(|x|) + ln 2
			special,
		}
	case "log1p":
		return []class{
			cl(Normal, uniformExp(-30, 20, false)),
			cl(Subnormal, sub),
			cl(Edge, negated(nearOne(false, false))), // x → -1+
			special,
		}
	case "j0", "j1", "y0", "y1": // bessel.go
		return append(besselClasses(f.Ref), special)
	case "atan2":
		return []class{
			cl(Normal, same(f, uniformExp(-20, 20, true))...),
			cl(Subnormal, same(f, sub)...),
			cl(Huge, uniformExp(-126, -100, true), uniformExp(100, 127, true)), // extreme ratios
			cl(Edge, same(f, uniformValue(1, 1+0x1p-10))...),                   // |y/x| near 1: atan2f's diagonal
			special,
		}
	}
	switch f.Family {
	case spec.FamArith:
		cs = []class{
			cl(Normal, same(f, uniformExp(-10, 10, true))...),
			cl(Subnormal, same(f, sub)...),
			cl(Huge, same(f, uniformExp(126, 127, true))...), // sums overflow
		}
	case spec.FamMul:
		cs = []class{
			cl(Normal, same(f, uniformExp(-20, 20, true))...),
			cl(Subnormal, sub, uniformExp(0, 20, true)),
			cl(Huge, same(f, uniformExp(60, 70, true))...), // products overflow
		}
		if hypotLike[f.Ref] { // squares that underflow next to normal ones; squares that overflow
			cs[1] = cl(Subnormal, append([]argGen{sub}, same(f, uniformExp(-80, -40, true))[1:]...)...)
			cs[2] = cl(Huge, append([]argGen{uniformExp(64, 127, true)}, same(f, uniformExp(0, 127, true))[1:]...)...)
		}
	case spec.FamDiv:
		cs = []class{
			cl(Normal, same(f, uniformExp(-20, 20, true))...),
			cl(Subnormal, sub, uniformExp(-5, 5, true)),
			cl(Huge, uniformExp(-20, 20, true), uniformExp(126, 127, true)), // |y| > 2^126: scaled paths
		}
	case spec.FamFMA:
		cs = []class{
			cl(Normal, same(f, uniformExp(-10, 10, true))...),
			cl(Subnormal, uniformExp(-70, -60, true), uniformExp(-70, -60, true), sub), // subnormal products and addends
			cl(Huge, uniformExp(60, 64, true), uniformExp(60, 64, true), uniformExp(120, 127, true)),
		}
	case spec.FamPow:
		cs = []class{
			cl(Normal, uniformValue(0x1p-24, 16), uniformValue(-40, 40)), // DESIGN.md's powf domain
			cl(Subnormal, subnormal(false), uniformValue(-1, 1)),
			cl(Huge, uniformExp(20, 127, false), uniformValue(-40, 40)), // overflow and underflow
		}
	case spec.FamExp:
		lo, hi := -87.0, 88.0 // e^x: normal results
		normal := argGen(nil)
		switch f.Ref {
		case "exp2":
			lo, hi = -126, 127
		case "exp10":
			lo, hi = -37, 38
		case "sinh", "cosh":
			lo, hi = -89.4, 89.4 // finite results
		case "expm1":
			normal = uniformExp(-30, 6, true) // near 0, where e^x − 1 cancels
		}
		if normal == nil {
			normal = uniformValue(lo, hi)
		}
		cs = []class{
			cl(Normal, normal),
			cl(Subnormal, sub),
			cl(Huge, uniformExp(7, 30, true)), // |x| ≥ 128: overflow to Inf, underflow to 0
		}
	case spec.FamLog:
		cs = []class{
			cl(Normal, uniformExp(-126, 127, false)),
			cl(Subnormal, subnormal(false)),
		}
	case spec.FamTrig:
		cs = []class{
			cl(Normal, uniformExp(-6, 6, true)), // |x| < 128
			cl(Subnormal, sub),
			cl(Huge, uniformExp(20, 127, true)), // Payne–Hanek reduction
		}
	case spec.FamTanh:
		cs = []class{
			cl(Normal, uniformExp(-10, 3, true)),
			cl(Subnormal, sub),
			cl(Huge, uniformExp(4, 127, true)), // saturated
		}
	case spec.FamRoot:
		cs = []class{
			cl(Normal, uniformExp(-126, 127, false)),
			cl(Subnormal, subnormal(false)),
		}
	case spec.FamRound:
		cs = []class{
			cl(Normal, uniformExp(-4, 30, true)), // fractions and integers below 2^31
			cl(Subnormal, sub),
			cl(Huge, uniformExp(31, 127, true)), // saturating conversions, integral values
		}
	case spec.FamScale, spec.FamScaleL: // x·2^n (exact.go)
		w := 32
		if f.Family == spec.FamScaleL {
			w = 64
		}
		cs = []class{
			cl(Normal, uniformExp(-60, 60, true), expInt(-60, 60, w)), // one product, normal results
			cl(Subnormal, sub, expInt(0, 60, w)),
			cl(Huge, uniformExp(-126, 127, true), expInt(-300, 300, w)), // four products, overflow, underflow, clamping
		}
	default: // FamMisc
		cs = []class{
			cl(Normal, same(f, uniformExp(-20, 20, true))...),
			cl(Subnormal, same(f, sub)...),
		}
	}
	return append(cs, special)
}

// hypotLike lists the references of the Euclidean norms, whose Subnormal
// and Huge classes mix magnitudes.
var hypotLike = map[string]bool{"hypot": true, "rhypot": true, "norm3": true, "rnorm3": true}

// className lists the class names of f, in order.
func classNames(f *spec.Func) []string {
	var out []string
	for _, c := range classes(f) {
		out = append(out, c.name)
	}
	return out
}

// findClass returns f's class named name.
func findClass(f *spec.Func, name string) (class, bool) {
	for _, c := range classes(f) {
		if c.name == name {
			return c, true
		}
	}
	return class{}, false
}

// inputs returns n inputs of f in class c, as bit patterns of the argument
// types (spec.Kernel's packing): in[a][i] is argument a of input i. They
// are a pure function of (class, family, argument types, i).
func (c class) inputs(f *spec.Func, n int) columns {
	var in columns
	for a := range f.Arity() {
		in[a] = make([]uint64, n)
	}
	salt := uint64(0)
	for _, ch := range c.name {
		salt = salt*131 + uint64(ch)
	}
	seed := inputSeed ^ spec.Mix64(salt)
	grid := f.Grid()
	for i := range n {
		if c.special {
			k := int(spec.Draw(seed, uint64(i)) % uint64(f.GridLen()))
			p := f.GridPoint(grid, k)
			for a := range f.Arity() {
				in[a][i] = p[a]
			}
			continue
		}
		for a, g := range c.args {
			in[a][i] = g(spec.Draw(seed, uint64(3*i+a)))
		}
		if f.Array { // the elements past the count are not arguments
			p := spec.Args{in[0][i]}
			for a := 1 + spec.ArrayLen(&p); a < f.Arity(); a++ {
				in[a][i] = 0
			}
		}
	}
	return in
}

// normClasses are the classes of the norms of four arguments and of an
// array (a count 1…8 first): squares of similar size, squares that
// underflow beside normal ones, squares that overflow.
func normClasses(f *spec.Func, cl func(string, ...argGen) class, special class) []class {
	elems := func(first, rest argGen) []argGen {
		gs := []argGen{first}
		for len(gs) < f.Arity() {
			gs = append(gs, rest)
		}
		if f.Array {
			gs = append([]argGen{func(r uint64) uint64 { return 1 + r%spec.MaxArray }}, gs[:f.Arity()-1]...)
		}
		return gs
	}
	return []class{
		cl(Normal, elems(uniformExp(-20, 20, true), uniformExp(-20, 20, true))...),
		cl(Subnormal, elems(subnormal(true), uniformExp(-80, -40, true))...),
		cl(Huge, elems(uniformExp(64, 127, true), uniformExp(0, 127, true))...),
		special,
	}
}
