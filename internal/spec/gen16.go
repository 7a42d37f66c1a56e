package spec

// Inputs of the 16-bit catalog's captures (Func.Shape); gpu/gen16.h
// computes the same with integer operations.

// PairIndexArgs returns the arguments of pair index i = x<<16 | y of a
// pairs-shaped function:
//
//	two 16-bit arguments   f(x, y)
//	one vector             f(v) with lane 0 (low) y and lane 1 (high) x: v = i
//	two vectors            f(a, b) with a = (x, y) and b = (y, x): lane 0 computes x ∘ y, lane 1 y ∘ x
func (f *Func) PairIndexArgs(i uint32) (in Args) {
	x, y := uint64(i>>16), uint64(i&0xffff)
	switch {
	case !f.In[0].Vector():
		in[0], in[1] = x, y
	case len(f.In) == 1:
		in[0] = uint64(i)
	default:
		in[0], in[1] = x|y<<16, y|x<<16
	}
	return in
}

// Input16 returns generated input i (0 ≤ i < GenCount) of a triples- or
// gen64-shaped function. A triple of 16-bit values draws r0…r3 =
// Draw(GenSeed, 4i…4i+3) and belongs to stratum i mod 8 (gen16); lane 1 of
// a vector function takes triple i + GenCount, lane 0 triple i. A 64-bit
// argument comes from Func.Input (genF64, genInt64 on the function's axis).
func (f *Func) Input16(i uint64) (in Args) {
	if f.Shape() != ShapeTriples {
		return f.Input(i)
	}
	ft := formatOf16(f.In[0])
	x, y, z := gen16(ft, i, f.grid)
	in[0], in[1], in[2] = uint64(x), uint64(y), uint64(z)
	if f.In[0].Vector() {
		x, y, z = gen16(ft, i+GenCount, f.grid)
		in[0] |= uint64(x) << 16
		in[1] |= uint64(y) << 16
		in[2] |= uint64(z) << 16
	}
	return in
}

// Grid16Len returns the number of special-grid points of a function of the
// 16-bit catalog: n^2 for the pairs shape, n^3 for triples, n otherwise
// (n = len(Grid())).
func (f *Func) Grid16Len() int {
	n := len(f.grid)
	switch f.Shape() {
	case ShapePairs:
		return n * n
	case ShapeTriples:
		return n * n * n
	}
	return n
}

// Grid16Point returns special-grid point k of a function of the 16-bit
// catalog: pairs take (x, y) = (axis[k/n], axis[k%n]) through
// PairIndexArgs; triples take (axis[k/n²], axis[k/n%n], axis[k%n]) in lane
// 0 and, for a vector function, point Grid16Len()-1-k in lane 1; the other
// shapes take axis[k].
func (f *Func) Grid16Point(k int) (in Args) {
	axis := f.grid
	n := len(axis)
	switch f.Shape() {
	case ShapePairs:
		return f.PairIndexArgs(uint32(axis[k/n])<<16 | uint32(axis[k%n]))
	case ShapeTriples:
		t := func(k int) (a, b, c uint64) { return axis[k/(n*n)], axis[k/n%n], axis[k%n] }
		in[0], in[1], in[2] = t(k)
		if f.In[0].Vector() {
			a, b, c := t(n*n*n - 1 - k)
			in[0] |= a << 16
			in[1] |= b << 16
			in[2] |= c << 16
		}
		return in
	}
	in[0] = axis[k]
	return in
}

func exp16(ft format16, x uint16) int32 { return int32(x>>ft.mant) & ft.emask }

// withExp16 sets x's exponent field to e clamped to [0, emask-1].
func withExp16(ft format16, x uint16, e int32) uint16 {
	e = max(0, min(e, ft.emask-1))
	return x&^(uint16(ft.emask)<<ft.mant) | uint16(e)<<ft.mant
}

func addUlps16(x uint16, d int32) uint16 { return x&0x8000 | uint16(int32(x&0x7fff)+d)&0x7fff }

func nearSpecial16(axis []uint64, r uint64) uint16 {
	return addUlps16(uint16(axis[r%uint64(len(axis))]), small(hi(r)))
}

// gen16 returns generated triple i of a 16-bit format: strata
//
//	0  uniform bit patterns
//	1  same binade: y and z take x's exponent
//	2  nearby binades: exponents of y and z within ±(fraction bits + 2) of x's
//	3  special values ± up to 4 ulps
//	4  x*y+z cancels: y = 1 ± up to 4 ulps, z = -x ± up to 4 ulps
//	5  products near overflow, z of the product's magnitude
//	6  products near underflow, z tiny
//	7  z within ±(fraction bits + 2) binades of the product
func gen16(ft format16, i uint64, axis []uint64) (x, y, z uint16) {
	var r [4]uint64
	for j := range r {
		r[j] = Draw(GenSeed, 4*i+uint64(j))
	}
	k := int32(ft.mant) + 2
	switch i & 7 {
	case 0:
		return uint16(r[0]), uint16(r[0] >> 16), uint16(r[0] >> 32)
	case 1:
		em := uint16(ft.emask) << ft.mant
		x = uint16(r[0])
		return x, x&em | uint16(r[1])&^em, x&em | uint16(r[1]>>16)&^em
	case 2:
		x = uint16(r[0])
		return x, withExp16(ft, uint16(r[1]), exp16(ft, x)+int32(hi(r[0])%uint32(2*k+1))-k),
			withExp16(ft, uint16(r[2]), exp16(ft, x)+int32(hi(r[1])%uint32(2*k+1))-k)
	case 3:
		return nearSpecial16(axis, r[0]), nearSpecial16(axis, r[1]), nearSpecial16(axis, r[2])
	case 4:
		x = uint16(r[0])
		return x, addUlps16(ft.one, small(hi(r[0]))), addUlps16(x^0x8000, small(hi(r[1])))
	case 5:
		x = withExp16(ft, uint16(r[0]), 1+int32(hi(r[0])%uint32(ft.emask-1)))
		y = withExp16(ft, uint16(r[1]), ft.emask-1+ft.bias-exp16(ft, x)+int32(hi(r[1])%5)-2)
		return x, y, withExp16(ft, uint16(r[2]), exp16(ft, x)+exp16(ft, y)-ft.bias+int32(hi(r[2])%5)-2)
	case 6:
		x = withExp16(ft, uint16(r[0]), 1+int32(hi(r[0])%uint32(ft.emask-1)))
		y = withExp16(ft, uint16(r[1]), ft.bias+1-exp16(ft, x)-int32(hi(r[1])%uint32(ft.mant+3)))
		return x, y, withExp16(ft, uint16(r[2]), int32(hi(r[2])%3))
	}
	x, y = uint16(r[0]), uint16(r[1])
	return x, y, withExp16(ft, uint16(r[2]), exp16(ft, x)+exp16(ft, y)-ft.bias+int32(hi(r[2])%uint32(2*k+1))-k)
}
