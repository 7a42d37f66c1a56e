//go:build ignore

// gen_intrinsics64.go is gen_intrinsics.go's table of the double
// intrinsics: the IEEE-754 operations with a rounding suffix (__dadd_rn …
// __dsqrt_rd, __fma_rn …), the conversions between double and the
// integers, and the reinterpretations (__double_as_longlong,
// __double2hiint, …). Each is a thin call into package rounding, whose
// binary64 operations hold the device's NaN rules (rounding/cuda.go). Run
// with go generate ./intrinsics (both files together).
//
// Output: ieee64_gen.go, convert64_gen.go, and rows in
// specials_gen_test.go and bench_gen_test.go.
package main

import (
	"fmt"
	"strings"

	"github.com/cudafp/cudafp/rounding"
)

// Encodings used by the binary64 rows.
const (
	dZero    = 0x0000000000000000
	dNZero   = 0x8000000000000000
	dOne     = 0x3ff0000000000000
	dNOne    = 0xbff0000000000000
	dTwo     = 0x4000000000000000
	dNTwo    = 0xc000000000000000
	dHalf    = 0x3fe0000000000000
	dThree   = 0x4008000000000000
	dInf     = 0x7ff0000000000000
	dNInf    = 0xfff0000000000000
	dMax     = 0x7fefffffffffffff
	dNMax    = 0xffefffffffffffff
	dMinSub  = 0x0000000000000001
	dNMinSub = 0x8000000000000001
	dQNaN    = 0x7ff8000000000000 // the default quiet NaN of most hosts
	dDefNaN  = 0xfff8000000000000 // the NaN an invalid binary64 operation creates
	dNaNP    = 0x7ff8000000000002 // quiet NaN with a payload
	dNNaNP   = 0xfffc0000deadbeef // negative quiet NaN with a payload
	dSNaN    = 0x7ff0000000000001 // signalling NaN: quieted to 0x7ff8000000000001
	dNSNaN   = 0xfff0000000000003 // negative signalling NaN: quieted to 0xfff8000000000003
	d2m53    = 0x3ca0000000000000 // 0x1p-53
	d2m600   = 0x1a70000000000000 // 0x1p-600
	dN2m600  = 0x9a70000000000000
	d2m1000  = 0x0170000000000000 // 0x1p-1000
	d2m60    = 0x3c30000000000000 // 0x1p-60
	d2m1060  = 0x0000000000004000 // 0x1p-1060, subnormal
	d2m1025  = 0x0002000000000000 // 0x1p-1025, subnormal
	dN2m1025 = 0x8002000000000000
	d1p5     = 0x3ff8000000000000 // 1.5
	dN1p5    = 0xbff8000000000000
	d2p5     = 0x4004000000000000 // 2.5
	d2e31    = 0x41e0000000000000 // 0x1p+31
	dN2e31   = 0xc1e0000000000000
	d2e32    = 0x41f0000000000000
	d2e63    = 0x43e0000000000000
	dN2e63   = 0xc3e0000000000000
	d2e64    = 0x43f0000000000000
	d2e53    = 0x4340000000000000 // 0x1p+53
	dN2e53   = 0xc340000000000000
	d2e53p2  = 0x4340000000000001 // 2^53 + 2
	dN2e53p2 = 0xc340000000000001
	d2e63m   = 0x43dfffffffffffff // the double below 2^63
	d2e64m   = 0x43efffffffffffff // the double below 2^64
	dThird   = 0x3fd5555555555555 // 1/3 rounded down (to nearest)
	dThirdU  = 0x3fd5555555555556 // 1/3 rounded up
	dSqrt2   = 0x3ff6a09e667f3bcd // √2 rounded up (to nearest)
	dSqrt2D  = 0x3ff6a09e667f3bcc // √2 rounded down
	dOneUlp  = 0x3ff0000000000001 // 1 + 2^-52
)

var (
	d1 = []goType{tF64}
	d2 = []goType{tF64, tF64}
	d3 = []goType{tF64, tF64, tF64}
)

// overflow64 returns the results of a positive and a negative overflow in
// m, and the doc text.
func overflow64(m rounding.Mode) (pos, neg uint64, text string) {
	switch m {
	case rounding.RN:
		return dInf, dNInf, "±Inf"
	case rounding.RZ:
		return dMax, dNMax, "±MaxFloat64"
	case rounding.RU:
		return dInf, dNMax, "+Inf for a positive result, -MaxFloat64 for a negative one"
	}
	return dMax, dNInf, "+MaxFloat64 for a positive result, -Inf for a negative one"
}

// underflow64 returns the results of an exact result of magnitude below
// 2^-1075 (positive, negative) in m, and the doc text.
func underflow64(m rounding.Mode) (pos, neg uint64, text string) {
	switch m {
	case rounding.RN, rounding.RZ:
		return dZero, dNZero, "±0 (the sign of the exact result)"
	case rounding.RU:
		return dMinSub, dNZero, "+0x1p-1074 for a positive result, -0 for a negative one"
	}
	return dZero, dNMinSub, "+0 for a positive result, -0x1p-1074 for a negative one"
}

func zeroSum64(m rounding.Mode) (uint64, string) {
	if m == rounding.RD {
		return dNZero, "-0"
	}
	return dZero, "+0"
}

// byMode picks a mode's value from rn, rz, ru, rd.
func byMode[T any](m rounding.Mode, rn, rz, ru, rd T) T {
	return [...]T{rn, rz, ru, rd}[m]
}

const defNaN = "NaN (0xfff8000000000000)"

// callMode64 is the Go expression of rounding operation op on the float64
// parameters in mode m, through its float64 entry (rounding.AddRN64 in RN,
// inlined by the compiler; rounding.AddMode64 in a directed mode): the
// operands and the result stay float64 values.
func callMode64(op string, m rounding.Mode, params ...string) string {
	if m == rounding.RN {
		return "rounding." + op + "RN64(" + strings.Join(params, ", ") + ")"
	}
	return "rounding." + op + "Mode64(" + strings.Join(params, ", ") + ", rounding." + m.String() + ")"
}

func ieee64Funcs() []fn {
	var fs []fn
	const flags64 = "independent of Target: PTX has no .ftz for .f64, so -ftz=true changes no double operation (subnormals are kept)."
	for _, m := range rounding.Modes {
		sfx := "_" + m.CUDA()
		rz, rzText := zeroSum64(m)
		ovP, ovN, ovText := overflow64(m)
		unP, unN, unText := underflow64(m)
		crAccur := "correctly rounded (the " + m.String() + " rounding of the exact result), with the device's NaN rules (rounding/cuda.go)."
		ptx := func(op string) string { return op + "." + m.PTX() + ".f64" }
		// x + y and x · y: y's NaN wins, then x's (rounding/cuda.go nanAddMul64).
		nanRow := row{"@(x, NaN) = y quieted, sign and payload kept; @(NaN, y) = x quieted for y not NaN",
			[]tc{c(dSNaN|1<<51, dOne, dSNaN), c(dNNaNP, dNNaNP, dOne), c(dNSNaN|1<<51, dNaNP, dNSNaN), c(dQNaN, dInf, dQNaN)}}
		add := func(m rounding.Mode, op, sym string) fn {
			return fn{
				cuda: "__d" + op + sfx, in: d2, params: []string{"x", "y"}, out: tF64,
				summary: "returns x " + sym + " y " + roundWords(m) + ". It emulates __d" + op + sfx + ", which nvcc compiles to " + ptx(op) + "; unlike x " + sym + " y in CUDA C++, it is never contracted into an fma.",
				body:    callMode64(map[string]string{"add": "Add", "sub": "Sub", "mul": "Mul"}[op], m, "x", "y"),
				accur:   crAccur, flags: flags64, method: "; t does not change it",
			}
		}
		f := add(m, "add", "+")
		f.dflt = f.body
		f.rows = []row{
			nanRow,
			{"@(+Inf, -Inf) = @(-Inf, +Inf) = " + defNaN, []tc{c(dDefNaN, dInf, dNInf), c(dDefNaN, dNInf, dInf)}},
			{"@(±Inf, y) = @(y, ±Inf) = ±Inf for y not NaN or the opposite infinity", []tc{c(dInf, dInf, dOne), c(dNInf, dNOne, dNInf), c(dInf, dInf, dInf), c(dInf, dMax, dInf)}},
			{"@(x, -x) = " + rzText + " for finite x", []tc{c(rz, dOne, dNOne), c(rz, dNMax, dMax), c(rz, dZero, dNZero), c(rz, dMinSub, dNMinSub)}},
			{"@(-0, -0) = -0", []tc{c(dNZero, dNZero, dNZero)}},
			{"@(1, 0x1p-53) = " + byMode(m, "1 (a tie, to even)", "1", "1 + 2^-52", "1"), []tc{c(byMode[uint64](m, dOne, dOne, dOneUlp, dOne), dOne, d2m53)}},
			{"@(x, y) = " + ovText + " when the sum overflows", []tc{c(ovP, dMax, dMax), c(ovN, dNMax, dNMax)}},
		}
		fs = append(fs, f)

		f = add(m, "sub", "-")
		f.dflt = f.body
		f.rows = []row{
			{"@(x, NaN) = y quieted, its sign as given; @(NaN, y) = x quieted for y not NaN",
				[]tc{c(dNSNaN|1<<51, dOne, dNSNaN), c(dNNaNP, dNNaNP, dOne), c(dSNaN|1<<51, dNaNP, dSNaN)}},
			{"@(+Inf, +Inf) = @(-Inf, -Inf) = " + defNaN, []tc{c(dDefNaN, dInf, dInf), c(dDefNaN, dNInf, dNInf)}},
			{"@(±Inf, y) = ±Inf and @(x, ±Inf) = ∓Inf for finite x, y", []tc{c(dInf, dInf, dOne), c(dNInf, dOne, dInf), c(dInf, dMax, dNInf), c(dInf, dInf, dNInf)}},
			{"@(x, x) = " + rzText + " for finite x", []tc{c(rz, dOne, dOne), c(rz, dNMax, dNMax), c(rz, dZero, dZero), c(rz, dNZero, dNZero)}},
			{"@(-0, +0) = -0", []tc{c(dNZero, dNZero, dZero)}},
			{"@(x, y) = " + ovText + " when the difference overflows", []tc{c(ovP, dMax, dNMax), c(ovN, dNMax, dMax)}},
		}
		fs = append(fs, f)

		f = add(m, "mul", "·")
		f.summary = "returns x · y " + roundWords(m) + ". It emulates __dmul" + sfx + ", which nvcc compiles to " + ptx("mul") + "; unlike x * y in CUDA C++, it is never contracted into an fma."
		f.dflt = f.body
		f.rows = []row{
			nanRow,
			{"@(±0, ±Inf) = @(±Inf, ±0) = " + defNaN, []tc{c(dDefNaN, dZero, dInf), c(dDefNaN, dNInf, dZero)}},
			{"@(±Inf, y) = @(y, ±Inf) = ±Inf for y ≠ 0 not NaN, signed with the XOR of the signs", []tc{c(dNInf, dInf, dNOne), c(dInf, dNInf, dNInf), c(dNInf, dNMinSub, dInf)}},
			{"@(±0, y) = @(y, ±0) = ±0 for finite y, signed with the XOR of the signs", []tc{c(dNZero, dZero, dNOne), c(dZero, dNZero, dNZero), c(dNZero, dMax, dNZero)}},
			{"@(x, y) = " + ovText + " when the product overflows", []tc{c(ovP, dMax, dTwo), c(ovN, dMax, dNTwo)}},
			{"@(0x1p-1000, 0x1p-60) = 0x1p-1060, a subnormal (no flush to zero)", []tc{c(d2m1060, d2m1000, d2m60)}},
			{"@(0x1p-600, ±0x1p-600) = " + unText + " (underflow)", []tc{c(unP, d2m600, d2m600), c(unN, d2m600, dN2m600)}},
		}
		fs = append(fs, f)

		fs = append(fs, fn{
			cuda: "__fma" + sfx, in: d3, params: []string{"x", "y", "z"}, out: tF64,
			summary: "returns x · y + z computed exactly and " + roundWords(m) + " once. It emulates __fma" + sfx + ", which nvcc compiles to fma." + m.PTX() + ".f64.",
			body:    callMode64("Fma", m, "x", "y", "z"),
			dflt:    callMode64("Fma", m, "x", "y", "z"),
			rows: []row{
				{"@(x, y, z) = the first NaN of y, z, x, quieted, if x, y or z is NaN",
					[]tc{c(dNNaNP, dNNaNP, dOne, dOne), c(dNaNP, dZero, dNaNP, dNSNaN), c(dNSNaN|1<<51, dSNaN, dOne, dNSNaN), c(dQNaN, dZero, dInf, dQNaN)}},
				{"@(±Inf, ±0, z) = @(±0, ±Inf, z) = " + defNaN + " for z not NaN", []tc{c(dDefNaN, dInf, dZero, dOne), c(dDefNaN, dNZero, dInf, dNInf)}},
				{"@(x, y, z) = " + defNaN + " if x·y is an infinity and z the opposite infinity", []tc{c(dDefNaN, dInf, dOne, dNInf), c(dDefNaN, dMax, dNInf, dInf)}},
				{"@(x, y, z) = ±Inf if x·y or z is ±Inf (and no rule above applies)", []tc{c(dNInf, dInf, dNOne, dOne), c(dInf, dOne, dOne, dInf), c(dInf, dInf, dInf, dInf)}},
				{"@(x, y, z) = " + rzText + " if x·y + z is exactly 0 and not every term is -0", []tc{c(rz, dOne, dOne, dNOne), c(rz, dZero, dOne, dNZero), c(rz, dTwo, dNOne, dTwo)}},
				{"@(x, y, -0) = -0 if x·y is -0", []tc{c(dNZero, dNZero, dOne, dNZero), c(dNZero, dZero, dNMax, dNZero)}},
				{"@(x, y, z) = " + ovText + " when the exact x·y + z overflows", []tc{c(ovP, dMax, dTwo, dZero), c(ovN, dMax, dNTwo, dOne)}},
			},
			accur: crAccur, flags: flags64, method: "; t does not change it",
		})

		fs = append(fs, fn{
			cuda: "__ddiv" + sfx, in: d2, params: []string{"x", "y"}, out: tF64,
			summary: "returns x / y " + roundWords(m) + ". It emulates __ddiv" + sfx + ", which nvcc compiles to " + ptx("div") + " (a Newton–Raphson sequence with a slow path in SASS).",
			body:    callMode64("Div", m, "x", "y"),
			dflt:    callMode64("Div", m, "x", "y"),
			rows: []row{
				{"@(NaN, y) = x quieted, sign and payload kept; @(x, NaN) = y quieted for x not NaN",
					[]tc{c(dNNaNP, dNNaNP, dOne), c(dSNaN|1<<51, dOne, dSNaN), c(dNaNP, dNaNP, dNSNaN), c(dQNaN, dZero, dQNaN)}},
				{"@(±0, ±0) = @(±Inf, ±Inf) = " + defNaN, []tc{c(dDefNaN, dZero, dNZero), c(dDefNaN, dNInf, dInf)}},
				{"@(±Inf, y) = ±Inf for finite y, signed with the XOR of the signs", []tc{c(dNInf, dInf, dNOne), c(dInf, dNInf, dNMax), c(dInf, dInf, dZero)}},
				{"@(x, ±Inf) = ±0 for finite x, signed with the XOR of the signs", []tc{c(dZero, dOne, dInf), c(dNZero, dNMax, dInf)}},
				{"@(x, ±0) = ±Inf for finite x ≠ 0, signed with the XOR of the signs", []tc{c(dNInf, dOne, dNZero), c(dInf, dNMinSub, dNZero)}},
				{"@(±0, y) = ±0 for y ≠ 0 not NaN, signed with the XOR of the signs", []tc{c(dNZero, dZero, dNOne), c(dZero, dNZero, dNInf), c(dNZero, dZero, dNMinSub)}},
				{"@(x, y) = " + ovText + " when the quotient overflows", []tc{c(ovP, dMax, dHalf), c(ovN, dNMax, dHalf)}},
				{"@(1, 3) = " + byMode(m, "0x1.5555555555555p-02 (rounded down)", "0x1.5555555555555p-02", "0x1.5555555555556p-02", "0x1.5555555555555p-02"),
					[]tc{c(byMode[uint64](m, dThird, dThird, dThirdU, dThird), dOne, dThree)}},
			},
			accur: crAccur, flags: flags64, method: "; t does not change it",
		})
		fs = append(fs, fn{
			cuda: "__drcp" + sfx, in: d1, params: []string{"x"}, out: tF64,
			summary: "returns 1 / x " + roundWords(m) + ". It emulates __drcp" + sfx + ", which nvcc compiles to rcp." + m.PTX() + ".f64.",
			body:    callMode64("Rcp", m, "x"),
			dflt:    callMode64("Rcp", m, "x"),
			rows: []row{
				{"@(NaN) = x quieted, sign and payload kept", []tc{c(dQNaN, dQNaN), c(dNSNaN|1<<51, dNSNaN), c(dNNaNP, dNNaNP)}},
				{"@(±Inf) = ±0", []tc{c(dZero, dInf), c(dNZero, dNInf)}},
				{"@(±0) = ±Inf", []tc{c(dInf, dZero), c(dNInf, dNZero)}},
				{"@(±0x1p-1025) = " + ovText + " (overflow)", []tc{c(ovP, d2m1025), c(ovN, dN2m1025)}},
				{"@(3) = " + byMode(m, "0x1.5555555555555p-02 (rounded down)", "0x1.5555555555555p-02", "0x1.5555555555556p-02", "0x1.5555555555555p-02"),
					[]tc{c(byMode[uint64](m, dThird, dThird, dThirdU, dThird), dThree)}},
			},
			accur: crAccur, flags: flags64, method: "; t does not change it",
		})
		fs = append(fs, fn{
			cuda: "__dsqrt" + sfx, in: d1, params: []string{"x"}, out: tF64,
			summary: "returns the square root of x " + roundWords(m) + ". It emulates __dsqrt" + sfx + ", which nvcc compiles to sqrt." + m.PTX() + ".f64.",
			body:    callMode64("Sqrt", m, "x"),
			dflt:    callMode64("Sqrt", m, "x"),
			rows: []row{
				{"@(NaN) = x quieted, sign and payload kept", []tc{c(dQNaN, dQNaN), c(dNSNaN|1<<51, dNSNaN)}},
				{"@(±0) = ±0", []tc{c(dZero, dZero), c(dNZero, dNZero)}},
				{"@(x) = " + defNaN + " for x < 0, -Inf included", []tc{c(dDefNaN, dNOne), c(dDefNaN, dNInf), c(dDefNaN, dNMinSub)}},
				{"@(+Inf) = +Inf", []tc{c(dInf, dInf)}},
				{"@(2) = " + byMode(m, "0x1.6a09e667f3bcdp+00 (rounded up)", "0x1.6a09e667f3bccp+00", "0x1.6a09e667f3bcdp+00", "0x1.6a09e667f3bccp+00"),
					[]tc{c(byMode[uint64](m, dSqrt2, dSqrt2D, dSqrt2, dSqrt2D), dTwo)}},
			},
			accur: crAccur, flags: flags64, method: "; t does not change it",
		})
	}
	return fs
}

func convert64Funcs() []fn {
	var fs []fn
	const cvtFlags = "independent of Target: PTX has no .ftz for a .f64 source, so -ftz=true does not flush its subnormals."
	type dst struct {
		name, ptx        string
		t                goType
		op               string // rounding's conversion
		nan              uint64
		nanText          string
		max, min         uint64
		maxText, minText string
		hi, lo           uint64 // the thresholds of saturation, as doubles
		hiText, loText   string
		neg              bool
		width            uint64
	}
	dsts := []dst{
		{"int", "s32", tI32, "F64ToI32", 0x80000000, "math.MinInt32 (PTX: 1 << 31 from a .f64 source)", 0x7fffffff, 0x80000000, "math.MaxInt32", "math.MinInt32", d2e31, dN2e31, "2^31", "-2^31", true, 0xffffffff},
		{"uint", "u32", tU32, "F64ToU32", 0x80000000, "1<<31 (0x80000000; PTX: 1 << 31 from a .f64 source)", 0xffffffff, 0, "math.MaxUint32", "", d2e32, 0, "2^32", "", false, 0xffffffff},
		{"ll", "s64", tI64, "F64ToI64", 0x8000000000000000, "math.MinInt64 (PTX: 1 << 63)", 0x7fffffffffffffff, 0x8000000000000000, "math.MaxInt64", "math.MinInt64", d2e63, dN2e63, "2^63", "-2^63", true, 0xffffffffffffffff},
		{"ull", "u64", tU64, "F64ToU64", 0x8000000000000000, "1<<63 (0x8000000000000000; PTX: 1 << 63)", 0xffffffffffffffff, 0, "math.MaxUint64", "", d2e64, 0, "2^64", "", false, 0xffffffffffffffff},
	}
	rounds := map[rounding.Mode][3]int64{
		rounding.RN: {2, 2, -2}, rounding.RZ: {1, 2, -1}, rounding.RU: {2, 3, -1}, rounding.RD: {1, 2, -2},
	}
	for _, d := range dsts {
		enc := func(v int64) uint64 { return uint64(v) & d.width }
		for _, m := range rounding.Modes {
			cuda := "__double2" + d.name + "_" + m.CUDA()
			r := rounds[m]
			rows := []row{
				{"@(NaN) = " + d.nanText, []tc{c(d.nan, dQNaN), c(d.nan, dNNaNP), c(d.nan, dSNaN)}},
				{"@(x) = " + d.maxText + " for x ≥ " + d.hiText + ", +Inf included", []tc{c(d.max, d.hi), c(d.max, dInf), c(d.max, dMax)}},
			}
			if d.neg {
				rows = append(rows, row{"@(x) = " + d.minText + " for x ≤ " + d.loText + ", -Inf included", []tc{c(d.min, d.lo), c(d.min, dNInf), c(d.min, dNMax)}})
			} else {
				rows = append(rows, row{"@(x) = 0 for x < 0, -Inf included (negative results saturate to 0)", []tc{c(0, dNOne), c(0, dNInf), c(0, dN1p5), c(0, dNMax)}})
			}
			rows = append(rows, row{"@(±0) = 0", []tc{c(0, dZero), c(0, dNZero)}})
			if d.neg {
				rows = append(rows, row{fmt.Sprintf("@(1.5) = %d, @(2.5) = %d, @(-1.5) = %d", r[0], r[1], r[2]),
					[]tc{c(enc(r[0]), d1p5), c(enc(r[1]), d2p5), c(enc(r[2]), dN1p5)}})
			} else {
				rows = append(rows, row{fmt.Sprintf("@(1.5) = %d, @(2.5) = %d", r[0], r[1]), []tc{c(enc(r[0]), d1p5), c(enc(r[1]), d2p5)}})
			}
			switch {
			case m == rounding.RU:
				rows = append(rows, row{"@(0x1p-1074) = 1 (subnormals are kept)", []tc{c(1, dMinSub), c(0, dNMinSub)}})
			case m == rounding.RD && d.neg:
				rows = append(rows, row{"@(-0x1p-1074) = -1 (subnormals are kept)", []tc{c(enc(-1), dNMinSub), c(0, dMinSub)}})
			default:
				rows = append(rows, row{"@(±0x1p-1074) = 0", []tc{c(0, dMinSub), c(0, dNMinSub)}})
			}
			rni := map[rounding.Mode]string{rounding.RN: "rni", rounding.RZ: "rzi", rounding.RU: "rpi", rounding.RD: "rmi"}[m]
			fs = append(fs, fn{
				cuda: cuda, in: d1, params: []string{"x"}, out: d.t,
				summary: "converts x to " + string(d.t) + ", " + intWords(m) + ", saturating to the " + string(d.t) + " range. It emulates " + cuda +
					", which nvcc compiles to cvt." + rni + "." + d.ptx + ".f64.",
				body:   "rounding." + d.op + "(math.Float64bits(x), rounding." + m.String() + ")",
				dflt:   "rounding." + d.op + "(math.Float64bits(x), rounding." + m.String() + ")",
				rows:   rows,
				accur:  "exact (x " + intWords(m) + ", then clamped to the destination range), with the device's NaN rule.",
				flags:  cvtFlags,
				method: "; t does not change it",
			})
		}
	}

	exact := "exact (every 32-bit integer is a double)."
	fs = append(fs, fn{
		cuda: "__int2double_rn", in: []goType{tI32}, params: []string{"x"}, out: tF64,
		summary: "converts x to float64, exactly. It emulates __int2double_rn, which nvcc compiles to cvt.rn.f64.s32.",
		body:    "math.Float64frombits(rounding.I32ToF64(x))", dflt: "math.Float64frombits(rounding.I32ToF64(x))",
		rows: []row{
			{"@(0) = +0", []tc{c(dZero, 0)}},
			{"@(x) = x exactly: @(-1) = -1, @(math.MinInt32) = -0x1p+31, @(math.MaxInt32) = 0x1.fffffffcp+30", []tc{c(dNOne, 0xffffffff), c(dN2e31, 0x80000000), c(0x41dfffffffc00000, 0x7fffffff)}},
		},
		accur: exact, flags: "independent of Target.", method: "; t does not change it",
	})
	fs = append(fs, fn{
		cuda: "__uint2double_rn", in: []goType{tU32}, params: []string{"x"}, out: tF64,
		summary: "converts x to float64, exactly. It emulates __uint2double_rn, which nvcc compiles to cvt.rn.f64.u32.",
		body:    "math.Float64frombits(rounding.U32ToF64(x))", dflt: "math.Float64frombits(rounding.U32ToF64(x))",
		rows: []row{
			{"@(0) = +0", []tc{c(dZero, 0)}},
			{"@(x) = x exactly: @(1<<31) = 0x1p+31, @(math.MaxUint32) = 0x1.fffffffep+31", []tc{c(d2e31, 0x80000000), c(0x41efffffffe00000, 0xffffffff)}},
		},
		accur: exact, flags: "independent of Target.", method: "; t does not change it",
	})
	// 2^53 + 1, the first integer that rounds, and math.MaxInt64/MaxUint64.
	const i2e53p1 = 1<<53 + 1
	up := func(m rounding.Mode, exact, below uint64) uint64 {
		if m == rounding.RN || m == rounding.RU {
			return exact
		}
		return below
	}
	for _, m := range rounding.Modes {
		for _, s := range []struct {
			name, ptx, op, conv string
			t                   goType
		}{{"ll", "s64", "I64ToF64", "x", tI64}, {"ull", "u64", "U64ToF64", "x", tU64}} {
			cuda := "__" + s.name + "2double_" + m.CUDA()
			odd := byMode[uint64](m, d2e53, d2e53, d2e53p2, d2e53)
			oddText := byMode(m, "0x1p+53 (a tie, to even)", "0x1p+53", "0x1.0000000000001p+53", "0x1p+53")
			var rows []row
			if s.t == tI64 {
				nodd := byMode[uint64](m, dN2e53, dN2e53, dN2e53, dN2e53p2)
				noddText := byMode(m, "-0x1p+53", "-0x1p+53", "-0x1p+53", "-0x1.0000000000001p+53")
				rows = []row{
					{"@(0) = +0", []tc{c(dZero, 0)}},
					{"@(x) = x exactly for |x| ≤ 2^53, and @(math.MinInt64) = -0x1p+63", []tc{c(d2e53, 1<<53), c(dN2e53, uint64(0xffe0000000000000)), c(dOne, 1), c(dN2e63, 0x8000000000000000)}},
					{"@(2^53+1) = " + oddText + ", @(-(2^53+1)) = " + noddText, []tc{c(odd, i2e53p1), c(nodd, uint64(0xffdfffffffffffff))}},
					{"@(math.MaxInt64) = " + byMode(m, "0x1p+63", "0x1.fffffffffffffp+62", "0x1p+63", "0x1.fffffffffffffp+62"), []tc{c(up(m, d2e63, d2e63m), 0x7fffffffffffffff)}},
				}
			} else {
				rows = []row{
					{"@(0) = +0", []tc{c(dZero, 0)}},
					{"@(x) = x exactly for x ≤ 2^53", []tc{c(d2e53, 1<<53), c(dOne, 1)}},
					{"@(2^53+1) = " + oddText, []tc{c(odd, i2e53p1)}},
					{"@(math.MaxUint64) = " + byMode(m, "0x1p+64", "0x1.fffffffffffffp+63", "0x1p+64", "0x1.fffffffffffffp+63"), []tc{c(up(m, d2e64, d2e64m), 0xffffffffffffffff)}},
				}
			}
			fs = append(fs, fn{
				cuda: cuda, in: []goType{s.t}, params: []string{"x"}, out: tF64,
				summary: "converts x to float64 " + roundWords(m) + ". It emulates " + cuda + ", which nvcc compiles to cvt." + m.PTX() + ".f64." + s.ptx + ".",
				body:    "math.Float64frombits(rounding." + s.op + "(" + s.conv + ", rounding." + m.String() + "))",
				dflt:    "math.Float64frombits(rounding." + s.op + "(" + s.conv + ", rounding." + m.String() + "))",
				rows:    rows,
				accur:   "correctly rounded (the " + m.String() + " rounding of x).",
				flags:   "independent of Target.", method: "; t does not change it",
			})
		}
	}

	reinterp := func(cuda string, in []goType, params []string, out goType, summary, body, doc string, cases []tc) fn {
		return fn{
			cuda: cuda, in: in, params: params, out: out, summary: summary, body: body, dflt: body,
			rows:   []row{{doc, cases}},
			accur:  "exact (a reinterpretation of the bits, no conversion).",
			flags:  "independent of Target: no floating-point operation is involved.",
			method: "; t does not change it",
		}
	}
	keep := []uint64{dNZero, dSNaN, 0xffffffffffffffff, dOne, dMinSub}
	var same []tc
	for _, v := range keep {
		same = append(same, c(v, v))
	}
	fs = append(fs,
		reinterp("__double_as_longlong", d1, []string{"x"}, tI64,
			"returns the encoding of x as an int64, bit for bit. It emulates __double_as_longlong, a register move (mov.b64) in PTX.",
			"int64(math.Float64bits(x))", "@(x) keeps every bit: @(-0) = math.MinInt64, and a NaN's sign and payload survive", same),
		reinterp("__longlong_as_double", []goType{tI64}, []string{"x"}, tF64,
			"returns the float64 whose encoding is x, bit for bit. It emulates __longlong_as_double, a register move (mov.b64) in PTX.",
			"math.Float64frombits(uint64(x))", "@(x) keeps every bit: @(math.MinInt64) = -0, and NaN encodings give those NaNs, payload and sign included", same),
		reinterp("__double2hiint", d1, []string{"x"}, tI32,
			"returns the high 32 bits of the encoding of x as an int32. It emulates __double2hiint, a register move (mov.b64 {lo, hi}) in PTX.",
			"int32(math.Float64bits(x) >> 32)", "@(x) = the high word of x's encoding: @(1) = 0x3ff00000, @(-0) = math.MinInt32, @(NaN) keeps its sign and payload's high bits",
			[]tc{c(0x3ff00000, dOne), c(0x80000000, dNZero), c(0x7ff00000, dSNaN), c(0xfffc0000, dNNaNP), c(0, dMinSub)}),
		reinterp("__double2loint", d1, []string{"x"}, tI32,
			"returns the low 32 bits of the encoding of x as an int32. It emulates __double2loint, a register move (mov.b64 {lo, hi}) in PTX.",
			"int32(uint32(math.Float64bits(x)))", "@(x) = the low word of x's encoding: @(1) = 0, @(0x1p-1074) = 1, @(NaN) keeps its payload's low bits",
			[]tc{c(0, dOne), c(1, dMinSub), c(0xdeadbeef, dNNaNP), c(0xffffffff, 0xffffffffffffffff)}),
		reinterp("__hiloint2double", []goType{tI32, tI32}, []string{"hi", "lo"}, tF64,
			"returns the float64 whose encoding has hi as its high word and lo as its low word. It emulates __hiloint2double, a register move (mov.b64 %fd, {lo, hi}) in PTX.",
			"math.Float64frombits(uint64(uint32(hi))<<32 | uint64(uint32(lo)))", "@(hi, lo) keeps every bit: @(0x3ff00000, 0) = 1, @(math.MinInt32, 0) = -0, and NaN words give those NaNs",
			[]tc{c(dOne, 0x3ff00000, 0), c(dNZero, 0x80000000, 0), c(dSNaN, 0x7ff00000, 1), c(0xffffffffffffffff, 0xffffffff, 0xffffffff)}),
	)
	return fs
}
