package intrinsics_test

import (
	"bufio"
	"compress/gzip"
	"fmt"
	"math"
	"math/big"
	"os"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/prop"

	"github.com/cudafp/cudafp/internal/f64"
	"github.com/cudafp/cudafp/internal/golden"
	"github.com/cudafp/cudafp/internal/oracle"
	"github.com/cudafp/cudafp/internal/spec"
	"github.com/cudafp/cudafp/internal/testflag"
	"github.com/cudafp/cudafp/intrinsics"
	"github.com/cudafp/cudafp/rounding"
)

// The double intrinsics against math/big (internal/oracle) and against the
// H100's f64 probe (testdata/golden/f64probe): the intrinsic layer's names,
// modes, argument order and the conversions' saturation and NaN rules.
// Package rounding's own tests cover its kernels; these check that each
// intrinsic reaches the right one.

// op64 is one double intrinsic family in the four modes: fn[m] evaluates
// the intrinsic of mode m on argument encodings, ref is its reference.
type op64 struct {
	name  string // family, as in the Go names: "Dadd", "Double2Int"
	id    string // catalog ID prefix: "i_dadd"
	arity int
	modes []rounding.Mode
	fn    [4]func(a [3]uint64) uint64
	ref   func(a [3]uint64, m rounding.Mode) uint64
	// exact computes the exact real result for the coverage counts (nil:
	// counted from the reference's result); ok is false for a non-finite
	// operand.
	exact func(a [3]uint64) (v *big.Float, ok bool)
	// reach lists what the generated inputs must reach: 't' exact ties,
	// 's' subnormal results, 'o' overflow, 'f' far-apart exponents.
	reach []byte
}

func b2d(u uint64) float64 { return math.Float64frombits(u) }
func d2b(d float64) uint64 { return math.Float64bits(d) }

// bigExact is a precision at which sums and products of doubles are exact
// (oracle's exactPrec64).
const bigExact = 4288

func exactOf(f func(z, a, b *big.Float) *big.Float) func(a [3]uint64) (*big.Float, bool) {
	return func(a [3]uint64) (*big.Float, bool) {
		if !f64.IsFinite(a[0]) || !f64.IsFinite(a[1]) {
			return nil, false
		}
		return f(new(big.Float).SetPrec(bigExact), oracle.Value64(a[0]), oracle.Value64(a[1])), true
	}
}

// toIntRef is the reference of a double-to-integer conversion: x rounded
// in m on math/big, saturated to [lo, hi]; a NaN gives nan (PTX ISA cvt: 1
// << (BitWidth(dst) − 1) for a .f64 source; the probe's NaN rows).
func toIntRef(x uint64, m rounding.Mode, lo, hi *big.Int, nan uint64) uint64 {
	switch {
	case f64.IsNaN(x):
		return nan
	case x == f64.InfBits:
		return bigBits(hi)
	case x == f64.SignMask|f64.InfBits:
		return bigBits(lo)
	}
	return bigBits(oracle.Saturate(oracle.RoundValueToInt(oracle.Value64(x), m), lo, hi))
}

// bigBits returns the two's-complement encoding of n (|n| < 2^64).
func bigBits(n *big.Int) uint64 {
	if n.Sign() < 0 {
		return uint64(n.Int64())
	}
	return n.Uint64()
}

var (
	minI32, maxI32 = big.NewInt(math.MinInt32), big.NewInt(math.MaxInt32)
	maxU32         = big.NewInt(math.MaxUint32)
	minI64, maxI64 = big.NewInt(math.MinInt64), big.NewInt(math.MaxInt64)
	maxU64         = new(big.Int).SetUint64(math.MaxUint64)
	zero           = new(big.Int)
)

var ops64 = []op64{
	{name: "Dadd", reach: []byte("tsof"), id: "i_dadd", arity: 2, modes: rounding.Modes[:],
		fn: [4]func(a [3]uint64) uint64{
			func(a [3]uint64) uint64 { return d2b(intrinsics.DaddRN(b2d(a[0]), b2d(a[1]))) },
			func(a [3]uint64) uint64 { return d2b(intrinsics.DaddRZ(b2d(a[0]), b2d(a[1]))) },
			func(a [3]uint64) uint64 { return d2b(intrinsics.DaddRU(b2d(a[0]), b2d(a[1]))) },
			func(a [3]uint64) uint64 { return d2b(intrinsics.DaddRD(b2d(a[0]), b2d(a[1]))) }},
		ref:   func(a [3]uint64, m rounding.Mode) uint64 { return oracle.Add64(a[0], a[1], m) },
		exact: exactOf((*big.Float).Add)},
	{name: "Dsub", reach: []byte("tsof"), id: "i_dsub", arity: 2, modes: rounding.Modes[:],
		fn: [4]func(a [3]uint64) uint64{
			func(a [3]uint64) uint64 { return d2b(intrinsics.DsubRN(b2d(a[0]), b2d(a[1]))) },
			func(a [3]uint64) uint64 { return d2b(intrinsics.DsubRZ(b2d(a[0]), b2d(a[1]))) },
			func(a [3]uint64) uint64 { return d2b(intrinsics.DsubRU(b2d(a[0]), b2d(a[1]))) },
			func(a [3]uint64) uint64 { return d2b(intrinsics.DsubRD(b2d(a[0]), b2d(a[1]))) }},
		ref:   func(a [3]uint64, m rounding.Mode) uint64 { return oracle.Sub64(a[0], a[1], m) },
		exact: exactOf((*big.Float).Sub)},
	{name: "Dmul", reach: []byte("tsof"), id: "i_dmul", arity: 2, modes: rounding.Modes[:],
		fn: [4]func(a [3]uint64) uint64{
			func(a [3]uint64) uint64 { return d2b(intrinsics.DmulRN(b2d(a[0]), b2d(a[1]))) },
			func(a [3]uint64) uint64 { return d2b(intrinsics.DmulRZ(b2d(a[0]), b2d(a[1]))) },
			func(a [3]uint64) uint64 { return d2b(intrinsics.DmulRU(b2d(a[0]), b2d(a[1]))) },
			func(a [3]uint64) uint64 { return d2b(intrinsics.DmulRD(b2d(a[0]), b2d(a[1]))) }},
		ref:   func(a [3]uint64, m rounding.Mode) uint64 { return oracle.Mul64(a[0], a[1], m) },
		exact: exactOf((*big.Float).Mul)},
	{name: "Ddiv", reach: []byte("sof"), id: "i_ddiv", arity: 2, modes: rounding.Modes[:],
		fn: [4]func(a [3]uint64) uint64{
			func(a [3]uint64) uint64 { return d2b(intrinsics.DdivRN(b2d(a[0]), b2d(a[1]))) },
			func(a [3]uint64) uint64 { return d2b(intrinsics.DdivRZ(b2d(a[0]), b2d(a[1]))) },
			func(a [3]uint64) uint64 { return d2b(intrinsics.DdivRU(b2d(a[0]), b2d(a[1]))) },
			func(a [3]uint64) uint64 { return d2b(intrinsics.DdivRD(b2d(a[0]), b2d(a[1]))) }},
		ref: func(a [3]uint64, m rounding.Mode) uint64 { return oracle.Div64(a[0], a[1], m) }},
	{name: "Drcp", reach: []byte("so"), id: "i_drcp", arity: 1, modes: rounding.Modes[:],
		fn: [4]func(a [3]uint64) uint64{
			func(a [3]uint64) uint64 { return d2b(intrinsics.DrcpRN(b2d(a[0]))) },
			func(a [3]uint64) uint64 { return d2b(intrinsics.DrcpRZ(b2d(a[0]))) },
			func(a [3]uint64) uint64 { return d2b(intrinsics.DrcpRU(b2d(a[0]))) },
			func(a [3]uint64) uint64 { return d2b(intrinsics.DrcpRD(b2d(a[0]))) }},
		ref: func(a [3]uint64, m rounding.Mode) uint64 { return oracle.Rcp64(a[0], m) }},
	{name: "Dsqrt", id: "i_dsqrt", arity: 1, modes: rounding.Modes[:],
		fn: [4]func(a [3]uint64) uint64{
			func(a [3]uint64) uint64 { return d2b(intrinsics.DsqrtRN(b2d(a[0]))) },
			func(a [3]uint64) uint64 { return d2b(intrinsics.DsqrtRZ(b2d(a[0]))) },
			func(a [3]uint64) uint64 { return d2b(intrinsics.DsqrtRU(b2d(a[0]))) },
			func(a [3]uint64) uint64 { return d2b(intrinsics.DsqrtRD(b2d(a[0]))) }},
		ref: func(a [3]uint64, m rounding.Mode) uint64 { return oracle.Sqrt64(a[0], m) }},
	{name: "Fma", reach: []byte("tsof"), id: "i_fma", arity: 3, modes: rounding.Modes[:],
		fn: [4]func(a [3]uint64) uint64{
			func(a [3]uint64) uint64 { return d2b(intrinsics.FmaRN(b2d(a[0]), b2d(a[1]), b2d(a[2]))) },
			func(a [3]uint64) uint64 { return d2b(intrinsics.FmaRZ(b2d(a[0]), b2d(a[1]), b2d(a[2]))) },
			func(a [3]uint64) uint64 { return d2b(intrinsics.FmaRU(b2d(a[0]), b2d(a[1]), b2d(a[2]))) },
			func(a [3]uint64) uint64 { return d2b(intrinsics.FmaRD(b2d(a[0]), b2d(a[1]), b2d(a[2]))) }},
		ref: func(a [3]uint64, m rounding.Mode) uint64 { return oracle.Fma64(a[0], a[1], a[2], m) },
		exact: func(a [3]uint64) (*big.Float, bool) {
			if !f64.IsFinite(a[0]) || !f64.IsFinite(a[1]) || !f64.IsFinite(a[2]) {
				return nil, false
			}
			p := new(big.Float).SetPrec(bigExact).Mul(oracle.Value64(a[0]), oracle.Value64(a[1]))
			return p.Add(p, oracle.Value64(a[2])), true
		}},
	{name: "Double2Int", id: "i_double2int", arity: 1, modes: rounding.Modes[:],
		fn: [4]func(a [3]uint64) uint64{
			func(a [3]uint64) uint64 { return uint64(uint32(intrinsics.Double2IntRN(b2d(a[0])))) },
			func(a [3]uint64) uint64 { return uint64(uint32(intrinsics.Double2IntRZ(b2d(a[0])))) },
			func(a [3]uint64) uint64 { return uint64(uint32(intrinsics.Double2IntRU(b2d(a[0])))) },
			func(a [3]uint64) uint64 { return uint64(uint32(intrinsics.Double2IntRD(b2d(a[0])))) }},
		ref: func(a [3]uint64, m rounding.Mode) uint64 {
			return toIntRef(a[0], m, minI32, maxI32, 1<<31) & 0xffffffff
		}},
	{name: "Double2Uint", id: "i_double2uint", arity: 1, modes: rounding.Modes[:],
		fn: [4]func(a [3]uint64) uint64{
			func(a [3]uint64) uint64 { return uint64(intrinsics.Double2UintRN(b2d(a[0]))) },
			func(a [3]uint64) uint64 { return uint64(intrinsics.Double2UintRZ(b2d(a[0]))) },
			func(a [3]uint64) uint64 { return uint64(intrinsics.Double2UintRU(b2d(a[0]))) },
			func(a [3]uint64) uint64 { return uint64(intrinsics.Double2UintRD(b2d(a[0]))) }},
		ref: func(a [3]uint64, m rounding.Mode) uint64 { return toIntRef(a[0], m, zero, maxU32, 1<<31) }},
	{name: "Double2LL", id: "i_double2ll", arity: 1, modes: rounding.Modes[:],
		fn: [4]func(a [3]uint64) uint64{
			func(a [3]uint64) uint64 { return uint64(intrinsics.Double2LLRN(b2d(a[0]))) },
			func(a [3]uint64) uint64 { return uint64(intrinsics.Double2LLRZ(b2d(a[0]))) },
			func(a [3]uint64) uint64 { return uint64(intrinsics.Double2LLRU(b2d(a[0]))) },
			func(a [3]uint64) uint64 { return uint64(intrinsics.Double2LLRD(b2d(a[0]))) }},
		ref: func(a [3]uint64, m rounding.Mode) uint64 { return toIntRef(a[0], m, minI64, maxI64, 1<<63) }},
	{name: "Double2ULL", id: "i_double2ull", arity: 1, modes: rounding.Modes[:],
		fn: [4]func(a [3]uint64) uint64{
			func(a [3]uint64) uint64 { return intrinsics.Double2ULLRN(b2d(a[0])) },
			func(a [3]uint64) uint64 { return intrinsics.Double2ULLRZ(b2d(a[0])) },
			func(a [3]uint64) uint64 { return intrinsics.Double2ULLRU(b2d(a[0])) },
			func(a [3]uint64) uint64 { return intrinsics.Double2ULLRD(b2d(a[0])) }},
		ref: func(a [3]uint64, m rounding.Mode) uint64 { return toIntRef(a[0], m, zero, maxU64, 1<<63) }},
	{name: "LL2Double", id: "i_ll2double", arity: 1, modes: rounding.Modes[:],
		fn: [4]func(a [3]uint64) uint64{
			func(a [3]uint64) uint64 { return d2b(intrinsics.LL2DoubleRN(int64(a[0]))) },
			func(a [3]uint64) uint64 { return d2b(intrinsics.LL2DoubleRZ(int64(a[0]))) },
			func(a [3]uint64) uint64 { return d2b(intrinsics.LL2DoubleRU(int64(a[0]))) },
			func(a [3]uint64) uint64 { return d2b(intrinsics.LL2DoubleRD(int64(a[0]))) }},
		ref: func(a [3]uint64, m rounding.Mode) uint64 { return oracle.IntToF64(big.NewInt(int64(a[0])), m) }},
	{name: "ULL2Double", id: "i_ull2double", arity: 1, modes: rounding.Modes[:],
		fn: [4]func(a [3]uint64) uint64{
			func(a [3]uint64) uint64 { return d2b(intrinsics.ULL2DoubleRN(a[0])) },
			func(a [3]uint64) uint64 { return d2b(intrinsics.ULL2DoubleRZ(a[0])) },
			func(a [3]uint64) uint64 { return d2b(intrinsics.ULL2DoubleRU(a[0])) },
			func(a [3]uint64) uint64 { return d2b(intrinsics.ULL2DoubleRD(a[0])) }},
		ref: func(a [3]uint64, m rounding.Mode) uint64 { return oracle.IntToF64(new(big.Int).SetUint64(a[0]), m) }},
	{name: "Int2Double", id: "i_int2double", arity: 1, modes: []rounding.Mode{rounding.RN},
		fn: [4]func(a [3]uint64) uint64{func(a [3]uint64) uint64 { return d2b(intrinsics.Int2DoubleRN(int32(uint32(a[0])))) }},
		ref: func(a [3]uint64, m rounding.Mode) uint64 {
			return oracle.IntToF64(big.NewInt(int64(int32(uint32(a[0])))), m)
		}},
	{name: "Uint2Double", id: "i_uint2double", arity: 1, modes: []rounding.Mode{rounding.RN},
		fn:  [4]func(a [3]uint64) uint64{func(a [3]uint64) uint64 { return d2b(intrinsics.Uint2DoubleRN(uint32(a[0]))) }},
		ref: func(a [3]uint64, m rounding.Mode) uint64 { return oracle.IntToF64(big.NewInt(int64(uint32(a[0]))), m) }},
}

// bitRefs64 are the references of the reinterpretations, on the bits.
var bitRefs64 = map[string]func(a [3]uint64) uint64{
	"i_double_as_longlong": func(a [3]uint64) uint64 { return a[0] },
	"i_longlong_as_double": func(a [3]uint64) uint64 { return a[0] },
	"i_double2hiint":       func(a [3]uint64) uint64 { return a[0] >> 32 },
	"i_double2loint":       func(a [3]uint64) uint64 { return a[0] & 0xffffffff },
	"i_hiloint2double":     func(a [3]uint64) uint64 { return a[1]&0xffffffff | a[0]<<32 },
}

// ref64 returns the reference of the double intrinsic with catalog ID id.
func ref64(id string) (func(a [3]uint64) uint64, bool) {
	if r, ok := bitRefs64[id]; ok {
		return r, true
	}
	for _, op := range ops64 {
		for _, m := range op.modes {
			if op.id+"_"+m.CUDA() == id {
				return func(a [3]uint64) uint64 { return op.ref(a, m) }, true
			}
		}
	}
	return nil, false
}

// TestSpecialCases64 checks every case of the double intrinsics' special-case
// tables against math/big (and, for the reinterpretations, the bits), so
// that their rows rest on an independent reference until the device's
// golden data confirms them (TestSpecialCases).
func TestSpecialCases64(t *testing.T) {
	n := 0
	for _, sf := range allSpecials() {
		f, _ := spec.Lookup(sf.id)
		if !f.D64() && f.Out[0] != spec.F64 {
			continue
		}
		ref, ok := ref64(sf.id)
		if !ok {
			t.Errorf("%s: no reference", sf.name)
			continue
		}
		for _, r := range sf.rows {
			for _, c := range r.cases {
				n++
				if want := ref(c.args); c.want != want || c.ftz != want {
					t.Errorf("%s: row claims %s (ftz %s), reference %s\n\trow: %s", call(sf, c.args), golden.FormatOut(f, c.want), golden.FormatOut(f, c.ftz), golden.FormatOut(f, want), r.doc)
				}
			}
		}
	}
	if n == 0 {
		t.Fatal("no double special cases")
	}
	t.Logf("%d cases of the double intrinsics agree with math/big", n)
}

// probe64 maps a probe instruction (its PTX mode suffix removed) to the
// intrinsic family of ops64.
var probe64 = map[string]string{
	"add": "Dadd", "sub": "Dsub", "mul": "Dmul", "div": "Ddiv", "rcp": "Drcp", "sqrt": "Dsqrt", "fma": "Fma",
	"cvt.s32.f64": "Double2Int", "cvt.u32.f64": "Double2Uint", "cvt.s64.f64": "Double2LL", "cvt.u64.f64": "Double2ULL",
}

// TestProbe64 replays the H100's f64 probe (testdata/golden/f64probe: NaN,
// invalid, infinite and saturating operands of every binary64 instruction
// and conversion) through the intrinsics: each row's result, bit for bit.
func TestProbe64(t *testing.T) {
	fh, err := os.Open("../testdata/golden/f64probe/probe_f64.txt.gz")
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	zr, err := gzip.NewReader(fh)
	if err != nil {
		t.Fatal(err)
	}
	family := map[string]op64{}
	for _, op := range ops64 {
		family[op.name] = op
	}
	modes := map[string]rounding.Mode{"rn": rounding.RN, "rz": rounding.RZ, "rp": rounding.RU, "rm": rounding.RD}
	sc := bufio.NewScanner(zr)
	rows, line := 0, 0
	for sc.Scan() {
		line++
		fs := strings.Fields(sc.Text())
		if len(fs) == 0 || strings.HasPrefix(fs[0], "#") {
			continue
		}
		i := strings.LastIndex(fs[0], ".")
		m, ok := modes[fs[0][i+1:]]
		name, ok2 := probe64[fs[0][:i]]
		if !ok || !ok2 {
			continue // another instruction (cvt with a float32 side, cvt.ri)
		}
		op := family[name]
		var a [3]uint64
		for j := range op.arity {
			if a[j], err = strconv.ParseUint(fs[1+j], 16, 64); err != nil {
				t.Fatalf("probe line %d: %v", line, err)
			}
		}
		want, err := strconv.ParseUint(fs[len(fs)-1], 16, 64)
		if err != nil || fs[len(fs)-2] != "->" {
			t.Fatalf("probe line %d: malformed %q", line, sc.Text())
		}
		rows++
		if got := op.fn[m](a); got != want {
			t.Errorf("probe line %d: %s%s(%x) = %#x, device %#x", line, name, m, a[:op.arity], got, want)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if rows < 4000 {
		t.Fatalf("only %d probe rows replayed", rows)
	}
	t.Logf("%d probe rows bit-exact", rows)
}

// catalogGen draws the arguments of catalog entry id from the device
// capture's generators (spec.Func.Input: exact ties, cancellation,
// far-apart exponents, overflow, underflow and subnormal results,
// specials ± ulps), one input in eight uniform bit patterns.
func catalogGen(id string) gopter.Gen {
	f, ok := spec.Lookup(id)
	if !ok {
		panic("no catalog entry " + id)
	}
	return func(p *gopter.GenParameters) *gopter.GenResult {
		var a [3]uint64
		if p.Rng.Intn(8) == 0 {
			a = [3]uint64{p.Rng.Uint64(), p.Rng.Uint64(), p.Rng.Uint64()}
		} else {
			in := f.Input(p.Rng.Uint64() >> 8)
			copy(a[:], in[:3])
		}
		return gopter.NewGenResult(a, gopter.NoShrinker)
	}
}

// reach counts the inputs of a property that reach the hard cases.
type reach struct{ ties, subnormal, overflow, farApart atomic.Int64 }

func (r *reach) observe(op op64, a [3]uint64) {
	if bx, by := a[0]>>52&0x7ff, a[1]>>52&0x7ff; op.arity >= 2 && f64.IsFinite(a[0]) && f64.IsFinite(a[1]) && bx != 0 && by != 0 && (bx > by+60 || by > bx+60) {
		r.farApart.Add(1)
	}
	if op.exact == nil {
		// The reference's RN result tells overflows (an infinity from
		// finite operands) and subnormal results.
		for j := range op.arity {
			if !f64.IsFinite(a[j]) {
				return
			}
		}
		switch v := op.ref(a, rounding.RN); {
		case f64.IsInf(v):
			r.overflow.Add(1)
		case f64.IsSubnormal(v):
			r.subnormal.Add(1)
		}
		return
	}
	v, ok := op.exact(a)
	if !ok || v.Sign() == 0 {
		return
	}
	if e := v.MantExp(nil) - 1; e >= 1024 {
		r.overflow.Add(1)
	} else if e < -1022 && e >= -1074 {
		r.subnormal.Add(1)
	}
	// A tie: the exact value is the midpoint of its RD and RU roundings.
	lo, hi := oracle.Round64(v, rounding.RD), oracle.Round64(v, rounding.RU)
	if lo != hi && f64.IsFinite(lo) && f64.IsFinite(hi) {
		mid := new(big.Float).SetPrec(bigExact).Add(oracle.Value64(lo), oracle.Value64(hi))
		if mid.SetMantExp(mid, -1).Cmp(v) == 0 {
			r.ties.Add(1)
		}
	}
}

// TestProperty64 checks every double intrinsic against math/big in each of
// its modes on the catalog's generated inputs (gopter, CUDAFP_SEED; ~2 s),
// and that the inputs reach exact ties, subnormal results, overflow and
// far-apart exponents where the operation has them.
func TestProperty64(t *testing.T) {
	// 3000 cases under -short too: fewer reach no subnormal reciprocal.
	props := testflag.Properties(t, 3000, 3000)
	reached := map[string]*reach{}
	for _, op := range ops64 {
		r := new(reach)
		reached[op.name] = r
		id := op.id + "_" + op.modes[0].CUDA()
		props.Property(op.name+" = math/big", prop.ForAll(func(a [3]uint64) string {
			if op.reach != nil {
				r.observe(op, a)
			}
			var bad []string
			for _, m := range op.modes {
				if got, want := op.fn[m](a), op.ref(a, m); got != want {
					bad = append(bad, fmt.Sprintf("%s%s(%#x) = %#x, math/big %#x", op.name, m, a[:op.arity], got, want))
				}
			}
			return strings.Join(bad, "; ")
		}, catalogGen(id)))
	}
	props.TestingRun(t)
	for _, op := range ops64 {
		r := reached[op.name]
		if op.reach == nil {
			continue
		}
		t.Logf("%s: %d ties, %d subnormal results, %d overflows, %d far-apart operands", op.name, r.ties.Load(), r.subnormal.Load(), r.overflow.Load(), r.farApart.Load())
		for _, need := range op.reach {
			if n := map[byte]int64{'t': r.ties.Load(), 's': r.subnormal.Load(), 'o': r.overflow.Load(), 'f': r.farApart.Load()}[need]; n == 0 {
				t.Errorf("%s: the generators reach no %s", op.name, map[byte]string{'t': "exact tie", 's': "subnormal result", 'o': "overflow", 'f': "far-apart exponents"}[need])
			}
		}
	}
}

// fuzz64 checks one binary double intrinsic family in every mode against
// math/big on fuzzed bit patterns.
func fuzz64(f *testing.F, name string) {
	var op op64
	for _, o := range ops64 {
		if o.name == name {
			op = o
		}
	}
	for _, sf := range allSpecials() {
		if strings.HasPrefix(sf.id, op.id+"_") {
			for _, r := range sf.rows {
				for _, c := range r.cases {
					f.Add(c.args[0], c.args[1], c.args[2])
				}
			}
		}
	}
	f.Fuzz(func(t *testing.T, x, y, z uint64) {
		a := [3]uint64{x, y, z}
		for _, m := range op.modes {
			if got, want := op.fn[m](a), op.ref(a, m); got != want {
				t.Errorf("%s%s(%s) = %s, math/big %s", op.name, m, f64.Format(x)+", "+f64.Format(y)+", "+f64.Format(z), f64.Format(got), f64.Format(want))
			}
		}
	})
}

func FuzzDadd(f *testing.F) { fuzz64(f, "Dadd") }
func FuzzDsub(f *testing.F) { fuzz64(f, "Dsub") }
func FuzzDmul(f *testing.F) { fuzz64(f, "Dmul") }
func FuzzDdiv(f *testing.F) { fuzz64(f, "Ddiv") }
func FuzzFma(f *testing.F)  { fuzz64(f, "Fma") }
