package spec

// Special values of the 16-bit catalog, as bit patterns of the argument
// type; gpu/funcs16_gen.cuh is generated from them.

// format16 holds the encoding constants of a 16-bit float type.
type format16 struct {
	mant  uint   // fraction bits: 10 (half), 7 (bfloat16)
	emask int32  // the exponent field of Inf and NaN: 31, 255
	bias  int32  // 15, 127
	one   uint16 // 1.0
}

func formatOf16(t Type) format16 {
	if t.Lane() == BF16 {
		return format16{mant: 7, emask: 255, bias: 127, one: 0x3f80}
	}
	return format16{mant: 10, emask: 31, bias: 15, one: 0x3c00}
}

// specials16 are the positive special values of each 16-bit type; each is
// also used negated, then the NaNs follow.
var specials16 = map[Type][]uint16{
	F16: {
		0x0000, 0x0001, 0x0002, 0x03ff, 0x0400, 0x0401, // 0, subnormals, the smallest normals
		0x1400,                                         // 2^-10, the ulp of 1
		0x3555, 0x3800, 0x3bff, 0x3c00, 0x3c01, 0x3e00, // 1/3, 0.5, 1 and neighbours, 1.5
		0x4000, 0x4100, 0x4200, 0x4248, // 2, 2.5, 3, π
		0x63ff, 0x6400, 0x6401, 0x67ff, 0x6800, // 2^10 and 2^11: every half is an integer from 2^10 on
		0x7800, 0x7bff, 0x7c00, // 2^15, the largest finite, Inf
	},
	BF16: {
		0x0000, 0x0001, 0x0002, 0x007f, 0x0080, 0x0081, // 0, subnormals, the smallest normals
		0x3c00,                                         // 2^-7, the ulp of 1
		0x3eab, 0x3f00, 0x3f7f, 0x3f80, 0x3f81, 0x3fc0, // 1/3, 0.5, 1 and neighbours, 1.5
		0x4000, 0x4020, 0x4040, 0x4049, // 2, 2.5, 3, π
		0x42ff, 0x4300, 0x4301, 0x437f, 0x4380, // 2^7 and 2^8: every bfloat16 is an integer from 2^7 on
		0x4700, 0x4780, 0x4f00, 0x4f80, 0x5f00, 0x5f80, // 2^15, 2^16, 2^31, 2^32, 2^63, 2^64: integer conversion limits
		0x7f7f, 0x7f80, // the largest finite, Inf
	},
}

// nanSpecials16: CUDA's canonical NaN (all ones), the default quiet NaN, a
// negative quiet NaN with a payload, a signalling NaN.
var nanSpecials16 = map[Type][]uint16{
	F16:  {0x7fff, 0x7e00, 0xfe01, 0x7c01},
	BF16: {0x7fff, 0x7fc0, 0xffc1, 0x7f81},
}

// ternarySpecials16 is the subset of specials whose 16^3 triples make the
// special grid of a ternary function: ±0, the smallest subnormal, minus the
// smallest normal, ±1, 1 + ulp, 1.5, 2, ± the largest finite, ±Inf, NaN and
// ± the ulp of 1 (cancellation against 1).
var ternarySpecials16 = map[Type][]uint16{
	F16:  {0x0000, 0x8000, 0x0001, 0x8400, 0x3c00, 0xbc00, 0x3c01, 0x3e00, 0x4000, 0x7bff, 0xfbff, 0x7c00, 0xfc00, 0x7fff, 0x1400, 0x9400},
	BF16: {0x0000, 0x8000, 0x0001, 0x8080, 0x3f80, 0xbf80, 0x3f81, 0x3fc0, 0x4000, 0x7f7f, 0xff7f, 0x7f80, 0xff80, 0x7fff, 0x3c00, 0xbc00},
}

// QuickRows16 returns the x values whose rows (x<<16 | y for every y, one
// sub-block of 2^16 pairs) a pairs-shaped capture of lane type t hashes for
// the quick tier: ±0, the smallest subnormal, the smallest normal, ±1,
// 1 + ulp, 0.5, 2, ± the largest finite, ±Inf, a quiet and a signalling
// NaN, minus the smallest subnormal. For a vector function of one argument
// x is the high lane.
func QuickRows16(t Type) []uint16 {
	if t.Lane() == BF16 {
		return []uint16{0x0000, 0x0001, 0x0080, 0x3f00, 0x3f80, 0x3f81, 0x4000, 0x7f7f, 0x7f80, 0x7fc0, 0x7f81, 0x8000, 0x8001, 0xbf80, 0xff7f, 0xff80}
	}
	return []uint16{0x0000, 0x0001, 0x0400, 0x3800, 0x3c00, 0x3c01, 0x4000, 0x7bff, 0x7c00, 0x7e00, 0x7c01, 0x8000, 0x8001, 0xbc00, 0xfbff, 0xfc00}
}

// Specials16 returns the special values of a 16-bit float type: the
// positive ones, the same negated, then four NaNs.
func Specials16(t Type) []uint16 {
	pos := specials16[t.Lane()]
	out := make([]uint16, 0, 2*len(pos)+4)
	out = append(out, pos...)
	for _, v := range pos {
		out = append(out, v|0x8000)
	}
	return append(out, nanSpecials16[t.Lane()]...)
}

// Thresholds of the conversions to half and bfloat16 (FamHalf), as float32
// and double encodings (positive; also used negated) and as integers:
// the largest finite values, the midpoints above them (round to the
// largest finite or overflow), the smallest subnormals and the midpoints
// below them, the smallest normals, and ties between consecutive integers.
var halfSpecials32 = []uint32{
	0x477fe000, 0x477fefff, 0x477ff000, 0x477ff001, 0x47800000, // half: 65504, just below and at 65520, 65536
	0x33800000, 0x33000000, 0x33000001, 0x33400000, 0x38800000, 0x387fc000, // half: 2^-24, 2^-25 (a tie), 1.5·2^-25, 2^-14, the largest subnormal
	0x3f801000, 0x3f802000, 0x3f803000, 0x45001000, // half: ties at 1 + 2^-11 (to even down, up), 2048 + 1
	0x7f7f0000, 0x7f7f8000, 0x7f7f8001, 0x7f7fffff, // bfloat16: the largest finite, the midpoint above, float32's largest finite
	0x00010000, 0x00008000, 0x00008001, 0x00800000, 0x007f0000, // bfloat16: the smallest subnormal, a tie below it, the smallest normal, the largest subnormal
	0x3f808000, 0x3f818000, 0x3f808001, 0x43808000, // bfloat16: ties at 1 + 2^-8, 257
}

var halfSpecials64 = []uint64{
	0x40effc0000000000, 0x40effdffffffffff, 0x40effe0000000000, 0x40effe0000000001, 0x40f0000000000000, // half: 65504, 65520 and around it, 65536
	0x3e70000000000000, 0x3e60000000000000, 0x3e60000000000001, 0x3e68000000000000, 0x3f10000000000000, // half: 2^-24, 2^-25, above it, 1.5·2^-25, 2^-14
	0x3ff0020000000000, 0x3ff0020000000001, 0x3ff001ffffffffff, // half: the tie at 1 + 2^-11 and its neighbours (double rounding through float)
	0x47efe00000000000, 0x47eff00000000000, 0x47eff00000000001, 0x47efffffe0000000, // bfloat16: the largest finite, the midpoint above, float32's largest finite
	0x3800000000000000, 0x37f0000000000000, 0x37f0000000000001, // bfloat16: 2^-133 (its smallest subnormal), a tie below, above it
	0x3ff0100000000000, 0x3ff0100000000001, 0x3ff00fffffffffff, // bfloat16: the tie at 1 + 2^-8 and its neighbours
}

var halfInts = []uint64{
	2049, 2051, 4097, 65504, 65505, 65519, 65520, 65535, 65536, // half: ties above 2^11, the largest finite and the overflow threshold
	257, 259, 32768, 32769, 0x7f7f, 0xff7f, // bfloat16: ties above 2^8
	0xff800000000, 0xff800000001, 0xff7fffffffffffff, // bfloat16: 2^40-ish ties and the 64-bit top
}

// computeGrid16 returns the special-value axis of a function of the 16-bit
// catalog: the type's specials for 16-bit arguments (the ternary subset for
// three), and for the conversions to half and bfloat16 from wider types
// the axis of the float32 and double catalog with the thresholds above.
func (f *Func) computeGrid16() []uint64 {
	var axis []uint64
	in := f.In[0].Lane()
	switch {
	case in == F16 || in == BF16:
		vs := Specials16(in)
		if len(f.In) == 3 {
			vs = ternarySpecials16[in]
		}
		for _, v := range vs {
			axis = append(axis, uint64(v))
		}
	case in == I16 || in == U16:
		for _, v := range int32Specials {
			axis = append(axis, uint64(uint16(v)))
		}
		for _, v := range halfInts {
			if v < 1<<16 {
				axis = append(axis, v, uint64(uint16(-v)))
			}
		}
	case in == I32 || in == U32:
		for _, v := range int32Specials {
			axis = append(axis, uint64(v))
		}
		for _, v := range halfInts {
			if v < 1<<32 {
				axis = append(axis, v, uint64(uint32(-v)))
			}
		}
	case in == I64 || in == U64:
		axis = append(axis, int64Specials...)
		for _, v := range halfInts {
			axis = append(axis, v, -v)
		}
	case in == F64:
		axis = append(axis, f64Specials...)
		for _, v := range halfSpecials64 {
			axis = append(axis, v, v|1<<63)
		}
	default: // F32
		for _, v := range SpecialsF32(FamMisc) {
			axis = append(axis, uint64(v))
		}
		for _, v := range halfSpecials32 {
			axis = append(axis, uint64(v), uint64(v|0x80000000))
		}
	}
	return axis
}
