package reports

import (
	"fmt"
	"math"

	"github.com/cudafp/cudafp/internal/f32"
	"github.com/cudafp/cudafp/internal/spec"
	"github.com/cudafp/cudafp/rounding"
	"github.com/cudafp/cudafp/ulp"
)

// Bins is the number of bins of the input axis in error-versus-input plots.
const Bins = 512

// Extra holds what a report needs beyond ulp.Stats, gathered input by input:
// the documented bound checked at every input (the bound of __expf depends on
// x), and the maximum error per bin of the input axis for the plots. Like
// ulp.Stats it is plain data, and Merge combines the Extras of disjoint
// input sets into exactly the Extra of their union, in any order.
type Extra struct {
	// Over counts the inputs outside the documented bound (any of its
	// parts); ArgOver is the smallest of them (ulp.Input order).
	Over    uint64
	ArgOver ulp.Input
	// OverCR, OverULP, OverAbs and OverRel count them per part of the
	// bound: a correctly rounded result, the ulp distance to the correctly
	// rounded result (NVIDIA's metric), the absolute error over the
	// documented interval, the relative error.
	OverCR, OverULP, OverAbs, OverRel uint64

	// ULPN counts the inputs where an ulp bound applies; MaxDist is the
	// largest ulp distance among them.
	ULPN       uint64
	MaxDist    uint32
	ArgMaxDist ulp.Input
	// RelN counts the inputs where a relative bound applies; MaxRel is
	// the largest relative error among them.
	RelN      uint64
	MaxRel    ulp.Ulps
	ArgMaxRel ulp.Input
	// AbsN counts the inputs where an absolute bound applies; AbsMax is
	// the largest absolute error |got − f(x)| among them.
	AbsN      uint64
	AbsMax    ulp.Ulps
	ArgAbsMax ulp.Input
	// IntMaxDist is the largest distance in integer units between an
	// integer result and the exact integer (0 when every result is exact),
	// ArgIntMaxDist the smallest input reaching it.
	IntMaxDist    uint64
	ArgIntMaxDist ulp.Input

	// BinN and BinMax are the number of inputs and the largest fractional
	// ulp error per bin of the input axis (see Axis); NaN inputs of a
	// float axis are in no bin.
	BinN   []uint64
	BinMax []ulp.Ulps
}

func newExtra() *Extra {
	return &Extra{BinN: make([]uint64, Bins), BinMax: make([]ulp.Ulps, Bins)}
}

func less(a, b ulp.Input) bool {
	if a.X != b.X {
		return a.X < b.X
	}
	if a.Y != b.Y {
		return a.Y < b.Y
	}
	return a.Z < b.Z
}

// Merge adds the Extra of a disjoint set of inputs to e.
func (e *Extra) Merge(o *Extra) error {
	if len(o.BinN) != Bins || len(o.BinMax) != Bins {
		return fmt.Errorf("reports: malformed bins (%d, %d, want %d)", len(o.BinN), len(o.BinMax), Bins)
	}
	if o.Over > 0 && (e.Over == 0 || less(o.ArgOver, e.ArgOver)) {
		e.ArgOver = o.ArgOver
	}
	e.Over += o.Over
	e.OverCR += o.OverCR
	e.OverULP += o.OverULP
	e.OverAbs += o.OverAbs
	e.OverRel += o.OverRel
	if o.ULPN > 0 && (e.ULPN == 0 || o.MaxDist > e.MaxDist || o.MaxDist == e.MaxDist && less(o.ArgMaxDist, e.ArgMaxDist)) {
		e.MaxDist, e.ArgMaxDist = o.MaxDist, o.ArgMaxDist
	}
	e.ULPN += o.ULPN
	if o.RelN > 0 && (e.RelN == 0 || o.MaxRel > e.MaxRel || o.MaxRel == e.MaxRel && less(o.ArgMaxRel, e.ArgMaxRel)) {
		e.MaxRel, e.ArgMaxRel = o.MaxRel, o.ArgMaxRel
	}
	e.RelN += o.RelN
	if o.AbsN > 0 && (e.AbsN == 0 || o.AbsMax > e.AbsMax || o.AbsMax == e.AbsMax && less(o.ArgAbsMax, e.ArgAbsMax)) {
		e.AbsMax, e.ArgAbsMax = o.AbsMax, o.ArgAbsMax
	}
	e.AbsN += o.AbsN
	if o.IntMaxDist > e.IntMaxDist || o.IntMaxDist == e.IntMaxDist && o.IntMaxDist > 0 && less(o.ArgIntMaxDist, e.ArgIntMaxDist) {
		e.IntMaxDist, e.ArgIntMaxDist = o.IntMaxDist, o.ArgIntMaxDist
	}
	for i := range e.BinN {
		if o.BinN[i] > 0 && (e.BinN[i] == 0 || o.BinMax[i] > e.BinMax[i]) {
			e.BinMax[i] = o.BinMax[i]
		}
		e.BinN[i] += o.BinN[i]
	}
	return nil
}

// probe is the ulp.Reference a sweep measures against: it forwards to the
// real reference and, at each input, evaluates the measured function too and
// records the Extra statistics. One probe serves one block of one sweep, on
// one goroutine.
type probe struct {
	ref  ulp.Reference
	got  func(in ulp.Input) uint32
	chk  *check
	axis Axis
	ex   *Extra
	// dist, for an integer result (got is then the indicator of an
	// inexact result), returns the distance to the exact integer.
	dist func(in ulp.Input) uint64

	// The last measurement, shared by the sweep's call of the measured
	// function (measure) and of the reference (Eval), whichever comes
	// first: the emulation runs once per input.
	cached  bool
	last    ulp.Input
	lastGot uint32
}

// measure returns the measured function's result at in.
func (p *probe) measure(in ulp.Input) uint32 {
	if p.cached && p.last.Equal(in) {
		return p.lastGot
	}
	g := p.got(in)
	p.cached, p.last, p.lastGot = true, in, g
	return g
}

func (p *probe) Name() string { return p.ref.Name() }
func (p *probe) Arity() int   { return p.ref.Arity() }

// Eval implements ulp.Reference.
func (p *probe) Eval(in ulp.Input, m rounding.Mode) (uint32, ulp.DD, bool) {
	want, v, slow := p.ref.Eval(in, m)
	p.record(in, p.measure(in), want, v)
	return want, v, slow
}

// Measure implements ulp.Measurer: Eval, and the measured function's
// result, in one call (a sampled sweep then skips measure's cache).
func (p *probe) Measure(in ulp.Input, m rounding.Mode) (uint32, uint32, ulp.DD, bool) {
	want, v, slow := p.ref.Eval(in, m)
	got := p.got(in)
	p.record(in, got, want, v)
	return got, want, v, slow
}

// record adds the Extra statistics of one input.
func (p *probe) record(in ulp.Input, got, want uint32, v ulp.DD) {
	ex := p.ex
	if p.dist != nil {
		p.observeInt(in, got)
		return
	}
	if b := p.axis.Bin(in); b >= 0 {
		e := ulp.Ulps(ulp.Err(got, v))
		if ex.BinN[b] == 0 || e > ex.BinMax[b] {
			ex.BinMax[b] = e
		}
		ex.BinN[b]++
	}
	p.checkBound(in, got, want, v)
}

// observe is ulp.Options.Observe of a unary sweep: Eval's statistics on a
// batch of inputs, with the loop-invariant parts of the bound checks
// hoisted where the batch is ordered (the inputs increase from one batch of
// the probe to the next); an unordered batch (special values) takes
// record's input-by-input path.
func (p *probe) observe(bt *ulp.Batch) {
	n := len(bt.Got)
	if n == 0 {
		return
	}
	if p.dist != nil {
		for i, got := range bt.Got {
			p.observeInt(ulp.Input{X: bt.At(i)}, got)
		}
		return
	}
	if !bt.Ordered {
		for i, got := range bt.Got {
			p.record(ulp.Input{X: bt.At(i)}, got, bt.Want[i], bt.Val[i])
		}
		return
	}
	want, val := bt.Want[:n], bt.Val[:n]
	p.observeBins(bt)
	ex, c := p.ex, p.chk
	b := &c.b
	if b.CR {
		for i, got := range bt.Got {
			if w := want[i]; got != w && !(f32.IsNaN(got) && f32.IsNaN(w)) {
				ex.OverCR++
				ex.over(ulp.Input{X: bt.At(i)})
			}
		}
		return
	}
	// check.ulpApplies at Y = 0, less its parts that depend on X.
	ulpOn := c.hasULP()
	if c.floatArg && b.YRange != [2]float64{} && !(0 >= b.YRange[0] && 0 <= b.YRange[1]) {
		ulpOn = false
	}
	absOn := b.Abs != 0 && c.floatArg
	absN, absMax, argAbs := ex.AbsN, ex.AbsMax, ex.ArgAbsMax
	slopeOn := c.floatArg && b.ULPSlope != 0
	relOn := b.Rel != 0
	// check.ulpApplies's interval without a documented bound.
	unstated := c.floatArg && b.Unstated != [2]float64{}
	if ulpOn && !absOn && !relOn && !unstated {
		p.observeULP(bt, slopeOn)
		return
	}
	// The scalar statistics in local variables.
	ulpN, maxD, argD := ex.ULPN, ex.MaxDist, ex.ArgMaxDist
	nOver, argOver := ex.Over, ex.ArgOver
	overULP, overAbs := ex.OverULP, ex.OverAbs
	for i, got := range bt.Got {
		x := bt.At(i)
		in := ulp.Input{X: x}
		over := false
		inAbs := false // check.inAbs(in)
		if absOn {
			inAbs = b.InAbs(f32to64(x))
		}
		if ulpOn && !inAbs && !(slopeOn && x&0x7fffffff == 0x7f800000) && !(unstated && b.InUnstated(f32to64(x))) {
			d := bt.Dist[i]
			// Inputs arrive in increasing order: a tie keeps the argmax.
			if ulpN == 0 || d > maxD {
				maxD, argD = d, in
			}
			ulpN++
			// ulpAt(in) is ULP without a slope, at least ULP (> 0) with.
			if float64(d) > b.ULP && (!slopeOn || float64(d) > c.ulpAt(in)) {
				overULP++
				over = true
			}
		}
		if inAbs {
			// Inputs arrive in increasing order: a tie keeps the argmax.
			a := ulp.Ulps(ulp.AbsErr(got, val[i]))
			if absN == 0 || a > absMax {
				absMax, argAbs = a, in
			}
			absN++
			if float64(a) > b.Abs {
				overAbs++
				over = true
			}
		}
		if relOn {
			if r, ok := c.relErr(in, got, val[i]); ok {
				if ex.RelN == 0 || ulp.Ulps(r) > ex.MaxRel || ulp.Ulps(r) == ex.MaxRel && less(in, ex.ArgMaxRel) {
					ex.MaxRel, ex.ArgMaxRel = ulp.Ulps(r), in
				}
				ex.RelN++
				if r > b.Rel {
					ex.OverRel++
					over = true
				}
			}
		}
		if over {
			if nOver == 0 {
				argOver = in
			}
			nOver++
		}
	}
	ex.ULPN, ex.MaxDist, ex.ArgMaxDist = ulpN, maxD, argD
	ex.Over, ex.ArgOver = nOver, argOver
	ex.OverULP, ex.OverAbs = overULP, overAbs
	ex.AbsN, ex.AbsMax, ex.ArgAbsMax = absN, absMax, argAbs
}

// observeInt records the measurement of an integer result at in: got is 0
// for the exact integer, 1 otherwise. Every input counts in its bin, with
// its distance in integer units as the error. An inexact result is outside
// a correctly rounded bound; under an ulp bound (a double library function
// against its correctly rounded result) only a distance above it is, the
// distance in binary64 ulps being NVIDIA's metric.
func (p *probe) observeInt(in ulp.Input, got uint32) {
	ex := p.ex
	var d uint64
	ulpBound := p.chk.hasULP()
	if got != 0 {
		d = p.dist(in)
		if d > ex.IntMaxDist || d == ex.IntMaxDist && less(in, ex.ArgIntMaxDist) {
			ex.IntMaxDist, ex.ArgIntMaxDist = d, in
		}
		switch {
		case !ulpBound:
			ex.OverCR++
			ex.over(in)
		case float64(d) > p.chk.b.ULP:
			ex.OverULP++
			ex.over(in)
		}
	}
	if ulpBound {
		md := uint32(min(d, math.MaxUint32))
		if ex.ULPN == 0 || md > ex.MaxDist || md == ex.MaxDist && less(in, ex.ArgMaxDist) {
			ex.MaxDist, ex.ArgMaxDist = md, in
		}
		ex.ULPN++
	}
	if b := p.axis.Bin(in); b >= 0 {
		if e := ulp.Ulps(d); ex.BinN[b] == 0 || e > ex.BinMax[b] {
			ex.BinMax[b] = e
		}
		ex.BinN[b]++
	}
}

// observeULP is observe for a bound with an ulp part only (applying at
// every input but ±Inf when it grows with |x|), in a tight loop: an input
// outside the bound, or a new largest distance, is rare, so the loop
// compares each distance with one threshold, the smaller of the largest
// distance so far and the bound's integer part (a distance d is an integer:
// d > lim exactly when d > ⌊lim⌋ for lim ≥ 0), and looks closer only above
// it.
func (p *probe) observeULP(bt *ulp.Batch, slopeOn bool) {
	ex := p.ex
	lim := p.chk.b.ULP // ulpAt is ULP without a slope, at least ULP (> 0) with
	dist := bt.Dist
	if len(dist) == 0 {
		return
	}
	ilim := uint32(math.MaxUint32)
	if lim < math.MaxUint32 {
		ilim = uint32(max(lim, 0)) // ⌊lim⌋: the conversion truncates
	}
	ulpN, maxD, argI := ex.ULPN, ex.MaxDist, -1 // argI: the index of a new maximum, looked up after the loop
	// look is the rare step: a new maximum (inputs arrive in increasing
	// order, so a tie keeps the argmax; the first input counted sets it),
	// and a distance over the bound.
	look := func(i int, d uint32) {
		if ulpN == 0 || d > maxD {
			maxD, argI = d, i
		}
		if d > ilim {
			p.overULP(ulp.Input{X: bt.At(i)}, d, slopeOn)
		}
	}
	if slopeOn {
		for i, d := range dist {
			if bt.At(i)&0x7fffffff == 0x7f800000 {
				continue
			}
			if ulpN == 0 || d > min(maxD, ilim) {
				look(i, d)
			}
			ulpN++
		}
	} else {
		first := 0
		if ulpN == 0 {
			look(0, dist[0])
			first, ulpN = 1, 1
		}
		thr := min(maxD, ilim)
		for i := first; i < len(dist); i++ {
			if d := dist[i]; d > thr {
				look(i, d)
				thr = min(maxD, ilim)
			}
		}
		ulpN += uint64(len(dist) - first)
	}
	if argI >= 0 {
		ex.ArgMaxDist = ulp.Input{X: bt.At(argI)}
	}
	ex.ULPN, ex.MaxDist = ulpN, maxD
}

// overULP counts in, with ulp distance d above the bound's constant part,
// when it is outside the bound at in.
//
//go:noinline
func (p *probe) overULP(in ulp.Input, d uint32, slopeOn bool) {
	if !slopeOn || float64(d) > p.chk.ulpAt(in) {
		p.ex.OverULP++
		p.ex.over(in)
	}
}

// over counts in as an input outside the bound.
func (ex *Extra) over(in ulp.Input) {
	if ex.Over == 0 || less(in, ex.ArgOver) {
		ex.ArgOver = in
	}
	ex.Over++
}

// observeBins is Eval's per-bin statistics on a batch: a batch of one sign
// whose ends lie in one bin lies in it whole (the bin is monotone in the
// encoding within a sign, NaNs above the numbers).
func (p *probe) observeBins(bt *ulp.Batch) {
	n := len(bt.Got)
	ex := p.ex
	first, last := bt.At(0), bt.At(n-1)
	switch p.axis.Type {
	case spec.F32, spec.I32, spec.U32:
		if b := p.axis.Bin(ulp.Input{X: first}); b >= 0 && first>>31 == last>>31 && b == p.axis.Bin(ulp.Input{X: last}) {
			cnt, mx := ex.BinN[b], ex.BinMax[b]
			errs := bt.Err[:n]
			if cnt == 0 {
				mx, errs = ulp.Ulps(errs[0]), errs[1:]
			}
			for _, e := range errs {
				if ulp.Ulps(e) > mx {
					mx = ulp.Ulps(e)
				}
			}
			ex.BinN[b], ex.BinMax[b] = cnt+uint64(n), mx
			return
		}
	}
	for i, e := range bt.Err[:n] {
		if b := p.axis.Bin(ulp.Input{X: bt.At(i)}); b >= 0 {
			if ex.BinN[b] == 0 || ulp.Ulps(e) > ex.BinMax[b] {
				ex.BinMax[b] = ulp.Ulps(e)
			}
			ex.BinN[b]++
		}
	}
}

// checkBound checks the measurement got at in (want correctly rounded, v
// the exact value) against the documented bound.
func (p *probe) checkBound(in ulp.Input, got, want uint32, v ulp.DD) {
	ex := p.ex
	c := p.chk
	over := false
	if c.b.CR {
		if got != want && !(f32.IsNaN(got) && f32.IsNaN(want)) {
			ex.OverCR++
			over = true
		}
	} else {
		if c.hasULP() && c.ulpApplies(in) {
			var d uint32
			if got != want {
				d = ulp.Dist(got, want)
			}
			if ex.ULPN == 0 || d > ex.MaxDist || d == ex.MaxDist && less(in, ex.ArgMaxDist) {
				ex.MaxDist, ex.ArgMaxDist = d, in
			}
			ex.ULPN++
			// Every ulp bound is at least its constant part, 1 or more.
			if d > 0 && float64(d) > c.ulpAt(in) {
				ex.OverULP++
				over = true
			}
		}
		if c.inAbs(in) {
			a := ulp.Ulps(ulp.AbsErr(got, v))
			if ex.AbsN == 0 || a > ex.AbsMax || a == ex.AbsMax && less(in, ex.ArgAbsMax) {
				ex.AbsMax, ex.ArgAbsMax = a, in
			}
			ex.AbsN++
			if float64(a) > c.b.Abs {
				ex.OverAbs++
				over = true
			}
		}
		if r, ok := c.relErr(in, got, v); ok {
			if ex.RelN == 0 || ulp.Ulps(r) > ex.MaxRel || ulp.Ulps(r) == ex.MaxRel && less(in, ex.ArgMaxRel) {
				ex.MaxRel, ex.ArgMaxRel = ulp.Ulps(r), in
			}
			ex.RelN++
			if r > c.b.Rel {
				ex.OverRel++
				over = true
			}
		}
	}
	if over {
		ex.over(in)
	}
}

// Axis is the input axis of a function's plots: its first argument, on the
// ordered line of its type, cut into Bins bins.
type Axis struct {
	Type spec.Type
}

// keyLimit is f32.Key(+Inf).
const keyLimit = 0x7f800000

// Bin returns the bin of in's first argument, or -1 for a NaN.
func (a Axis) Bin(in ulp.Input) int {
	switch a.Type {
	case spec.F32:
		if f32.IsNaN(in.X) {
			return -1
		}
		return int((f32.Key(in.X) + keyLimit) * Bins / (2*keyLimit + 1))
	case spec.I32:
		return int((in.X ^ 0x80000000) / (1 << 32 / Bins))
	case spec.U32:
		return int(in.X / (1 << 32 / Bins))
	case spec.I64:
		return int((in.Y ^ 0x80000000) / (1 << 32 / Bins))
	case spec.U64:
		return int(in.Y / (1 << 32 / Bins))
	case spec.F64:
		v := uint64(in.Y)<<32 | uint64(in.X)
		if v&^(1<<63) > 0x7ff0000000000000 {
			return -1
		}
		const lim = 0x7ff0000000000000 // key64(+Inf)
		return int(uint64(key64(v)+lim) / (2*lim/Bins + 1))
	}
	panic(badType)
}

// key64 is f32.Key for binary64 encodings.
func key64(v uint64) int64 {
	if v>>63 != 0 {
		return -int64(v &^ (1 << 63))
	}
	return int64(v)
}

const badType = "reports: argument type without a reference"
