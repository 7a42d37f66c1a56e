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

// Grid returns the special-value axis of f as bit patterns of its argument
// type (one axis; binary functions take every pair, ternary every triple of
// the ternary subset). The slice is shared: do not modify it.
func (f *Func) Grid() []uint64 { return f.grid }

func (f *Func) computeGrid() []uint64 {
	var axis []uint64
	switch {
	case len(f.In) == 3:
		for _, v := range ternarySpecials {
			axis = append(axis, uint64(v))
		}
	case f.In[0] == I32 || f.In[0] == U32:
		for _, v := range int32Specials {
			axis = append(axis, uint64(v))
		}
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

// GridLen returns the number of special-grid points: len(axis)^arity.
func (f *Func) GridLen() int {
	n := len(f.grid)
	return pow(n, len(f.In))
}

func pow(n, k int) int {
	r := 1
	for range k {
		r *= n
	}
	return r
}

// GridPoint returns grid point k: the arguments are axis[k / n^(a-1) % n],
// …, axis[k % n] (the last argument varies fastest).
func (f *Func) GridPoint(axis []uint64, k int) (in [3]uint64) {
	n := len(axis)
	a := len(f.In)
	for j := a - 1; j >= 0; j-- {
		in[j] = axis[k%n]
		k /= n
	}
	return in
}
