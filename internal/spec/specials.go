package spec

// Special values, as bit patterns of the argument type. Every list is data
// consumed by both the Go verifier and the CUDA harness (gpu/funcs_gen.cuh is
// generated from it).

// baseSpecials are the positive float32 specials of every family
// (DESIGN.md, "Ground truth"); specialsF32 mirrors them and adds NaNs.
var baseSpecials = []uint32{
	0x00000000, // 0
	0x00000001, // smallest subnormal
	0x007fffff, // largest subnormal
	0x00800000, // smallest normal
	0x00800001,
	0x3f000000,                         // 0.5
	0x3f7fffff,                         // 1 - 2^-24
	0x3f800000,                         // 1
	0x3f800001,                         // 1 + 2^-23
	0x3fc00000,                         // 1.5
	0x40000000,                         // 2
	0x7f7fffff,                         // largest finite
	0x7f800000,                         // Inf
	0x4affffff, 0x4b000000, 0x4b000001, // 2^23 and neighbours
	0x4b7fffff, 0x4b800000, 0x4b800001, // 2^24
	0x4effffff, 0x4f000000, 0x4f000001, // 2^31
	0x4f7fffff, 0x4f800000, 0x4f800001, // 2^32
	0x5effffff, 0x5f000000, 0x5f000001, // 2^63
	0x5f7fffff, 0x5f800000, 0x5f800001, // 2^64
}

var nanSpecials = []uint32{
	0x7fffffff, // canonical CUDA NaN
	0x7fc00000, // default quiet NaN of most hosts
	0xffc00001, // negative quiet NaN with payload
	0x7f800001, // signalling NaN
}

// familySpecials are extra positive values per family; each is also used
// negated. 0x3f7ffffe (1 - 2^-23) makes products with 0x00800001 land just
// below 2^-126 (2^-126·(1 - 2^-46)), where the .ftz tininess rule (before or
// after rounding) decides the result.
var familySpecials = map[Family][]uint32{
	FamArith: {0x33800000, 0x34000000, 0x7f000000, 0x40400000, 0x3eaaaaab, 0x00000002, 0x01000000, 0x7effffff},
	FamMul:   {0x40400000, 0x3eaaaaab, 0x1f800000, 0x20000000, 0x7f000000, 0x00400000, 0x3fb504f3, 0x5f800001, 0x3f7ffffe},
	FamDiv:   {0x7e800000, 0x7e800001, 0x7f000000, 0x7effffff, 0x40400000, 0x3eaaaaab, 0x00400000, 0x01000000},
	FamFMA:   {0x33800000, 0x40400000, 0x3eaaaaab, 0x7f000000, 0x00400000, 0x34000000, 0x3fb504f3, 0x00000002, 0x3f7ffffe},
	FamPow:   {0x3e800000, 0x40400000, 0x3eaaaaab, 0x41200000, 0x41800000, 0x42c80000, 0x3f7ffffe, 0x3f800002},
	FamExp:   {0x42b17218, 0x42b17217, 0x42cff1b5, 0x42fc0000, 0x42fe0000, 0x43000000, 0x43150000, 0x43160000},
	FamLog:   {0x402df854, 0x3f3504f3, 0x3fb504f3, 0x41200000, 0x3f7ffffe, 0x3f800002, 0x00000002, 0x3f000001},
	FamTrig:  {0x40490fdb, 0x3fc90fdb, 0x3f490fdb, 0x40c90fdb, 0x439d1463, 0x47c35000, 0x501502f9, 0x7149f2ca},
	FamTanh:  {0x39800000, 0x3c23d70a, 0x3f0ccccd, 0x3f8ccccd, 0x41100000, 0x41200000, 0x41300000, 0x42b40000},
	FamRoot:  {0x40800000, 0x40400000, 0x7e800000, 0x7f000000, 0x00400000, 0x00000002, 0x3fffffff, 0x1f800000},
	FamRound: {0x3effffff, 0x3f000001, 0x40200000, 0x40600000, 0x3ecccccd, 0x3f19999a, 0x4b7ffffe, 0x3fe00000},
	FamMisc:  {0x40400000, 0x41000000, 0x3f490fdb, 0x40490fdb, 0x3eaaaaab, 0x41200000, 0x42c80000, 0x3a83126f},
	// FamNorm: squares near the overflow and underflow thresholds (2^±64, 2^±63), 3, 1/3, √2.
	FamNorm: {0x5f7fffff, 0x1f800000, 0x1f7fffff, 0x20000000, 0x40400000, 0x3eaaaaab, 0x3fb504f3, 0x00400000},
	// FamBessel: 8 (jnf/ynf switch to the asymptotic form above it), 0x1.b2d588p+0 (ynf's
	// threshold setp.gtu |x|, 0f3FD96AC4), 105615 (0f47CE4780: the argument reduction's
	// large-argument path), 100, 128 (NVIDIA's documented order), 10^-3.
	FamBessel: {0x41000000, 0x3fd96ac4, 0x47ce4780, 0x42c80000, 0x43000000, 0x3a83126f},
}

// scaleSpecials are the int exponents n of the x·2^n families (FamScale,
// FamScaleL), appended to their float axis as they are (not negated): the
// thresholds of ldexpf's code (|n| < 101 one product; n clamped to ±278)
// and of the float32 range (±126, ±127, ±149, ±150, ±254, …).
var scaleSpecials = []uint32{
	0x00000002, 0x00000017, 0x00000018, 0x00000019, 0x00000064, 0x00000065, 0x0000007e, 0x0000007f,
	0x00000080, 0x00000095, 0x00000096, 0x00000097, 0x000000fd, 0x000000fe, 0x000000ff, 0x00000115,
	0x00000116, 0x00000117, 0x0000012c, 0xfffffffe, 0xffffffe9, 0xffffffe8, 0xffffffe7, 0xffffff9c,
	0xffffff9b, 0xffffff82, 0xffffff81, 0xffffff80, 0xffffff6b, 0xffffff6a, 0xffffff69, 0xffffff03,
	0xffffff02, 0xffffff01, 0xfffffeeb, 0xfffffeea, 0xfffffee9, 0xfffffed4,
}

// ternarySpecials is the subset of float specials whose 16^3 triples make the
// special grid of a ternary function.
var ternarySpecials = []uint32{
	0x00000000, 0x80000000, 0x00000001, 0x80800000, 0x3f800000, 0xbf800000, 0x3f800001, 0x3fc00000,
	0x40000000, 0x7f7fffff, 0xff7fffff, 0x7f800000, 0xff800000, 0x7fffffff, 0x33800000, 0xb3800000,
}

var int32Specials = []uint32{
	0x00000000, 0x00000001, 0x00000002, 0x00000003, 0xffffffff, 0xfffffffe, 0x00ffffff, 0x01000000,
	0x01000001, 0x01000002, 0x01000003, 0x02000001, 0x02000003, 0x7fffffff, 0x7ffffffe, 0x7fffff80,
	0x7fffff7f, 0x7fffffc0, 0x7fffffbf, 0x80000000, 0x80000001, 0x80000080, 0x80000081, 0xfeffffff,
	0xff000000, 0xff000001, 0xfffffff0, 0x00800000, 0x3f800000, 0xc0000000, 0x40000000, 0x55555555,
}

var int64Specials = []uint64{
	0x0000000000000000, 0x0000000000000001, 0xffffffffffffffff, 0xfffffffffffffffe,
	0x0000000000ffffff, 0x0000000001000000, 0x0000000001000001, 0x0000000001000003,
	0x0020000000000001, 0x4000000000000000, 0x7fffffffffffffff, 0x8000000000000000,
	0x8000000000000001, 0x7fffff8000000000, 0x7fffff7fffffffff, 0x7fffffc000000000,
	0xffffff8000000000, 0xffffff7fffffffff, 0xffffffc000000000, 0x8000008000000000,
	0x8000007fffffffff, 0xffffffffff000000, 0xfffffffffeffffff, 0x0000010000000001,
	0x0000008000000001, 0x0000000100000000, 0x00000000ffffffff, 0x5555555555555555,
	0xaaaaaaaaaaaaaaaa, 0x0123456789abcdef, 0xfedcba9876543210, 0x0000000080000001,
}

var f64Specials = []uint64{
	0x0000000000000000, 0x8000000000000000, 0x0000000000000001, 0x000fffffffffffff,
	0x0010000000000000, 0x7fefffffffffffff, 0x7ff0000000000000, 0xfff0000000000000,
	0x7ff8000000000000, 0x7ff0000000000001, 0x7ff0f9c7ff5fb763, 0xfff0000000004020,
	0x3ff0000000000000, 0x3ff0000010000000, 0x3ff0000010000001, 0x3ff0000030000000,
	0x3fefffffe8000000, 0x47efffffe0000000, 0x47effffff0000000, 0x47efffffefffffff,
	0x47f0000000000000, 0x36a0000000000000, 0x3690000000000000, 0x3690000000000001,
	0x36a8000000000000, 0x3810000000000000, 0x380fffffc0000000, 0x380fffffe0000000,
	0xc7efffffe0000000, 0xb6a0000000000000, 0xbff0000010000000, 0x3e70000000000000,
	0x380ffffff0000000, 0x380fffffe8000000, // just below 2^-126: round up to it, or not
}

// SpecialsF32 returns the float32 special values of a family: the base
// values and the family's extras, each with both signs, then four NaNs.
func SpecialsF32(fam Family) []uint32 {
	pos := append(append([]uint32(nil), baseSpecials...), familySpecials[fam]...)
	out := make([]uint32, 0, 2*len(pos)+len(nanSpecials))
	for _, v := range pos {
		out = append(out, v)
	}
	for _, v := range pos {
		out = append(out, v|0x80000000)
	}
	return append(out, nanSpecials...)
}

// normGridSpecials are the element values of an array function's special
// grid (normf, rnormf): zeros of both signs, the smallest subnormal (read as
// 0 under -ftz), 1 and a neighbour of −1 (near-equal magnitudes: which one
// is the maximum that the sum skips), the largest finite, −Inf and NaN.
var normGridSpecials = []uint32{0x00000000, 0x80000000, 0x00000001, 0x3f800000, 0xbf800001, 0x7f7fffff, 0xff800000, 0x7fffffff}

// besselOrders are the orders n of jnf and ynf on their special grid: the
// negative orders (jnf: NaN; ynf: reflection), the orders of the
// closed-form branches (0, 1) and the recurrences, up to NVIDIA's
// documented n = 128. Orders stay small: the recurrences take O(n) steps.
var besselOrders = []uint32{
	0xfffffff6, 0xfffffffb, 0xfffffffe, 0xffffffff, 0x00000000, 0x00000001, 0x00000002, 0x00000003,
	0x00000004, 0x00000005, 0x00000006, 0x00000008, 0x0000000a, 0x00000010, 0x00000014, 0x00000020,
	0x00000032, 0x00000040, 0x00000064, 0x00000080,
}

// besselAxisZeros is the number of zeros of each of J0, J1, Y0 and Y1
// (BesselZeros) on the axis of jnf and ynf: the first four, where the
// relative error of the Bessel functions explodes. Generated inputs of jnf
// and ynf cluster around them (stratum 4).
const besselAxisZeros = 4

// besselZeros returns the zeros on the axis of jnf and ynf: the first
// besselAxisZeros of J0, then of J1, Y0, Y1.
func besselZeros() []uint32 {
	var zs []uint32
	for _, z := range BesselZeros {
		zs = append(zs, z[:besselAxisZeros]...)
	}
	return zs
}

// BesselAxisParts returns the lengths of the first two parts of a Bessel
// function's axis (orders, then zeros, then float specials); the harness
// reads them from funcs_gen.cuh.
func BesselAxisParts() (orders, zeros int) {
	return len(besselOrders), len(BesselZeros) * besselAxisZeros
}

// Grid returns the special-value axis of f as bit patterns of its argument
// types. Argument j of a grid point takes its values from the part
// GridSpan(j) of it: the whole axis for most functions (binary functions
// take every pair, ternary every triple of the ternary subset); jnf and ynf
// take their order from the orders part and x from the floats; normf and
// rnormf take their count and four elements (see GridPoint). The slice is
// shared: do not modify it.
func (f *Func) Grid() []uint64 { return f.grid }

// GridSpan returns the part axis[lo:hi] of the special axis from which grid
// coordinate j takes its values.
func (f *Func) GridSpan(j int) (lo, hi int) {
	if f.gridSpan == nil {
		return 0, len(f.grid)
	}
	return f.gridSpan[j][0], f.gridSpan[j][1]
}

// GridArgs returns the number of independent coordinates of a grid point:
// the arity, but 5 for an array function (its count and four elements; the
// other four elements repeat them).
func (f *Func) GridArgs() int {
	if f.Array {
		return 1 + GridElems
	}
	return len(f.In)
}

// GridElems is the number of independent elements of an array function's
// grid point.
const GridElems = 4

// GenLo returns where the float specials of f's generators start in its
// axis (the generated inputs of stratum 3 lie near axis[GenLo():]).
func (f *Func) GenLo() int {
	switch {
	case f.Family == FamBessel:
		return len(besselOrders)
	case f.Array:
		return MaxArray
	}
	return 0
}

func (f *Func) computeGrid() []uint64 {
	var axis []uint64
	u64 := func(vs []uint32) {
		for _, v := range vs {
			axis = append(axis, uint64(v))
		}
	}
	if f.d64 {
		f.gridSpan = nil
		return f.computeGrid64()
	}
	switch {
	case f.Family == FamBessel: // orders, zeros, float specials
		u64(besselOrders)
		u64(besselZeros())
		u64(SpecialsF32(FamBessel))
		o := [2]int{0, len(besselOrders)}
		f.gridSpan = [][2]int{o, {o[1], len(axis)}}
	case f.Array: // counts 1…MaxArray, the grid's elements, more float specials for the generators
		for d := range MaxArray {
			axis = append(axis, uint64(d+1))
		}
		u64(normGridSpecials)
		u64(SpecialsF32(f.Family))
		f.gridSpan = [][2]int{{0, MaxArray}}
		for range GridElems {
			f.gridSpan = append(f.gridSpan, [2]int{MaxArray, MaxArray + len(normGridSpecials)})
		}
	case len(f.In) == 4: // the ternary subset on the grid, more float specials for the generators
		u64(ternarySpecials)
		u64(SpecialsF32(f.Family))
		for range 4 {
			f.gridSpan = append(f.gridSpan, [2]int{0, len(ternarySpecials)})
		}
	case len(f.In) == 3:
		u64(ternarySpecials)
	case f.In[0] == I32 || f.In[0] == U32:
		u64(int32Specials)
	case f.In[0] == I64 || f.In[0] == U64:
		axis = append(axis, int64Specials...)
	case f.In[0] == F64:
		axis = append(axis, f64Specials...)
	default:
		vs := SpecialsF32(f.Family)
		if f.Family == FamScale || f.Family == FamScaleL {
			vs = append(vs, scaleSpecials...)
		}
		for _, v := range vs {
			axis = append(axis, uint64(v))
			if f.Family == FamScaleL { // the long long exponent sign-extended (x reads the low half)
				axis[len(axis)-1] = uint64(int64(int32(v)))
			}
		}
	}
	return axis
}

// GridLen returns the number of special-grid points: the product of the
// coordinates' GridSpan lengths (len(axis)^arity for most functions).
func (f *Func) GridLen() int {
	n := 1
	for j := range f.GridArgs() {
		lo, hi := f.GridSpan(j)
		n *= hi - lo
	}
	return n
}

// GridPoint returns grid point k: coordinate j is axis[lo_j + k_j] with
// (lo_j, hi_j) = GridSpan(j) and k's mixed-radix digits k_j, the last
// coordinate varying fastest (for most functions: the arguments are
// axis[k / n^(a-1) % n], …, axis[k % n]). An array function's coordinates
// are its count d and elements 1…4; elements 5…8 repeat elements 1…4 (so
// that the maximum occurs twice), and the elements past d are 0.
func (f *Func) GridPoint(axis []uint64, k int) (in Args) {
	for j := f.GridArgs() - 1; j >= 0; j-- {
		lo, hi := f.GridSpan(j)
		in[j] = axis[lo+k%(hi-lo)]
		k /= hi - lo
	}
	if f.Array {
		for j := 1 + GridElems; j < MaxArgs; j++ {
			in[j] = in[j-GridElems]
		}
		for j := 1 + ArrayLen(&in); j < MaxArgs; j++ {
			in[j] = 0
		}
	}
	return in
}
