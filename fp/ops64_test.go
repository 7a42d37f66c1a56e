package fp_test

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/prop"

	"github.com/cudafp/cudafp/fp"
	"github.com/cudafp/cudafp/internal/f64"
	"github.com/cudafp/cudafp/internal/oracle"
	"github.com/cudafp/cudafp/internal/spec"
	"github.com/cudafp/cudafp/internal/testflag"
	"github.com/cudafp/cudafp/rounding"
)

// The C operators on double: each against math/big (internal/oracle) under
// every captured flag set, the documented special cases, benchmarks next
// to the native float64 operators.

// op64 is one double operator: eval under flags fl on encodings, and its
// reference on math/big.
type op64 struct {
	id    string // catalog ID
	arity int
	eval  func(fl fp.Flags, a [3]uint64) uint64
	ref   func(fl fp.Flags, a [3]uint64) uint64
}

func bd(u uint64) float64 { return math.Float64frombits(u) }
func db(d float64) uint64 { return math.Float64bits(d) }

const rn = rounding.RN

var ops64 = []op64{
	{"f64_op_add", 2, func(fl fp.Flags, a [3]uint64) uint64 { return db(fl.Add64(bd(a[0]), bd(a[1]))) },
		func(_ fp.Flags, a [3]uint64) uint64 { return oracle.Add64(a[0], a[1], rn) }},
	{"f64_op_sub", 2, func(fl fp.Flags, a [3]uint64) uint64 { return db(fl.Sub64(bd(a[0]), bd(a[1]))) },
		func(_ fp.Flags, a [3]uint64) uint64 { return oracle.Sub64(a[0], a[1], rn) }},
	{"f64_op_mul", 2, func(fl fp.Flags, a [3]uint64) uint64 { return db(fl.Mul64(bd(a[0]), bd(a[1]))) },
		func(_ fp.Flags, a [3]uint64) uint64 { return oracle.Mul64(a[0], a[1], rn) }},
	{"f64_op_div", 2, func(fl fp.Flags, a [3]uint64) uint64 { return db(fl.Div64(bd(a[0]), bd(a[1]))) },
		func(_ fp.Flags, a [3]uint64) uint64 { return oracle.Div64(a[0], a[1], rn) }},
	{"f64_op_rcp", 1, func(fl fp.Flags, a [3]uint64) uint64 { return db(fl.Rcp64(bd(a[0]))) },
		func(_ fp.Flags, a [3]uint64) uint64 { return oracle.Rcp64(a[0], rn) }},
	{"f64_op_sqrt", 1, func(fl fp.Flags, a [3]uint64) uint64 { return db(fl.Sqrt64(bd(a[0]))) },
		func(_ fp.Flags, a [3]uint64) uint64 { return oracle.Sqrt64(a[0], rn) }},
	{"f64_op_madd", 3, func(fl fp.Flags, a [3]uint64) uint64 { return db(fl.MulAdd64(bd(a[0]), bd(a[1]), bd(a[2]))) },
		func(fl fp.Flags, a [3]uint64) uint64 {
			if fl.NoFMAD { // two roundings: mul.rn.f64, add.rn.f64
				return oracle.Add64(oracle.Mul64(a[0], a[1], rn), a[2], rn)
			}
			return oracle.Fma64(a[0], a[1], a[2], rn)
		}},
	{"f64_op_msub", 3, func(fl fp.Flags, a [3]uint64) uint64 { return db(fl.MulSub64(bd(a[0]), bd(a[1]), bd(a[2]))) },
		func(fl fp.Flags, a [3]uint64) uint64 {
			if fl.NoFMAD { // mul.rn.f64, sub.rn.f64
				return oracle.Sub64(oracle.Mul64(a[0], a[1], rn), a[2], rn)
			}
			negZ := a[2] ^ f64.SignMask // DFMA x, y, -z: the negation modifier leaves a NaN z as it is
			if f64.IsNaN(a[2]) {
				negZ = a[2]
			}
			return oracle.Fma64(a[0], a[1], negZ, rn)
		}},
}

// TestOperators64 checks every double operator against math/big under the
// six captured flag sets, on the catalog's generated inputs and uniform bit
// patterns (gopter, CUDAFP_SEED; ~1 s), and that the package-level
// function is the default flags' method.
func TestOperators64(t *testing.T) {
	props := testflag.Properties(t, 3000, 300)
	for _, op := range ops64 {
		f, ok := spec.Lookup(op.id)
		if !ok {
			t.Fatalf("%s: not in the catalog", op.id)
		}
		gen := func(p *gopter.GenParameters) *gopter.GenResult {
			var a [3]uint64
			if p.Rng.Intn(8) == 0 {
				a = [3]uint64{p.Rng.Uint64(), p.Rng.Uint64(), p.Rng.Uint64()}
			} else {
				in := f.Input(p.Rng.Uint64() >> 8)
				copy(a[:], in[:3])
			}
			return gopter.NewGenResult(a, gopter.NoShrinker)
		}
		props.Property(f.Name+" = math/big", prop.ForAll(func(a [3]uint64) string {
			var bad []string
			for _, fl := range spec.FlagSets {
				if got, want := op.eval(fl, a), op.ref(fl, a); got != want {
					bad = append(bad, fmt.Sprintf("%s(%s) [%s] = %s, math/big %s", f.Name, fmtArgs(a[:op.arity]), fl.Name(), f64.Format(got), f64.Format(want)))
				}
			}
			return strings.Join(bad, "; ")
		}, gen))
	}
	props.TestingRun(t)
	// The package-level functions are the default flags' methods.
	a := [3]uint64{db(1.5), db(-0x1p-60), db(3)}
	for _, c := range []struct {
		name      string
		got, want float64
	}{
		{"Add64", fp.Add64(bd(a[0]), bd(a[1])), fp.Flags{}.Add64(bd(a[0]), bd(a[1]))},
		{"Sub64", fp.Sub64(bd(a[0]), bd(a[1])), fp.Flags{}.Sub64(bd(a[0]), bd(a[1]))},
		{"Mul64", fp.Mul64(bd(a[0]), bd(a[1])), fp.Flags{}.Mul64(bd(a[0]), bd(a[1]))},
		{"Div64", fp.Div64(bd(a[0]), bd(a[2])), fp.Flags{}.Div64(bd(a[0]), bd(a[2]))},
		{"Rcp64", fp.Rcp64(bd(a[2])), fp.Flags{}.Rcp64(bd(a[2]))},
		{"Sqrt64", fp.Sqrt64(bd(a[2])), fp.Flags{}.Sqrt64(bd(a[2]))},
		{"MulAdd64", fp.MulAdd64(bd(a[0]), bd(a[1]), bd(a[2])), fp.Flags{}.MulAdd64(bd(a[0]), bd(a[1]), bd(a[2]))},
		{"MulSub64", fp.MulSub64(bd(a[0]), bd(a[1]), bd(a[2])), fp.Flags{}.MulSub64(bd(a[0]), bd(a[1]), bd(a[2]))},
	} {
		if db(c.got) != db(c.want) {
			t.Errorf("fp.%s = %x, fp.Flags{}.%s = %x", c.name, c.got, c.name, c.want)
		}
	}
}

func fmtArgs(a []uint64) string {
	s := make([]string, len(a))
	for i, u := range a {
		s[i] = f64.Format(u)
	}
	return strings.Join(s, ", ")
}

// The special-case rows of the doc comments, per operator and flag set.
// Each is checked against the emulation and against math/big.
var specials64 = []struct {
	id   string
	fl   fp.Flags
	in   [3]uint64
	want uint64
	why  string
}{
	{"f64_op_add", def, [3]uint64{0x3ff0000000000000, 0x7ff0000000000001}, 0x7ff8000000000001, "Add64(x, NaN) = y quieted, sign and payload kept"},
	{"f64_op_add", def, [3]uint64{0xfffc0000deadbeef, 0x3ff0000000000000}, 0xfffc0000deadbeef, "Add64(NaN, y) = x quieted for y not NaN"},
	{"f64_op_add", fmd0, [3]uint64{0x7ff0000000000000, 0xfff0000000000000}, 0xfff8000000000000, "Add64(+Inf, -Inf) = NaN (0xfff8000000000000)"},
	{"f64_op_add", def, [3]uint64{0x3ff0000000000000, 0xbff0000000000000}, 0, "Add64(x, -x) = +0 for finite x"},
	{"f64_op_add", def, [3]uint64{0x8000000000000000, 0x8000000000000000}, 0x8000000000000000, "Add64(-0, -0) = -0"},
	{"f64_op_sub", def, [3]uint64{0x3ff0000000000000, 0xfff0000000000003}, 0xfff8000000000003, "Sub64(x, NaN) = y quieted, its sign as given"},
	{"f64_op_sub", def, [3]uint64{0x7ff0000000000000, 0x7ff0000000000000}, 0xfff8000000000000, "Sub64(+Inf, +Inf) = NaN (0xfff8000000000000)"},
	{"f64_op_sub", def, [3]uint64{0x4000000000000000, 0x4000000000000000}, 0, "Sub64(x, x) = +0 for finite x"},
	{"f64_op_sub", def, [3]uint64{0x8000000000000000, 0}, 0x8000000000000000, "Sub64(-0, +0) = -0"},
	{"f64_op_mul", def, [3]uint64{0x7ff8000000000002, 0xfff0000000000003}, 0xfff8000000000003, "Mul64(x, NaN) = y quieted: y's NaN wins"},
	{"f64_op_mul", def, [3]uint64{0x8000000000000000, 0x7ff0000000000000}, 0xfff8000000000000, "Mul64(±0, ±Inf) = NaN (0xfff8000000000000)"},
	{"f64_op_mul", def, [3]uint64{0x8000000000000000, 0x3ff0000000000000}, 0x8000000000000000, "Mul64(±0, y) = ±0, sign = sign(x) XOR sign(y)"},
	{"f64_op_mul", ftz, [3]uint64{0x0170000000000000, 0x3c30000000000000}, 0x0000000000004000, "2^-1000 · 2^-60 = 2^-1060, a subnormal, even with -ftz=true"},
	{"f64_op_div", def, [3]uint64{0x7ff8000000000002, 0xfff0000000000003}, 0x7ff8000000000002, "Div64(NaN, y) = x quieted: x's NaN wins"},
	{"f64_op_div", pd0, [3]uint64{0, 0x8000000000000000}, 0xfff8000000000000, "Div64(±0, ±0) = NaN (0xfff8000000000000), also with -prec-div=false"},
	{"f64_op_div", fast, [3]uint64{0x3ff0000000000000, 0x8000000000000000}, 0xfff0000000000000, "Div64(x, ±0) = ±Inf, also with -use_fast_math"},
	{"f64_op_div", def, [3]uint64{0xbff0000000000000, 0x7ff0000000000000}, 0x8000000000000000, "Div64(x, ±Inf) = ±0"},
	{"f64_op_rcp", fast, [3]uint64{0xfff0000000000003}, 0xfff8000000000003, "Rcp64(NaN) = x quieted"},
	{"f64_op_rcp", def, [3]uint64{0xfff0000000000000}, 0x8000000000000000, "Rcp64(±Inf) = ±0"},
	{"f64_op_rcp", pd0, [3]uint64{0x8000000000000000}, 0xfff0000000000000, "Rcp64(±0) = ±Inf"},
	{"f64_op_sqrt", ps0, [3]uint64{0x7ff0000000000001}, 0x7ff8000000000001, "Sqrt64(NaN) = x quieted"},
	{"f64_op_sqrt", def, [3]uint64{0x8000000000000000}, 0x8000000000000000, "Sqrt64(±0) = ±0"},
	{"f64_op_sqrt", fast, [3]uint64{0xbff0000000000000}, 0xfff8000000000000, "Sqrt64(x < 0) = NaN (0xfff8000000000000)"},
	{"f64_op_sqrt", def, [3]uint64{0x7ff0000000000000}, 0x7ff0000000000000, "Sqrt64(+Inf) = +Inf"},
	{"f64_op_madd", def, [3]uint64{0x7ff8000000000002, 0x3ff0000000000000, 0xfff0000000000003}, 0xfff8000000000003, "MulAdd64: the first NaN of y, z, x"},
	{"f64_op_madd", fmd0, [3]uint64{0x7ff0000000000002, 0xfff0000000000004, 0x3ff0000000000000}, 0xfff8000000000004, "MulAdd64 -fmad=false: the product's NaN (y's) when z is not NaN"},
	{"f64_op_madd", def, [3]uint64{0, 0x7ff0000000000000, 0x3ff0000000000000}, 0xfff8000000000000, "MulAdd64(±0, ±Inf, z) = NaN (0xfff8000000000000)"},
	{"f64_op_madd", def, [3]uint64{0x7ff0000000000000, 0x3ff0000000000000, 0xfff0000000000000}, 0xfff8000000000000, "MulAdd64(Inf, 1, -Inf) = NaN (0xfff8000000000000)"},
	{"f64_op_madd", def, [3]uint64{0x3ff0000000000000, 0x3ff0000000000000, 0xbff0000000000000}, 0, "MulAdd64(1, 1, -1) = +0"},
	{"f64_op_madd", def, [3]uint64{0x3ff0000000000001, 0x3ff0000000000001, 0xbff0000000000002}, 0x3970000000000000, "MulAdd64 fused: (1+2^-52)^2 - (1+2^-51) = 2^-104 exactly"},
	{"f64_op_madd", fmd0, [3]uint64{0x3ff0000000000001, 0x3ff0000000000001, 0xbff0000000000002}, 0, "MulAdd64 -fmad=false: the product rounds to 1+2^-51 first"},
	{"f64_op_msub", def, [3]uint64{0xbfeffffffffffffd, 0x4000000000000004, 0xfff0000000000002}, 0xfff8000000000002, "MulSub64 fused: z's NaN keeps its sign (DFMA x, y, -z; golden default/f64_op_msub, recorded output)"},
	{"f64_op_msub", fmd0, [3]uint64{0x3ff0000000000000, 0x3ff0000000000000, 0x7ff0000000000003}, 0x7ff8000000000003, "MulSub64 -fmad=false: z's NaN as given (sub.rn.f64)"},
	{"f64_op_msub", def, [3]uint64{0x7ff0000000000000, 0x3ff0000000000000, 0x7ff0000000000000}, 0xfff8000000000000, "MulSub64(Inf, 1, Inf) = NaN (0xfff8000000000000)"},
	{"f64_op_msub", def, [3]uint64{0x8000000000000000, 0x3ff0000000000000, 0}, 0x8000000000000000, "MulSub64(-0, 1, +0) = -0: every term of x·y + (-z) is -0"},
	{"f64_op_msub", def, [3]uint64{0x3ff0000000000000, 0x3ff0000000000000, 0x3ff0000000000000}, 0, "MulSub64(1, 1, 1) = +0"},
}

// TestSpecialCases64 checks the rows of specials64 on the emulation and
// on math/big.
func TestSpecialCases64(t *testing.T) {
	byID := map[string]op64{}
	for _, op := range ops64 {
		byID[op.id] = op
	}
	for _, r := range specials64 {
		op := byID[r.id]
		if got := op.eval(r.fl, r.in); got != r.want {
			t.Errorf("%s(%s) [%s] = %s, want %s (%s)", r.id, fmtArgs(r.in[:op.arity]), r.fl.Name(), f64.Format(got), f64.Format(r.want), r.why)
		}
		if ref := op.ref(r.fl, r.in); ref != r.want {
			t.Errorf("%s(%s) [%s]: row claims %s, math/big %s (%s)", r.id, fmtArgs(r.in[:op.arity]), r.fl.Name(), f64.Format(r.want), f64.Format(ref), r.why)
		}
	}
}

// bench64 is a double operator's benchmark loop and its native Go twin.
type bench64 struct {
	name   string
	arity  int
	lo, hi float64 // argument range
	emu    func(fl fp.Flags, x, y, z float64) float64
	native func(x, y, z float64) float64
}

var bench64Cases = []bench64{
	{"f64:x+y", 2, -1e6, 1e6, func(fl fp.Flags, x, y, _ float64) float64 { return fl.Add64(x, y) }, func(x, y, _ float64) float64 { return x + y }},
	{"f64:x-y", 2, -1e6, 1e6, func(fl fp.Flags, x, y, _ float64) float64 { return fl.Sub64(x, y) }, func(x, y, _ float64) float64 { return x - y }},
	{"f64:x*y", 2, -1e6, 1e6, func(fl fp.Flags, x, y, _ float64) float64 { return fl.Mul64(x, y) }, func(x, y, _ float64) float64 { return x * y }},
	{"f64:x/y", 2, -1e6, 1e6, func(fl fp.Flags, x, y, _ float64) float64 { return fl.Div64(x, y) }, func(x, y, _ float64) float64 { return x / y }},
	{"f64:1.0/x", 1, -1e6, 1e6, func(fl fp.Flags, x, _, _ float64) float64 { return fl.Rcp64(x) }, func(x, _, _ float64) float64 { return 1 / x }},
	{"f64:sqrt(x)", 1, 1e-300, 1e300, func(fl fp.Flags, x, _, _ float64) float64 { return fl.Sqrt64(x) }, func(x, _, _ float64) float64 { return math.Sqrt(x) }},
	{"f64:x*y+z", 3, -1e6, 1e6, func(fl fp.Flags, x, y, z float64) float64 { return fl.MulAdd64(x, y, z) }, func(x, y, z float64) float64 { return math.FMA(x, y, z) }},
	{"f64:x*y-z", 3, -1e6, 1e6, func(fl fp.Flags, x, y, z float64) float64 { return fl.MulSub64(x, y, z) }, func(x, y, z float64) float64 { return math.FMA(x, y, -z) }},
}

// inputs64 returns benchN doubles uniform in [lo, hi] (log-uniform
// magnitudes when lo > 0), from a fixed seed.
func inputs64(seed uint64, lo, hi float64) []float64 {
	out := make([]float64, benchN)
	for i := range out {
		u := float64(spec.Draw(seed, uint64(i))>>11) * 0x1p-53
		if lo > 0 {
			out[i] = math.Exp(math.Log(lo) + float64(u*(math.Log(hi)-math.Log(lo))))
		} else {
			out[i] = lo + float64(u*(hi-lo))
		}
	}
	return out
}

// BenchmarkFuncs64 times each double operator and the native float64
// operator interleaved, as BenchmarkFuncs does: ns/call, native-ns/call
// and x-native under the default flags and -fmad=false. Run with
//
//	go test ./fp -run '^$' -bench Funcs64
func BenchmarkFuncs64(b *testing.B) {
	for _, c := range bench64Cases {
		x, y, z := inputs64(11, c.lo, c.hi), inputs64(12, c.lo, c.hi), inputs64(13, c.lo, c.hi)
		for _, fl := range []fp.Flags{{}, {NoFMAD: true}} {
			b.Run(c.name+"/flags="+fl.Name(), func(b *testing.B) {
				var s float64
				native := func() {
					for i := range x {
						s += c.native(x[i], y[i], z[i])
					}
				}
				emu := func() {
					for i := range x {
						s += c.emu(fl, x[i], y[i], z[i])
					}
				}
				interleaved(b, native, emu)
				sink = float32(s)
			})
		}
	}
}

// TestNoAllocs64 checks that no double operator allocates.
func TestNoAllocs64(t *testing.T) {
	for _, c := range bench64Cases {
		x := inputs64(11, c.lo, c.hi)[:16]
		for _, fl := range allFlags {
			var s float64
			if n := testing.AllocsPerRun(10, func() {
				for _, v := range x {
					s += c.emu(fl, v, v, v)
				}
			}); n != 0 {
				t.Errorf("%s [%s]: %v allocations per run", c.name, fl.Name(), n)
			}
		}
	}
}
