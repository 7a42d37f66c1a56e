package reports

import (
	"math"

	"github.com/cudafp/cudafp/fp"
	"github.com/cudafp/cudafp/internal/spec"
	"github.com/cudafp/cudafp/ulp"
)

// boundFor returns the documented bound of f that applies under the flags
// fl, and the function whose bound it is (f, or the intrinsic
// -use_fast_math compiles f to).
//
// The catalog's numeric reading of a bound whose words depend on the
// flags ("0 ulp when compiled with -prec-div=true; 2 ulp otherwise") holds
// the looser clause; the precise clause applies here when the flags select
// the precise code. Under -use_fast_math's library-to-intrinsic swap
// (expf → __expf, x/y → __fdividef), the intrinsic's bound applies.
func boundFor(f *spec.Func, fl fp.Flags) (spec.Bound, *spec.Func) {
	if fl.FastLib && f.Sens&spec.SensFastLib != 0 {
		if g := fastIntrinsic(f); g != nil {
			b := g.Bound
			b.Text = "-use_fast_math compiles " + f.Name + " to " + g.Name + ": " + b.Text
			return b, g
		}
	}
	b := f.Bound
	precise := false
	switch f.ID {
	case "op_div", "fdividef":
		precise = !fl.ApproxDiv
	case "op_rcp":
		precise = !fl.ApproxDiv
	case "sqrtf":
		precise = !fl.ApproxSqrt
	}
	if precise {
		b.CR, b.ULP, b.ULPSlope, b.YRange = true, 0, 0, [2]float64{}
	}
	return b, f
}

// fastIntrinsic returns the intrinsic that -use_fast_math substitutes for
// f, or nil.
func fastIntrinsic(f *spec.Func) *spec.Func {
	name := "__" + f.Name
	switch f.ID {
	case "op_div", "fdividef":
		name = "__fdividef"
	}
	if g, ok := spec.Lookup(name); ok && g.Kind == spec.Intrinsic && g.Arity() == f.Arity() && len(g.Out) == len(f.Out) {
		return g
	}
	return nil
}

// check tests one measurement against a documented bound, input by input.
type check struct {
	b        spec.Bound
	floatArg bool // the arguments are float32 (the bound's x and y)
}

// componentBound returns the bound of one result of f under fl:
// __sincosf (and sincosf under -use_fast_math) documents one absolute bound
// per component, which the catalog states separately for __sinf and
// __cosf. An exact function whose documentation states its result in words
// (__saturatef, __float_as_int, the conversions) is held to that result:
// its bound reads as correctly rounded (exact).
func componentBound(f *spec.Func, c component, fl fp.Flags) spec.Bound {
	b, g := boundFor(f, fl)
	if c.kind != kindCR && c.kind != kindCR64 && b.None() {
		b.CR = true
	}
	if comp := c.name; g.Name == "__sincosf" && comp != "" {
		name := "__sinf"
		if comp == "cos" {
			name = "__cosf"
		}
		if h, ok := spec.Lookup(name); ok {
			nb := h.Bound
			nb.Text, nb.Source = b.Text, b.Source
			return nb
		}
	}
	return b
}

// hasULP reports whether the bound has an ulp part.
func (c *check) hasULP() bool { return !c.b.CR && c.b.ULP != 0 }

// ulpApplies reports whether the ulp part of the bound applies at in: not
// in the absolute bound's interval nor where no bound is documented, |y| in the range of binary functions
// whose bound holds only there, and x finite for a bound that grows with
// |x|.
func (c *check) ulpApplies(in ulp.Input) bool {
	b := &c.b
	if !c.floatArg {
		return true
	}
	if b.YRange != [2]float64{} {
		if y := math.Abs(f32to64(in.Y)); !(y >= b.YRange[0] && y <= b.YRange[1]) {
			return false
		}
	}
	if x := f32to64(in.X); b.InAbs(x) || b.InUnstated(x) {
		return false
	}
	return b.ULPSlope == 0 || in.X&0x7fffffff != 0x7f800000
}

// ulpAt returns the ulp bound at input in, +Inf where none applies: the
// catalog's ULPAt of x, its constant part at a NaN x.
func (c *check) ulpAt(in ulp.Input) float64 {
	if !c.hasULP() || !c.ulpApplies(in) {
		return math.Inf(1)
	}
	if !c.floatArg || c.b.ULPSlope == 0 {
		return c.b.ULP
	}
	x := f32to64(in.X)
	if x != x {
		return c.b.ULP
	}
	return c.b.ULPAt(x)
}

// inAbs reports whether the absolute bound applies at in.
func (c *check) inAbs(in ulp.Input) bool {
	return c.floatArg && c.b.InAbs(f32to64(in.X))
}

// relErr returns |got − v| / |v|, and whether the relative bound applies:
// where f(x) is a finite nonzero number outside the absolute bound's
// interval.
func (c *check) relErr(in ulp.Input, got uint32, v ulp.DD) (float64, bool) {
	if c.b.Rel == 0 || v.Hi != v.Hi || math.IsInf(v.Hi, 0) || v.Hi == 0 || c.inAbs(in) {
		return 0, false
	}
	g := f32to64(got)
	if g != g || math.IsInf(g, 0) {
		return math.Inf(1), true
	}
	return math.Abs((g-v.Hi)-v.Lo) / math.Abs(v.Hi), true
}
