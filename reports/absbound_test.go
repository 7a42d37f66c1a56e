package reports

import (
	"context"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/cudafp/cudafp/internal/spec"
	"github.com/cudafp/cudafp/rounding"
	"github.com/cudafp/cudafp/ulp"
)

// TestAbsOutsideBound checks the generic treatment of a bound with an
// absolute part outside an interval (the Bessel functions': "9 ulp for
// |x| < 8, otherwise the maximum absolute error is 2.2 x 10^-6") on a fake
// function: f(x) = x − 10, whose zero at 10 makes the ulp error of any
// absolutely accurate approximation explode, measured as RN(x − 10 + 2^-22).
// The absolute error is measured and judged outside (−8, 8), the ulp error
// inside, on blocks of 2^16 inputs, through the batched exhaustive path and
// the input-by-input one alike.
func TestAbsOutsideBound(t *testing.T) {
	const ten = 0x41200000
	ref := &floatRef{"x-10", 1, func(in ulp.Input) (uint32, ulp.DD) {
		return rounding.Sub32(in.X, ten, rounding.RN, false), twoSum(f32to64(in.X), -10)
	}}
	// The fake approximation: float64 x − 10 is exact for these blocks'
	// inputs (|x| < 2^4, ulp ≥ 2^-19); float32 rounds it with 2^-22 added.
	got := func(in ulp.Input) uint32 { return math.Float32bits(float32(f32to64(in.X) - 10 + 0x1p-22)) }
	bessel := spec.Bound{Text: "fake", ULP: 9, Abs: 0x1p-20, AbsLo: -8, AbsHi: 8, AbsOutside: true}
	if r := describeBound(bessel).Reading; r != "abs 2^-20 outside (-8, 8); 9 ulp elsewhere" {
		t.Errorf("reading %q", r)
	}
	for _, c := range []struct{ x, want float64 }{{7.5, 9}, {-7.5, 9}, {8, math.Inf(1)}, {-8, math.Inf(1)}, {100, math.Inf(1)}} {
		if got := bessel.ULPAt(c.x); got != c.want {
			t.Errorf("ULPAt(%v) = %v, want %v", c.x, got, c.want)
		}
	}
	measure := func(b spec.Bound, block uint32) (*ulp.Result, *Extra) {
		chk := &check{b: b, floatArg: true}
		o := ulp.Options{Func: "fake", Workers: 1, Quiet: true, Blocks: 1 << 16, Shard: int(block >> 16), Shards: 1 << 16}
		pr := &probe{ref: ref, got: got, chk: chk, axis: Axis{spec.F32}, ex: newExtra()}
		on := o
		on.Observe = pr.observe
		res, err := ulp.Exhaustive(context.Background(), func(x uint32) uint32 { return got(ulp.Input{X: x}) }, ref, on)
		if err != nil {
			t.Fatal(err)
		}
		old := &probe{ref: ref, got: got, chk: chk, axis: Axis{spec.F32}, ex: newExtra()}
		if _, err := ulp.Exhaustive(context.Background(), func(x uint32) uint32 { return old.measure(ulp.Input{X: x}) }, old, o); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(pr.ex, old.ex) {
			t.Errorf("block %#x: batched extra\n%+v\ninput by input\n%+v", block, pr.ex, old.ex)
		}
		return res, pr.ex
	}
	summary := func(b spec.Bound, res *ulp.Result, ex *Extra) *Row {
		row := &Row{Function: "fake", Args: []string{"f32"}, RefKind: kindCR, Result: res, Extra: ex, bound: b}
		row.Summary = row.summarize()
		return row
	}

	// Around the zero, outside (−8, 8): the ulp error explodes, the
	// absolute error stays below 2^-22 + half an ulp of 2^-5.
	res, ex := measure(bessel, ten)
	row := summary(bessel, res, ex)
	s := row.Summary
	if res.MaxErr < 1<<20 {
		t.Errorf("near the zero: max ulp error %v, want the explosion (≥ 2^20)", res.MaxErr)
	}
	if s.AbsN != 1<<16 || s.AbsMax == nil || *s.AbsMax > 0x1p-21 || *s.AbsMax < 0x1p-23 || ex.ULPN != 0 {
		t.Errorf("near the zero: abs over %d inputs, max %v; ulp part over %d inputs; want all 2^16 absolute, about 2^-22", s.AbsN, s.AbsMax, ex.ULPN)
	}
	if s.Verdict != "within" || !strings.Contains(row.checkText(), "abs 2^-22") {
		t.Errorf("near the zero: verdict %q, %q", s.Verdict, row.checkText())
	}
	if _, _, _, abs, _ := row.cells(); !strings.HasPrefix(abs, "2^-22") {
		t.Errorf("max abs error cell %q", abs)
	}

	// Inside (−8, 8) the ulp part applies: x − 10 in (−7, −6.99), 2^-22 is
	// half an ulp, so the distance is at most 1.
	res, ex = measure(bessel, 0x40400000)
	if s := summary(bessel, res, ex).Summary; s.AbsN != 0 || s.AbsMax != nil || ex.ULPN != 1<<16 || ex.MaxDist > 1 || s.Verdict != "within" {
		t.Errorf("inside: abs over %d inputs, ulp over %d, max dist %d, verdict %q", s.AbsN, ex.ULPN, ex.MaxDist, s.Verdict)
	}

	// A tighter absolute bound is exceeded outside (−8, 8), by its
	// absolute part only.
	tight := bessel
	tight.Abs = 0x1p-30
	res, ex = measure(tight, ten)
	if s := summary(tight, res, ex).Summary; s.Verdict != "exceeds" || ex.OverAbs == 0 || ex.OverULP != 0 || ex.Over != ex.OverAbs {
		t.Errorf("tight: verdict %q, over %d (abs %d, ulp %d)", s.Verdict, ex.Over, ex.OverAbs, ex.OverULP)
	}

	// Judged in ulps there instead (the interval not turned around), the
	// zero at 10 exceeds the 9 ulp.
	inside := bessel
	inside.AbsOutside = false
	res, ex = measure(inside, ten)
	if s := summary(inside, res, ex).Summary; s.Verdict != "exceeds" || ex.OverULP == 0 || s.AbsN != 0 {
		t.Errorf("ulp near the zero: verdict %q, over ulp %d, abs inputs %d", s.Verdict, ex.OverULP, s.AbsN)
	}
}

// TestUnstatedBound checks a bound that leaves an interval without a
// documented bound (lgammaf's "6 ulp outside interval -10.001 ... -2.264;
// larger inside") on the fake f(x) = x − 10 of TestAbsOutsideBound: over
// the 2^16 inputs from 10, whose ulp errors explode near the zero, the inputs
// in (10.01, 10.02) are neither measured against the ulp bound nor counted
// over it, through the batched exhaustive path and the input-by-input one
// alike.
func TestUnstatedBound(t *testing.T) {
	const ten = 0x41200000
	ref := &floatRef{"x-10", 1, func(in ulp.Input) (uint32, ulp.DD) {
		return rounding.Sub32(in.X, ten, rounding.RN, false), twoSum(f32to64(in.X), -10)
	}}
	got := func(in ulp.Input) uint32 { return math.Float32bits(float32(f32to64(in.X) - 10 + 0x1p-22)) }
	b := spec.Bound{Text: "fake", ULP: 6, Unstated: [2]float64{10.01, 10.02}}
	var inside, over uint64 // counted here from the definitions
	for x := uint32(ten); x < ten+1<<16; x++ {
		in := ulp.Input{X: x}
		if b.InUnstated(f32to64(x)) {
			inside++
			continue
		}
		want, _ := ref.f(in)
		if g := got(in); g != want && ulp.Dist(g, want) > 6 {
			over++
		}
	}
	if inside == 0 || over == 0 {
		t.Fatalf("the block has %d inputs in the interval and %d over the bound: the test needs both", inside, over)
	}
	chk := &check{b: b, floatArg: true}
	o := ulp.Options{Func: "fake", Workers: 1, Quiet: true, Blocks: 1 << 16, Shard: ten >> 16, Shards: 1 << 16}
	batched := &probe{ref: ref, got: got, chk: chk, axis: Axis{spec.F32}, ex: newExtra()}
	on := o
	on.Observe = batched.observe
	if _, err := ulp.Exhaustive(context.Background(), func(x uint32) uint32 { return got(ulp.Input{X: x}) }, ref, on); err != nil {
		t.Fatal(err)
	}
	single := &probe{ref: ref, got: got, chk: chk, axis: Axis{spec.F32}, ex: newExtra()}
	if _, err := ulp.Exhaustive(context.Background(), func(x uint32) uint32 { return single.measure(ulp.Input{X: x}) }, single, o); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(batched.ex, single.ex) {
		t.Errorf("the batched statistics differ from the input-by-input ones (over %d, %d; measured %d, %d)",
			batched.ex.Over, single.ex.Over, batched.ex.ULPN, single.ex.ULPN)
	}
	for name, ex := range map[string]*Extra{"batched": batched.ex, "input by input": single.ex} {
		if ex.ULPN != 1<<16-inside || ex.OverULP != over || ex.Over != over {
			t.Errorf("%s: %d inputs measured against the ulp bound, %d over (%d in all); want %d and %d",
				name, ex.ULPN, ex.OverULP, ex.Over, 1<<16-inside, over)
		}
		if b.InUnstated(f32to64(ex.ArgMaxDist.X)) || b.InUnstated(f32to64(ex.ArgOver.X)) {
			t.Errorf("%s: max distance at %#x, first over at %#x: inside the interval", name, ex.ArgMaxDist.X, ex.ArgOver.X)
		}
	}
}
