//go:build ignore

// Command geninputs writes the kernel corpus's manifest, gpu/kernels/cases.txt,
// and every input file the manifest names,
// testdata/kernels/inputs/CASE/argN.npy (N = the kernel parameter's position
// from 0). Run it from the repository root:
//
//	go run gpu/kernels/geninputs.go
//
// The case table below is the single source of both: each case names its
// source file, kernel, launch shape and arguments, and generates its input
// arrays from a splitmix64 stream seeded with the FNV-1a hash of the case
// name. Values come from integer bit patterns (specials, random encodings,
// random exponent and fraction fields) or, for values in a range, from one
// IEEE double operation per step with explicit conversions (no fused
// multiply-add on any GOARCH, Go spec "Floating-point operators"), rounded
// once to float32; so the files are the same, byte for byte, on every
// machine and every run. The inputs directory is removed and rewritten each
// time. Half and bfloat16 arrays are written as their bit patterns (<u2),
// and the manifest passes them as f16:@ and bf16:@ (npyio does not write
// <f2). Files are NumPy format 2.0, as codeberg.org/sbinet/npyio writes them.
//
// See testdata/kernels/README.md for the manifest format and how the device
// outputs are captured (gpu/kernels/capture.sh).
package main

import (
	"bytes"
	"fmt"
	"hash/fnv"
	"log"
	"math"
	"os"
	"path/filepath"
	"strings"

	"codeberg.org/sbinet/npyio/npy"
)

const (
	manifestPath = "gpu/kernels/cases.txt"
	inputsDir    = "testdata/kernels/inputs"
)

// rng is splitmix64 (Steele, Lea and Flood, "Fast splittable pseudorandom
// number generators", OOPSLA 2014; constants as in Vigna's splitmix64.c).
type rng struct{ s uint64 }

func newRNG(name string) *rng {
	h := fnv.New64a()
	h.Write([]byte(name))
	return &rng{s: h.Sum64()}
}

func (r *rng) u64() uint64 {
	r.s += 0x9e3779b97f4a7c15
	z := r.s
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

func (r *rng) u32() uint32 { return uint32(r.u64() >> 32) }

// intIn returns an integer in [lo, hi] (modulo bias is irrelevant here).
func (r *rng) intIn(lo, hi int) int { return lo + int(r.u64()%uint64(hi-lo+1)) }

func (r *rng) coin() bool { return r.u64()>>63 == 1 }

// unit returns a double in [0, 1): a 53-bit integer times 2^-53, exact.
func (r *rng) unit() float64 { return float64(r.u64()>>11) * 0x1p-53 }

// uniform returns lo + (hi-lo)*u as three rounded double operations.
func (r *rng) uniform(lo, hi float64) float64 {
	w := float64(hi - lo)
	p := float64(w * r.unit())
	return float64(lo + p)
}

func (r *rng) uniform32(lo, hi float64) float32 { return float32(r.uniform(lo, hi)) }

// exp32 returns a float32 with an exponent uniform in [e0, e1] (unbiased;
// below -126 gives a subnormal encoding), a random fraction and, if signed,
// a random sign.
func (r *rng) exp32(e0, e1 int, signed bool) float32 {
	be := r.intIn(e0, e1) + 127
	be = max(0, min(be, 254))
	b := uint32(be)<<23 | r.u32()&0x7fffff
	if signed && r.coin() {
		b |= 1 << 31
	}
	return math.Float32frombits(b)
}

// exp64 is exp32 for float64 (bias 1023, subnormal below -1022).
func (r *rng) exp64(e0, e1 int, signed bool) float64 {
	be := r.intIn(e0, e1) + 1023
	be = max(0, min(be, 2046))
	b := uint64(be)<<52 | r.u64()&(1<<52-1)
	if signed && r.coin() {
		b |= 1 << 63
	}
	return math.Float64frombits(b)
}

// exp16 returns binary16 bits with an exponent field uniform in [f0, f1]
// (0 = subnormal, 30 = largest finite) and a random fraction and sign. The
// same layout with an 8-bit exponent (bf16=true) gives bfloat16 bits.
func (r *rng) exp16(f0, f1 int, bf16 bool) uint16 {
	fracBits := 10
	if bf16 {
		fracBits = 7
	}
	b := uint16(r.intIn(f0, f1))<<fracBits | uint16(r.u32())&(1<<fracBits-1)
	if r.coin() {
		b |= 0x8000
	}
	return b
}

// Special encodings, first in every elementwise input. Patterns that are not
// exact decimal literals carry their value in the comment.
var f32Specials = []uint32{
	0x00000000, 0x80000000, // +0, -0
	0x7f800000, 0xff800000, // +Inf, -Inf
	0x7fffffff, 0x7fc00000, 0xffc00001, 0x7f800001, // NaN: CUDA's canonical, x86's default, negative with payload, signalling
	0x00000001, 0x80000001, 0x007fffff, 0x807fffff, 0x00400000, // subnormals: ±smallest, ±largest, 2^-127
	0x00800000, 0x80800000, 0x7f7fffff, 0xff7fffff, // ±smallest normal, ±largest finite
	b32(1), b32(-1), b32(0.5), b32(2), b32(-2), b32(10), b32(-10), b32(0x1p-24), b32(0x1p24),
	0x3f7fffff, 0x3f800001, // 1 - 2^-24, 1 + 2^-23
	0x40490fdb, 0xc0490fdb, 0x3fc90fdb, // ±pi, pi/2 (rounded)
	0x42b17217, 0x42b17218, 0xc2aeac50, 0xc2ce8ed0, // 88.72283, 88.72284 (expf overflow edge), -87.33655, -103.27893
	b32(105615), b32(-105615), b32(48039), // sinf/cosf reduction thresholds
	0x3c23d70a, 0x3a83126f, 0x3eaaaaab, // 0.01, 0.001, 1/3 (rounded)
	b32(0x1p23), b32(0x1p31), b32(-0x1p31), b32(0x1p126), b32(-0x1p-126),
}

var f64Specials = []uint64{
	0x0000000000000000, 0x8000000000000000, // ±0
	0x7ff0000000000000, 0xfff0000000000000, // ±Inf
	0xfff8000000000000, 0x7ff8000000000000, 0x7ff0000000000001, // NaN: CUDA's canonical, positive quiet, signalling
	0x0000000000000001, 0x800fffffffffffff, 0x0008000000000000, // subnormals
	0x0010000000000000, 0x7fefffffffffffff, 0xffefffffffffffff, // smallest normal, ±largest finite
	b64(1), b64(-1), b64(0.5), b64(2), b64(-2), b64(10), b64(0x1p-53), b64(0x1p53),
	0x3fefffffffffffff, 0x3ff0000000000001, // 1 - 2^-53, 1 + 2^-52
	0x400921fb54442d18, 0x3ff921fb54442d18, // pi, pi/2 (rounded)
	0x40862e42fefa39ef, 0xc0874910d52d3051, // 709.782712893384 (exp overflow edge), -745.1332191019411
	b64(0x1p1023), b64(-0x1p-1022), b64(1e300), b64(1e-300),
}

var f16Specials = []uint16{
	0x0000, 0x8000, 0x7c00, 0xfc00, // ±0, ±Inf
	0x7fff, 0x7e00, 0xfe01, 0x7c01, // NaN: CUDA's canonical, quiet, negative with payload, signalling
	0x0001, 0x8001, 0x03ff, 0x0200, // subnormals
	0x0400, 0x8400, 0x7bff, 0xfbff, // ±smallest normal, ±65504
	0x3c00, 0xbc00, 0x3800, 0x4000, 0xc000, 0x3bff, 0x3c01, // 1 -1 0.5 2 -2, 1 - 2^-11, 1 + 2^-10
	0x4248, 0x4a00, 0x4b80, 0xcb80, // 3.140625, 12, 15, -15
}

var bf16Specials = []uint16{
	0x0000, 0x8000, 0x7f80, 0xff80, // ±0, ±Inf
	0x7fff, 0x7fc0, 0xffc1, 0x7f81, // NaN: CUDA's canonical, quiet, negative with payload, signalling
	0x0001, 0x8001, 0x007f, 0x0040, // subnormals
	0x0080, 0x8080, 0x7f7f, 0xff7f, // ±smallest normal, ±largest finite
	0x3f80, 0xbf80, 0x3f00, 0x4000, 0xc000, 0x3f7f, 0x3f81, // 1 -1 0.5 2 -2, 1 - 2^-8, 1 + 2^-7
	0x4049, 0x42b1, 0x42b2, 0xc2b0, // 3.140625, 88.5, 89, -88
}

// atomicPairs32 returns the operands (a, b) of atomic_fp_semantics: every
// pair of the float specials, then pairs whose exponents differ by 0 to 30
// (rounding ties, cancellation, subnormal sums) with either sign.
func atomicPairs32(r *rng, n int) ([]float32, []float32) {
	a, b := make([]float32, n), make([]float32, n)
	sp := specials32()
	k := 0
	for _, x := range sp {
		for _, y := range sp {
			if k < n {
				a[k], b[k] = x, y
				k++
			}
		}
	}
	for ; k < n; k++ {
		e := r.intIn(-150, 127)
		a[k] = r.exp32(e, e, true)
		b[k] = r.exp32(e-r.intIn(0, 30), e, true)
	}
	return a, b
}

// atomicPairs64 is atomicPairs32 for double (exponents differ by 0 to 60).
func atomicPairs64(r *rng, n int) ([]float64, []float64) {
	a, b := make([]float64, n), make([]float64, n)
	k := 0
	for _, x := range f64Specials {
		for _, y := range f64Specials {
			if k < n {
				a[k], b[k] = math.Float64frombits(x), math.Float64frombits(y)
				k++
			}
		}
	}
	for ; k < n; k++ {
		e := r.intIn(-1075, 1023)
		a[k] = r.exp64(e, e, true)
		b[k] = r.exp64(e-r.intIn(0, 60), e, true)
	}
	return a, b
}

// atomicPairs16 is atomicPairs32 for half or bfloat16 bits (n lanes, two
// per __half2/__nv_bfloat162 element): every pair of the specials, then
// pairs with exponent fields 0 to 12 apart.
func atomicPairs16(r *rng, n int, specials []uint16, bf16 bool) ([]uint16, []uint16) {
	a, b := make([]uint16, n), make([]uint16, n)
	k := 0
	for _, x := range specials {
		for _, y := range specials {
			if k < n {
				a[k], b[k] = x, y
				k++
			}
		}
	}
	top := 30
	if bf16 {
		top = 254
	}
	for ; k < n; k++ {
		f := r.intIn(0, top)
		a[k] = r.exp16(f, f, bf16)
		b[k] = r.exp16(max(0, f-r.intIn(0, 12)), f, bf16)
	}
	return a, b
}

func b32(x float32) uint32 { return math.Float32bits(x) }
func b64(x float64) uint64 { return math.Float64bits(x) }

func specials32() []float32 {
	out := make([]float32, len(f32Specials))
	for i, b := range f32Specials {
		out[i] = math.Float32frombits(b)
	}
	return out
}

// mixF32 is the standard elementwise input: the specials, then in turn a
// random encoding, a value with exponent in [-30, 30], and two values uniform
// in [lo, hi].
func mixF32(r *rng, n int, lo, hi float64) []float32 {
	out := make([]float32, n)
	k := copy(out, specials32())
	for i := k; i < n; i++ {
		switch i % 4 {
		case 0:
			out[i] = math.Float32frombits(r.u32())
		case 1:
			out[i] = r.exp32(-30, 30, true)
		default:
			out[i] = r.uniform32(lo, hi)
		}
	}
	return out
}

// pairF32 returns x and y: every pair of the first m specials, then mixF32
// values for both.
func pairF32(r *rng, n, m int, lo, hi float64) ([]float32, []float32) {
	x, y := mixF32(r, n, lo, hi), mixF32(r, n, lo, hi)
	sp := specials32()[:m]
	k := 0
	for _, a := range sp {
		for _, b := range sp {
			x[k], y[k] = a, b
			k++
		}
	}
	// Shift y's random part so that x[i] and y[i] come from different classes.
	for i := k; i < n; i++ {
		if i%4 == 1 {
			y[i] = r.uniform32(lo, hi)
		}
	}
	return x, y
}

func mixF64(r *rng, n int, lo, hi float64) []float64 {
	out := make([]float64, n)
	for i, b := range f64Specials {
		out[i] = math.Float64frombits(b)
	}
	for i := len(f64Specials); i < n; i++ {
		switch i % 4 {
		case 0:
			out[i] = math.Float64frombits(r.u64())
		case 1:
			out[i] = r.exp64(-60, 60, true)
		default:
			out[i] = r.uniform(lo, hi)
		}
	}
	return out
}

// mix16 is mixF32 for half (bf16=false) or bfloat16 bits: specials, then in
// turn a random encoding, a value with exponent field in [lo, hi], and
// another in [lo, hi].
func mix16(r *rng, n int, bf16 bool, lo, hi int) []uint16 {
	out := make([]uint16, n)
	sp := f16Specials
	if bf16 {
		sp = bf16Specials
	}
	k := copy(out, sp)
	for i := k; i < n; i++ {
		if i%3 == 0 {
			out[i] = uint16(r.u32())
		} else {
			out[i] = r.exp16(lo, hi, bf16)
		}
	}
	return out
}

// rand16 returns n half (or bfloat16) encodings with exponent field in
// [lo, hi], without specials.
func rand16(r *rng, n int, bf16 bool, lo, hi int) []uint16 {
	out := make([]uint16, n)
	for i := range out {
		out[i] = r.exp16(lo, hi, bf16)
	}
	return out
}

func uniform32s(r *rng, n int, lo, hi float64) []float32 {
	out := make([]float32, n)
	for i := range out {
		out[i] = r.uniform32(lo, hi)
	}
	return out
}

func uniform64s(r *rng, n int, lo, hi float64) []float64 {
	out := make([]float64, n)
	for i := range out {
		out[i] = r.uniform(lo, hi)
	}
	return out
}

func matrix32(r *rng, rows, cols int, lo, hi float64) [][]float32 {
	m := make([][]float32, rows)
	for i := range m {
		m[i] = uniform32s(r, cols, lo, hi)
	}
	return m
}

func matrix64(r *rng, rows, cols int, lo, hi float64) [][]float64 {
	m := make([][]float64, rows)
	for i := range m {
		m[i] = uniform64s(r, cols, lo, hi)
	}
	return m
}

func ints32(r *rng, n, lo, hi int) []int32 {
	out := make([]int32, n)
	for i := range out {
		out[i] = int32(r.intIn(lo, hi))
	}
	return out
}

func u32s(r *rng, n int) []uint32 {
	out := make([]uint32, n)
	for i := range out {
		out[i] = r.u32()
	}
	return out
}

func fill[T any](n int, v T) []T {
	out := make([]T, n)
	for i := range out {
		out[i] = v
	}
	return out
}

// arg is one kernel argument in the manifest: a literal (scalar or zeros)
// or an input file written from data (a slice, or a slice of rows), passed
// as @, f16:@ or bf16:@ per prefix.
type arg struct {
	text   string
	prefix string
	data   any
}

func in(data any) arg             { return arg{data: data} }
func inF16(bits any) arg          { return arg{prefix: "f16:", data: bits} }
func inBF16(bits any) arg         { return arg{prefix: "bf16:", data: bits} }
func lit(f string, v ...any) arg  { return arg{text: fmt.Sprintf(f, v...)} }
func zeros(typ string, n int) arg { return lit("zeros:%s:%d", typ, n) }
func s32(v int) arg               { return lit("s32:%d", v) }

// kcase is one manifest line. The args function gets the case's own stream.
type kcase struct {
	name, src, kernel string
	grid, block       string
	shared            int
	orderDependent    bool
	args              func(r *rng) []arg
}

// grid1 is the 1-D grid covering n threads in blocks of b.
func grid1(n, b int) string { return fmt.Sprint((n + b - 1) / b) }

var cases = []kcase{
	// elementwise.cu
	{name: "f32_unary_mix", src: "elementwise.cu", kernel: "float_unary", grid: grid1(4096, 256), block: "256",
		args: func(r *rng) []arg {
			return []arg{in(mixF32(r, 4096, -12, 12)), zeros("f32", 12*4096), s32(4096)}
		}},
	{name: "f32_unary_range", src: "elementwise.cu", kernel: "float_unary", grid: grid1(8000, 256), block: "256",
		args: func(r *rng) []arg {
			return []arg{in(uniform32s(r, 8000, -10, 10)), zeros("f32", 12*8000), s32(8000)}
		}},
	{name: "f32_binary", src: "elementwise.cu", kernel: "float_binary", grid: grid1(4096, 256), block: "256",
		args: func(r *rng) []arg {
			x, y := pairF32(r, 4096, 24, -10, 10)
			return []arg{in(x), in(y), zeros("f32", 5*4096), s32(4096)}
		}},
	{name: "f32_intrinsics", src: "elementwise.cu", kernel: "float_intrinsics", grid: grid1(4096, 256), block: "256",
		args: func(r *rng) []arg {
			x, y := pairF32(r, 4096, 24, -20, 20)
			return []arg{in(x), in(y), zeros("f32", 8*4096), zeros("s32", 4096), s32(4096)}
		}},
	{name: "f64_math", src: "elementwise.cu", kernel: "double_math", grid: grid1(2048, 256), block: "256",
		args: func(r *rng) []arg {
			return []arg{in(mixF64(r, 2048, -10, 10)), in(mixF64(r, 2048, -10, 10)), in(mixF64(r, 2048, -100, 100)),
				zeros("f64", 10*2048), s32(2048)}
		}},
	{name: "f16_math", src: "elementwise.cu", kernel: "half_math", grid: grid1(4096, 256), block: "256",
		args: func(r *rng) []arg {
			f := make([]float32, 4096)
			for i := range f {
				f[i] = r.exp32(-26, 17, true) // the half range and past both ends
			}
			copy(f, specials32())
			return []arg{inF16(mix16(r, 4096, false, 8, 21)), inF16(mix16(r, 4096, false, 8, 21)),
				inF16(mix16(r, 4096, false, 8, 21)), in(f), zeros("f16", 8*4096), zeros("f32", 4096), s32(4096)}
		}},
	{name: "f16x2_math", src: "elementwise.cu", kernel: "half2_math", grid: grid1(2048, 256), block: "256",
		args: func(r *rng) []arg {
			return []arg{inF16(mix16(r, 2*2048, false, 8, 21)), inF16(mix16(r, 2*2048, false, 8, 21)),
				zeros("f16", 3*2*2048), s32(2048)}
		}},
	{name: "bf16_math", src: "elementwise.cu", kernel: "bf16_math", grid: grid1(4096, 256), block: "256",
		args: func(r *rng) []arg {
			f := make([]float32, 4096)
			for i := range f {
				f[i] = math.Float32frombits(r.u32())
			}
			copy(f, specials32())
			return []arg{inBF16(mix16(r, 4096, true, 117, 137)), inBF16(mix16(r, 4096, true, 117, 137)),
				inBF16(mix16(r, 4096, true, 117, 137)), in(f), zeros("bf16", 8*4096), zeros("f32", 4096), s32(4096)}
		}},
	{name: "bf16x2_math", src: "elementwise.cu", kernel: "bf162_math", grid: grid1(2048, 256), block: "256",
		args: func(r *rng) []arg {
			return []arg{inBF16(mix16(r, 2*2048, true, 117, 137)), inBF16(mix16(r, 2*2048, true, 117, 137)),
				zeros("bf16", 3*2*2048), s32(2048)}
		}},
	{name: "hscale_decimal", src: "elementwise.cu", kernel: "hscale", grid: grid1(1000, 128), block: "128",
		args: func(r *rng) []arg {
			return []arg{inF16(mix16(r, 1000, false, 5, 29)), lit("f16:0.1"), zeros("f16", 1000), s32(1000)}
		}},
	{name: "hscale_bits", src: "elementwise.cu", kernel: "hscale", grid: grid1(1000, 128), block: "128",
		args: func(r *rng) []arg {
			return []arg{inF16(mix16(r, 1000, false, 5, 29)), lit("f16:0xc100"), zeros("f16", 1000), s32(1000)}
		}},
	{name: "int32_ops", src: "elementwise.cu", kernel: "int_ops", grid: grid1(4096, 256), block: "256",
		args: func(r *rng) []arg {
			a, b := u32s(r, 4096), u32s(r, 4096)
			sp := []uint32{0, 1, 2, 0x7fffffff, 0x80000000, 0x80000001, 0xffffffff, 0xfffffffe, 0x00ff00ff, 0x01000000}
			k := 0
			for _, x := range sp {
				for _, y := range sp {
					a[k], b[k] = x, y
					k++
				}
			}
			for i := k; i < 4096; i += 3 {
				a[i] >>= r.intIn(0, 31) // small values too
			}
			return []arg{in(a), in(b), zeros("u32", 16*4096), s32(4096)}
		}},
	{name: "int64_ops", src: "elementwise.cu", kernel: "int64_ops", grid: grid1(2048, 256), block: "256",
		args: func(r *rng) []arg {
			a, b := make([]uint64, 2048), make([]uint64, 2048)
			for i := range a {
				a[i], b[i] = r.u64(), r.u64()
				if i%3 == 0 {
					a[i] >>= r.intIn(0, 63)
				}
			}
			a[0], a[1], a[2], a[3] = 0, 1, math.MaxUint64, 1<<63
			b[0], b[1], b[2], b[3] = math.MaxUint64, 0, math.MaxUint64, 2
			return []arg{in(a), in(b), zeros("u64", 6*2048), lit("u64:0x9e3779b97f4a7c15"), s32(2048)}
		}},

	// intdiv.cu
	{name: "int_div_edges", src: "intdiv.cu", kernel: "int_div_edges", grid: grid1(4096, 256), block: "256",
		args: func(r *rng) []arg {
			// Every pair of the edge values (zero divisors, -1, the extremes),
			// then random operands with a zero divisor one time in four and
			// small dividends one time in three.
			a, b := u32s(r, 4096), u32s(r, 4096)
			c, d := make([]uint64, 4096), make([]uint64, 4096)
			for i := range c {
				c[i], d[i] = r.u64(), r.u64()
			}
			sp32 := []uint32{0, 1, 2, 7, 0x7fffffff, 0x80000000, 0x80000001, 0xffffffff, 0xfffffffe, 0xfffffff9}
			sp64 := []uint64{0, 1, 2, 7, math.MaxInt64, 1 << 63, 1<<63 + 1, math.MaxUint64, math.MaxUint64 - 1, math.MaxUint64 - 6}
			k := 0
			for i := range sp32 {
				for j := range sp32 {
					a[k], b[k], c[k], d[k] = sp32[i], sp32[j], sp64[i], sp64[j]
					k++
				}
			}
			for i := k; i < 4096; i++ {
				switch r.intIn(0, 3) {
				case 0:
					b[i], d[i] = 0, 0
				case 1:
					b[i], d[i] = b[i]>>r.intIn(0, 31), d[i]>>r.intIn(0, 63)
				}
				if i%3 == 0 {
					a[i], c[i] = a[i]>>r.intIn(0, 31), c[i]>>r.intIn(0, 63)
				}
			}
			return []arg{in(a), in(b), in(c), in(d), zeros("u32", 4*4096), zeros("u64", 4*4096), s32(4096)}
		}},

	// loops.cu
	{name: "newton_cbrt", src: "loops.cu", kernel: "newton_cbrt", grid: grid1(4096, 128), block: "128",
		args: func(r *rng) []arg {
			return []arg{in(mixF32(r, 4096, -1000, 1000)), zeros("f32", 4096), zeros("s32", 4096), s32(4096)}
		}},
	{name: "collatz", src: "loops.cu", kernel: "collatz", grid: grid1(4096, 128), block: "128",
		args: func(r *rng) []arg {
			s := make([]uint32, 4096)
			for i := range s {
				s[i] = uint32(r.intIn(1, 1<<24))
			}
			copy(s, []uint32{0, 1, 2, 3, 27, 97, 871, 77031, 837799, 0x7fffffff, 0xffffffff, 0x80000000})
			return []arg{in(s), zeros("s32", 4096), s32(4096)}
		}},
	{name: "series_exp", src: "loops.cu", kernel: "series_exp", grid: grid1(4096, 128), block: "128",
		args: func(r *rng) []arg {
			x := uniform32s(r, 4096, -20, 20)
			copy(x, []float32{0, float32(math.Copysign(0, -1)), 1, -1, 0x1p-30, 20, -20, 40})
			return []arg{in(x), zeros("f32", 4096), zeros("s32", 4096), s32(4096)}
		}},
	{name: "loop_ctrl", src: "loops.cu", kernel: "loop_ctrl", grid: grid1(4096, 128), block: "128",
		args: func(r *rng) []arg {
			return []arg{in(ints32(r, 4096, -500, 5000)), in(fill(4096, int32(-7))), s32(4096)}
		}},
	{name: "bisect_root", src: "loops.cu", kernel: "bisect_root", grid: grid1(2048, 128), block: "128",
		args: func(r *rng) []arg {
			return []arg{in(mixF32(r, 2048, -1000, 1000)), zeros("f32", 2048), zeros("s32", 2048), s32(2048)}
		}},

	// reduce.cu
	{name: "softmax_rows", src: "reduce.cu", kernel: "softmax_rows", grid: "64", block: "128",
		args: func(r *rng) []arg {
			x := matrix32(r, 64, 300, -10, 10)
			for i := 0; i < 64; i += 4 {
				x[i] = uniform32s(r, 300, -100, 100)
			}
			return []arg{in(x), zeros("f32", 64*300), s32(300)}
		}},
	{name: "softmax_wide", src: "reduce.cu", kernel: "softmax_rows", grid: "16", block: "256",
		args: func(r *rng) []arg {
			return []arg{in(matrix32(r, 16, 1024, -20, 20)), zeros("f32", 16*1024), s32(1024)}
		}},
	// The same kernel by its mangled symbol (Itanium ABI for
	// softmax_rows(const float*, float*, int)).
	{name: "softmax_mangled", src: "reduce.cu", kernel: "_Z12softmax_rowsPKfPfi", grid: "8", block: "64",
		args: func(r *rng) []arg {
			return []arg{in(matrix32(r, 8, 77, -5, 5)), zeros("f32", 8*77), s32(77)}
		}},
	{name: "layer_norm", src: "reduce.cu", kernel: "layer_norm", grid: "48", block: "256",
		args: func(r *rng) []arg {
			return []arg{in(matrix32(r, 48, 500, -3, 5)), in(uniform32s(r, 500, 0.5, 1.5)), in(uniform32s(r, 500, -0.2, 0.2)),
				zeros("f32", 48*500), s32(500), lit("f32:1e-5")}
		}},
	{name: "reduce_sum_f32", src: "reduce.cu", kernel: "reduce_sum<float>", grid: grid1(10000, 256), block: "256",
		args: func(r *rng) []arg {
			return []arg{in(uniform32s(r, 10000, -1, 1)), zeros("f32", 40), s32(10000)}
		}},
	{name: "reduce_sum_f64", src: "reduce.cu", kernel: "reduce_sum<double>", grid: grid1(5000, 256), block: "256",
		args: func(r *rng) []arg {
			return []arg{in(uniform64s(r, 5000, -1, 1)), zeros("f64", 20), s32(5000)}
		}},
	{name: "reduce_dyn_256", src: "reduce.cu", kernel: "reduce_sum_dyn", grid: grid1(10000, 512), block: "256", shared: 256 * 4,
		args: func(r *rng) []arg {
			return []arg{in(uniform32s(r, 10000, 0, 1000)), zeros("f32", 20), s32(10000)}
		}},
	{name: "reduce_dyn_64", src: "reduce.cu", kernel: "reduce_sum_dyn", grid: grid1(3000, 128), block: "64", shared: 64 * 4,
		args: func(r *rng) []arg {
			x := make([]float32, 3000)
			for i := range x {
				x[i] = r.exp32(-20, 10, true) // magnitudes far apart: the tree's order shows
			}
			return []arg{in(x), zeros("f32", 24), s32(3000)}
		}},
	{name: "warp_reduce", src: "reduce.cu", kernel: "warp_reduce", grid: grid1(4010, 128), block: "128",
		args: func(r *rng) []arg {
			return []arg{in(uniform32s(r, 4010, -100, 100)), zeros("f32", 126), zeros("f32", 4010), zeros("f32", 4010),
				zeros("f32", 126), s32(4010)}
		}},
	{name: "warp_scan", src: "reduce.cu", kernel: "warp_scan", grid: grid1(3000, 256), block: "256",
		args: func(r *rng) []arg {
			return []arg{in(ints32(r, 3000, -100, 100)), zeros("s32", 3000), zeros("s32", 3000), s32(3000)}
		}},
	{name: "warp_vote", src: "reduce.cu", kernel: "warp_vote", grid: grid1(2048, 128), block: "128",
		args: func(r *rng) []arg {
			x := ints32(r, 2048, -50, 200)
			for i := 0; i < 32; i++ {
				x[i] = 0                              // warp 0: all zero
				x[32+i] = int32(2*r.intIn(0, 40) + 1) // warp 1: all odd and positive
				x[64+i] = int32(2 * r.intIn(1, 40))   // warp 2: all even and positive
				x[96+i] = int32(r.intIn(101, 200))    // warp 3: all above 100
			}
			return []arg{in(x), zeros("u32", 64), zeros("s32", 64), zeros("s32", 64), zeros("u32", 2048), zeros("s32", 2048),
				s32(2048)}
		}},

	// matmul.cu
	{name: "matmul_f32", src: "matmul.cu", kernel: "matmul_tiled<float>", grid: "6,5", block: "16,16",
		args: func(r *rng) []arg {
			return []arg{in(matrix32(r, 70, 50, -1, 1)), in(matrix32(r, 50, 90, -1, 1)), zeros("f32", 70*90),
				s32(70), s32(90), s32(50)}
		}},
	{name: "matmul_f32_small", src: "matmul.cu", kernel: "matmul_tiled<float>", grid: "2,3", block: "16,16",
		args: func(r *rng) []arg {
			return []arg{in(matrix32(r, 33, 47, -4, 4)), in(matrix32(r, 47, 21, -4, 4)), zeros("f32", 33*21),
				s32(33), s32(21), s32(47)}
		}},
	{name: "matmul_f64", src: "matmul.cu", kernel: "matmul_tiled<double>", grid: "4,3", block: "16,16",
		args: func(r *rng) []arg {
			return []arg{in(matrix64(r, 40, 30, -1, 1)), in(matrix64(r, 30, 50, -1, 1)), zeros("f64", 40*50),
				s32(40), s32(50), s32(30)}
		}},
	{name: "transpose", src: "matmul.cu", kernel: "transpose_tiled", grid: "5,3", block: "16,16",
		args: func(r *rng) []arg {
			return []arg{in(matrix32(r, 45, 70, -1000, 1000)), zeros("f32", 45*70), s32(45), s32(70)}
		}},
	{name: "index3d", src: "matmul.cu", kernel: "index3d", grid: "3,3,4", block: "8,4,2",
		args: func(r *rng) []arg {
			const nx, ny, nz = 21, 10, 7
			return []arg{in(uniform32s(r, nx*ny*nz, -2, 2)), zeros("s32", 4*nx*ny*nz), zeros("f32", nx*ny*nz),
				s32(nx), s32(ny), s32(nz)}
		}},

	// atomics.cu
	{name: "atomic_add_global", src: "atomics.cu", kernel: "atomic_add_global", grid: grid1(4096, 256), block: "256",
		args: func(r *rng) []arg {
			const n, slots = 4096, 16
			vf, vd := make([]float32, n), make([]float64, n)
			vul := make([]uint64, n)
			for i := range vf {
				vf[i] = float32(r.intIn(-1023, 1023)) * 0x1p-4 // |sum| < 2^18, multiples of 2^-4: exact
				vd[i] = float64(r.intIn(-1<<20, 1<<20)) * 0x1p-8
				vul[i] = r.u64()
			}
			return []arg{in(ints32(r, n, -100000, 100000)), in(u32s(r, n)), in(vul), in(vf), in(vd),
				zeros("s32", slots), zeros("u32", slots), zeros("u64", slots), zeros("f32", slots), zeros("f64", slots),
				s32(slots), s32(n)}
		}},
	{name: "atomic_add_shared", src: "atomics.cu", kernel: "atomic_add_shared", grid: grid1(4096, 256), block: "256",
		args: func(r *rng) []arg {
			vf := make([]float32, 4096)
			for i := range vf {
				vf[i] = float32(r.intIn(-4095, 4095)) * 0x1p-6 // |sum| < 2^14 per block: exact
			}
			return []arg{in(ints32(r, 4096, -1000, 1000)), in(vf), zeros("s32", 16), zeros("f32", 16), zeros("s32", 128),
				s32(4096)}
		}},
	{name: "atomic_bitops", src: "atomics.cu", kernel: "atomic_bitops", grid: grid1(4096, 256), block: "256",
		args: func(r *rng) []arg {
			const n, slots = 4096, 8
			v := make([]int32, n)
			for i := range v {
				v[i] = int32(r.u32())
			}
			return []arg{in(v), in(u32s(r, n)), in(fill(slots, int32(math.MinInt32))), in(fill(slots, int32(math.MaxInt32))),
				zeros("u32", slots), in(fill(slots, uint32(math.MaxUint32))), in(fill(slots, uint32(math.MaxUint32))),
				zeros("u32", slots), in(u32s(r, slots)), zeros("u64", slots), s32(slots), s32(n)}
		}},
	{name: "atomic_misc", src: "atomics.cu", kernel: "atomic_misc", grid: grid1(2048, 128), block: "128",
		args: func(r *rng) []arg {
			const n, slots = 2048, 32
			prod := fill(slots, float32(1))
			prod[1], prod[2], prod[3] = 3, -0.75, 0x1p-90
			inc, dec := make([]uint32, slots), make([]uint32, slots)
			for i := range inc {
				inc[i] = uint32(r.intIn(0, 10))
				dec[i] = uint32(r.intIn(0, 9)) // 8 and 9 exceed the limit 7
			}
			v := u32s(r, n)
			// Order independence needs every partial product to stay normal
			// (no rounding, no flush to zero under -ftz) in any order: bound
			// the halvings and doublings of each slot.
			for s := range slots {
				halve, double := 0, 0
				for i := s; i < n; i += slots {
					switch v[i] % 3 {
					case 0:
						halve++
					case 2:
						double++
					}
				}
				_, e := math.Frexp(float64(prod[s]))
				if e-halve < -120 || e+double > 120 {
					log.Fatalf("atomic_misc: slot %d could leave the normal range", s)
				}
			}
			return []arg{in(v), in(prod), in(inc), in(dec), zeros("s32", slots), zeros("u64", slots),
				s32(slots), s32(n)}
		}},
	{name: "histogram", src: "atomics.cu", kernel: "histogram", grid: "16", block: "256",
		args: func(r *rng) []arg {
			d := make([]uint8, 65536)
			for i := range d {
				// Skewed: the sum of two bytes' high halves, plus uniform bytes.
				if i%2 == 0 {
					d[i] = uint8(r.u32()>>28 + r.u32()>>28)
				} else {
					d[i] = uint8(r.u32())
				}
			}
			return []arg{in(d), zeros("u32", 256), s32(len(d))}
		}},
	{name: "atomic_fp_semantics", src: "atomics.cu", kernel: "atomic_fp_semantics", grid: grid1(4096, 256), block: "256",
		args: func(r *rng) []arg {
			const n = 4096
			af, bf := atomicPairs32(r, n)
			ad, bd := atomicPairs64(r, n)
			ah, bh := atomicPairs16(r, 2*n, f16Specials, false)
			ab, bb := atomicPairs16(r, 2*n, bf16Specials, true)
			return []arg{in(af), in(bf), in(ad), in(bd), inF16(ah), inF16(bh), inBF16(ab), inBF16(bb),
				zeros("f32", n), zeros("f32", n), zeros("f64", n), zeros("f64", n),
				zeros("f16", 2*n), zeros("f16", 2*n), zeros("bf16", 2*n), zeros("bf16", 2*n), s32(n)}
		}},
	{name: "atomic_add_float_order", src: "atomics.cu", kernel: "atomic_add_float_order", grid: grid1(4096, 256), block: "256",
		orderDependent: true,
		args: func(r *rng) []arg {
			return []arg{in(uniform32s(r, 4096, -1, 1)), zeros("f32", 4), s32(4), s32(4096)}
		}},
	{name: "atomic_exch_last", src: "atomics.cu", kernel: "atomic_exch_last", grid: grid1(4096, 256), block: "256",
		orderDependent: true,
		args: func(r *rng) []arg {
			return []arg{in(fill(8, int32(-1))), s32(8), s32(4096)}
		}},

	// mixed.cu
	{name: "half_gelu", src: "mixed.cu", kernel: "half_gelu", grid: grid1(4096, 256), block: "256",
		args: func(r *rng) []arg {
			return []arg{inF16(mix16(r, 4096, false, 5, 19)), zeros("f16", 4096), s32(4096)}
		}},
	{name: "bf16_silu", src: "mixed.cu", kernel: "bf16_silu", grid: grid1(4096, 256), block: "256",
		args: func(r *rng) []arg {
			return []arg{inBF16(mix16(r, 4096, true, 110, 136)), zeros("bf16", 4096), s32(4096)}
		}},
	{name: "mixed_axpy", src: "mixed.cu", kernel: "mixed_axpy", grid: grid1(3000, 256), block: "256",
		args: func(r *rng) []arg {
			return []arg{inF16(mix16(r, 3000, false, 1, 29)), in(mixF32(r, 3000, -100, 100)), lit("f32:0x3fe00000"),
				zeros("f32", 3000), s32(3000)}
		}},
	{name: "half2_dot", src: "mixed.cu", kernel: "half2_dot", grid: "4", block: "64",
		args: func(r *rng) []arg {
			const rows, k = 256, 32
			return []arg{inF16(rand16(r, 2*rows*k, false, 10, 17)), inF16(rand16(r, 2*rows*k, false, 10, 17)),
				zeros("f32", rows), s32(k), s32(rows)}
		}},
	{name: "bf16_matvec", src: "mixed.cu", kernel: "bf16_matvec", grid: "4", block: "32",
		args: func(r *rng) []arg {
			const rows, cols = 100, 64
			w := make([][]uint16, rows)
			for i := range w {
				w[i] = make([]uint16, cols)
				for j := range w[i] {
					w[i][j] = r.exp16(120, 128, true)
				}
			}
			v := make([]uint16, cols)
			for j := range v {
				v[j] = r.exp16(120, 128, true)
			}
			return []arg{inBF16(w), inBF16(v), zeros("bf16", rows), zeros("f32", rows), s32(rows), s32(cols)}
		}},
	{name: "convert_f32", src: "mixed.cu", kernel: "convert_f32", grid: grid1(4096, 256), block: "256",
		args: func(r *rng) []arg {
			x := mixF32(r, 4096, -70000, 70000)
			for i := len(f32Specials); i < 4096; i++ {
				// Values at and beside the rounding points: a float whose
				// low bits, which the conversion discards, are a tie, just
				// below or just above one, or all zero or all one; for half
				// (13 discarded bits; the normal half range and the bottom of
				// the next binade) and for bfloat16 (16 discarded bits, any
				// exponent).
				var b uint32
				switch i % 4 {
				case 0:
					b = uint32(r.intIn(127-14, 127+16))<<23 | r.u32()&0x7fe000 |
						[]uint32{0x1000, 0x0fff, 0x1001, 0x0000, 0x1fff}[r.intIn(0, 4)]
				case 2:
					b = uint32(r.intIn(1, 254))<<23 | r.u32()&0x7f0000 |
						[]uint32{0x8000, 0x7fff, 0x8001, 0x0000, 0xffff}[r.intIn(0, 4)]
				default:
					continue
				}
				if r.coin() {
					b |= 1 << 31
				}
				x[i] = math.Float32frombits(b)
			}
			return []arg{in(x), zeros("f16", 4*4096), zeros("bf16", 4*4096), zeros("f32", 2*4096), zeros("f16", 4096),
				zeros("bf16", 4096), s32(4096)}
		}},

	// slowpath.cu
	{name: "div_f32_slow", src: "slowpath.cu", kernel: "div_f32", grid: grid1(4096, 256), block: "256",
		args: func(r *rng) []arg {
			x, y := pairF32(r, 4096, 20, -10, 10)
			classes := [][2]int{{-160, -127}, {-126, -110}, {-20, 20}, {110, 127}}
			for i := 400; i < 4096; i++ {
				cx, cy := classes[r.intIn(0, 3)], classes[r.intIn(0, 3)]
				x[i], y[i] = r.exp32(cx[0], cx[1], true), r.exp32(cy[0], cy[1], true)
			}
			return []arg{in(x), in(y), zeros("f32", 4096), zeros("f32", 4096), zeros("f32", 4096), s32(4096)}
		}},
	{name: "sqrt_f32_sub", src: "slowpath.cu", kernel: "sqrt_f32", grid: grid1(4096, 256), block: "256",
		args: func(r *rng) []arg {
			x := mixF32(r, 4096, 0, 10)
			for i := len(f32Specials); i < 4096; i++ {
				switch i % 5 {
				case 0, 1, 2:
					x[i] = math.Float32frombits(r.u32() & 0x007fffff) // positive subnormal (or +0)
				case 3:
					x[i] = r.exp32(-126, -100, false)
				}
			}
			return []arg{in(x), zeros("f32", 3*4096), s32(4096)}
		}},
	{name: "trig_huge", src: "slowpath.cu", kernel: "trig_huge", grid: grid1(4096, 256), block: "256",
		args: func(r *rng) []arg {
			x := mixF32(r, 4096, -1e6, 1e6)
			for i := len(f32Specials); i < 4096; i++ {
				switch i % 8 {
				case 0, 1, 2, 3, 4:
					x[i] = r.exp32(17, 127, true) // |x| >= 2^17 > 105615
				case 5:
					x[i] = r.exp32(10, 16, true)
				}
			}
			return []arg{in(x), zeros("f32", 5*4096), s32(4096)}
		}},
	{name: "div_sqrt_f64", src: "slowpath.cu", kernel: "div_sqrt_f64", grid: grid1(2048, 256), block: "256",
		args: func(r *rng) []arg {
			x, y := mixF64(r, 2048, 0, 10), mixF64(r, 2048, -10, 10)
			classes := [][2]int{{-1074, -1023}, {-1022, -1000}, {-30, 30}, {1000, 1023}}
			for i := len(f64Specials); i < 2048; i++ {
				cx, cy := classes[r.intIn(0, 3)], classes[r.intIn(0, 3)]
				x[i], y[i] = r.exp64(cx[0], cx[1], i%5 == 0), r.exp64(cy[0], cy[1], true)
			}
			return []arg{in(x), in(y), zeros("f64", 4*2048), s32(2048)}
		}},
	{name: "pow_extreme", src: "slowpath.cu", kernel: "pow_extreme", grid: grid1(4096, 256), block: "256",
		args: func(r *rng) []arg {
			x, y := pairF32(r, 4096, 28, -10, 10)
			for i := 28 * 28; i < 4096; i++ {
				switch i % 5 {
				case 0: // x within 2^-12 relative of 1, |y| huge
					x[i] = math.Float32frombits(uint32(int32(b32(1)) + int32(r.intIn(-4096, 4096))))
					y[i] = r.exp32(10, 40, true)
				case 1: // tiny or huge x, moderate y
					x[i] = r.exp32(-149, -100, false)
					if r.coin() {
						x[i] = r.exp32(100, 127, false)
					}
					y[i] = r.uniform32(-10, 10)
				case 2: // negative x, integer y
					x[i] = -r.exp32(-10, 10, false)
					y[i] = float32(r.intIn(-60, 60))
				case 3: // y = ±Inf or ±0
					x[i] = r.exp32(-3, 3, true)
					y[i] = []float32{float32(math.Inf(1)), float32(math.Inf(-1)), 0, float32(math.Copysign(0, -1))}[r.intIn(0, 3)]
				}
			}
			return []arg{in(x), in(y), zeros("f32", 3*4096), s32(4096)}
		}},

	// apps.cu
	{name: "black_scholes", src: "apps.cu", kernel: "black_scholes", grid: grid1(2000, 128), block: "128",
		args: func(r *rng) []arg {
			const opt = 4000
			return []arg{zeros("f32", opt), zeros("f32", opt), in(uniform32s(r, opt, 5, 30)), in(uniform32s(r, opt, 1, 100)),
				in(uniform32s(r, opt, 0.25, 10)), lit("f32:0.02"), lit("f32:0.30"), s32(opt)}
		}},
	{name: "nbody", src: "apps.cu", kernel: "nbody_accel", grid: grid1(1000, 128), block: "128",
		args: func(r *rng) []arg {
			const n = 1000
			pos := make([]float32, 4*n)
			for i := 0; i < n; i++ {
				pos[4*i], pos[4*i+1], pos[4*i+2] = r.uniform32(-10, 10), r.uniform32(-10, 10), r.uniform32(-10, 10)
				pos[4*i+3] = r.uniform32(0.1, 2)
			}
			return []arg{in(pos), zeros("f32", 4*n), s32(n), lit("f32:0.01")}
		}},
	{name: "gelu_tanh", src: "apps.cu", kernel: "gelu_tanh", grid: grid1(4096, 256), block: "256",
		args: func(r *rng) []arg { return []arg{in(mixF32(r, 4096, -8, 8)), zeros("f32", 4096), s32(4096)} }},
	{name: "gelu_erf", src: "apps.cu", kernel: "gelu_erf", grid: grid1(4096, 256), block: "256",
		args: func(r *rng) []arg { return []arg{in(mixF32(r, 4096, -8, 8)), zeros("f32", 4096), s32(4096)} }},
	{name: "box_muller", src: "apps.cu", kernel: "box_muller", grid: grid1(2048, 256), block: "256",
		args: func(r *rng) []arg {
			u := u32s(r, 2*2048)
			copy(u, []uint32{0, 0, 0xffffffff, 0xffffffff, 0xff, 0x40000000, 0x100, 0xc0000000, 0x7fffffff, 0x80000000})
			return []arg{in(u), zeros("f32", 2*2048), s32(2048)}
		}},
	{name: "saxpy", src: "apps.cu", kernel: "saxpy", grid: grid1(5000, 256), block: "256",
		args: func(r *rng) []arg {
			return []arg{s32(5000), lit("f32:2.5"), in(mixF32(r, 5000, -100, 100)), in(mixF32(r, 5000, -100, 100))}
		}},
	{name: "daxpy", src: "apps.cu", kernel: "apps::daxpy", grid: "4", block: "256",
		args: func(r *rng) []arg {
			return []arg{lit("s64:3000"), lit("f64:-0.3"), in(mixF64(r, 3000, -100, 100)), in(mixF64(r, 3000, -100, 100))}
		}},
	{name: "stencil_1d", src: "apps.cu", kernel: "stencil_1d", grid: grid1(5000, 256), block: "256",
		args: func(r *rng) []arg {
			return []arg{in(uniform32s(r, 5000, -1, 1)), in([]float32{-0.0625, 0.125, -0.25, 1.375, -0.25, 0.125, -0.0625}),
				zeros("f32", 5000), s32(5000)}
		}},
	{name: "poly_contract", src: "apps.cu", kernel: "poly_contract", grid: grid1(4096, 256), block: "256",
		args: func(r *rng) []arg {
			const n = 4096
			a, b := uniform32s(r, n, -2, 2), uniform32s(r, n, -2, 2)
			c, d := uniform32s(r, n, -2, 2), uniform32s(r, n, -2, 2)
			for i := 0; i < n; i += 2 {
				// Near cancellation in a*b - c*d: c is a with its low 8
				// fraction bits replaced, d is b.
				c[i] = math.Float32frombits(b32(a[i])&^0xff | r.u32()&0xff)
				d[i] = b[i]
			}
			return []arg{in(a), in(b), in(c), in(d), zeros("f32", 6*n), s32(n)}
		}},
	{name: "poly_contract_f64", src: "apps.cu", kernel: "poly_contract_f64", grid: grid1(2048, 256), block: "256",
		args: func(r *rng) []arg {
			const n = 2048
			a, b := uniform64s(r, n, -2, 2), uniform64s(r, n, -2, 2)
			c, d := uniform64s(r, n, -2, 2), uniform64s(r, n, -2, 2)
			for i := 0; i < n; i += 2 {
				c[i] = math.Float64frombits(b64(a[i])&^0xffff | r.u64()&0xffff)
				d[i] = b[i]
			}
			return []arg{in(a), in(b), in(c), in(d), zeros("f64", 6*n), s32(n)}
		}},
}

const header = `# Code generated by go run gpu/kernels/geninputs.go; DO NOT EDIT.
#
# The kernel corpus manifest (testdata/kernels/README.md). One case per line:
#   CASE SOURCE.cu KERNEL --grid X[,Y,Z] --block X[,Y,Z] [--shared BYTES] --arg A [--arg A ...]
# SOURCE.cu is in gpu/kernels; KERNEL is a symbol or a demangled name without
# its parameter list; the --arg syntax is gpu/kernels/args.h's, with @FILE
# paths relative to testdata/kernels/inputs/CASE/. A line ending in
# "# order-dependent" is a case whose output depends on the order in which
# threads reach its atomics.
`

func main() {
	log.SetFlags(0)
	log.SetPrefix("geninputs: ")
	if _, err := os.Stat("gpu/kernels/geninputs.go"); err != nil {
		log.Fatal("run from the repository root: go run gpu/kernels/geninputs.go")
	}
	if err := os.RemoveAll(inputsDir); err != nil {
		log.Fatal(err)
	}
	var man strings.Builder
	man.WriteString(header)
	seen := map[string]bool{}
	src := ""
	total, files := 0, 0
	for _, c := range cases {
		if seen[c.name] {
			log.Fatalf("case %s appears twice", c.name)
		}
		seen[c.name] = true
		if c.src != src {
			fmt.Fprintf(&man, "\n# %s\n", c.src)
			src = c.src
		}
		fmt.Fprintf(&man, "%s %s %s --grid %s --block %s", c.name, c.src, c.kernel, c.grid, c.block)
		if c.shared > 0 {
			fmt.Fprintf(&man, " --shared %d", c.shared)
		}
		for i, a := range c.args(newRNG(c.name)) {
			if a.data == nil {
				fmt.Fprintf(&man, " --arg %s", a.text)
				continue
			}
			dir := filepath.Join(inputsDir, c.name)
			if err := os.MkdirAll(dir, 0o755); err != nil {
				log.Fatal(err)
			}
			var buf bytes.Buffer
			if err := npy.Write(&buf, a.data); err != nil {
				log.Fatalf("case %s argument %d: %v", c.name, i, err)
			}
			name := fmt.Sprintf("arg%d.npy", i)
			if err := os.WriteFile(filepath.Join(dir, name), buf.Bytes(), 0o644); err != nil {
				log.Fatal(err)
			}
			total += buf.Len()
			files++
			fmt.Fprintf(&man, " --arg %s@%s", a.prefix, name)
		}
		if c.orderDependent {
			man.WriteString(" # order-dependent")
		}
		man.WriteString("\n")
	}
	if err := os.WriteFile(manifestPath, []byte(man.String()), 0o644); err != nil {
		log.Fatal(err)
	}
	fmt.Printf("geninputs: %d cases, %d input files, %d bytes under %s\n", len(cases), files, total, inputsDir)
}
