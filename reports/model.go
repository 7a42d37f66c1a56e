package reports

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/cudafp/cudafp/fp"
	"github.com/cudafp/cudafp/internal/f32"
	"github.com/cudafp/cudafp/internal/spec"
	"github.com/cudafp/cudafp/ulp"
)

// Schema names the JSON document of a report (docs/json.md).
const Schema = "cudafp-report/2"

// Report is a ULP-error report: plain data, rendered by WriteMarkdown,
// WriteCSV, WriteJSON and WriteHTML, read back by ReadJSON and merged across
// shards by Merge. Its JSON form is documented in docs/json.md.
type Report struct {
	Schema string `json:"schema"`
	// Provenance is the one line that differs between two runs of the same
	// report: commit, Go version, GOARCH, date. The caller sets it.
	Provenance string `json:"provenance"`
	// Flags are the flag sets asked for, in nvcc spelling ("" is nvcc's
	// default, "-use_fast_math").
	Flags      []string   `json:"flags"`
	Exhaustive bool       `json:"exhaustive"`
	Shard      *ShardInfo `json:"shard,omitempty"`
	// Complete reports whether every row measured all of its inputs (false
	// for a shard's partial result).
	Complete bool `json:"complete"`
	// Rows in catalog order, then component, then flag set.
	Rows []*Row `json:"rows"`
	// LeftOut lists the catalogued functions that cannot be measured, with
	// the reason (not implemented, or no reference yet).
	LeftOut []LeftOut `json:"left_out"`
	// Half is the 16-bit section (half.go): every half and bfloat16
	// function with a reference, measured on every input, in catalog order;
	// absent from a report restricted to other types or functions, and from
	// shards other than the first.
	Half []*HalfRow `json:"half,omitempty"`
}

// ShardInfo identifies a partial result: shard Index of Count.
type ShardInfo struct {
	Index int `json:"index"`
	Count int `json:"count"`
}

// LeftOut is a function a report does not measure.
type LeftOut struct {
	Function string `json:"function"`
	ID       string `json:"id"`
	Reason   string `json:"reason"` // "not implemented", "no reference"
}

// Row is one result of one function under the flag sets that give it the
// same code (the same effective flags).
type Row struct {
	Function       string   `json:"function"`            // CUDA spelling
	ID             string   `json:"id"`                  // catalog ID
	Component      string   `json:"component,omitempty"` // a result of a two-result function: "sin", "cos", "frac", "int", "exp", "rem", "quo"
	Go             string   `json:"go"`
	Kind           string   `json:"kind"`
	Args           []string `json:"args"`            // argument types: "f32", "i32", "u64", "f64", …
	Flags          []string `json:"flags"`           // the flag sets of the report this row stands for
	EffectiveFlags string   `json:"effective_flags"` // the flags that change this function
	Reference      string   `json:"reference"`       // "exp", "add", "cvt", "fmod", …
	// RefKind is the kind of reference: "correctly rounded", "exact" (the
	// exact float result) or "exact integer".
	RefKind string `json:"reference_kind"`
	Mode    string `json:"mode"` // rounding mode of the reference
	Bound   Bound  `json:"bound"`
	// Summary is derived from Result and Extra (recomputed when read).
	Summary *Summary `json:"summary"`
	// Result and Extra are the raw, mergeable statistics; Result is null
	// when a shard measured none of the row's inputs.
	Result *ulp.Result `json:"result"`
	Extra  *Extra      `json:"extra"`
	// Seconds is the worker time spent measuring the row in this run (the
	// sum over shards after a merge), recorded with Config.Timing: where a
	// report's time goes. Rows measured together (one reference and mode)
	// share their blocks' time equally.
	Seconds float64 `json:"seconds,omitempty"`

	bound spec.Bound
}

// Bound is NVIDIA's documented bound of a row: the catalog's words, their
// source and numeric reading, under the row's flags.
type Bound struct {
	Text     string  `json:"text"`
	Source   string  `json:"source"`
	Reading  string  `json:"reading"` // "2 ulp", "2 + floor(|1.173 x|) ulp", "abs 2^-21.41 on [-π, π]", "correctly rounded", "exact", "none"
	CR       bool    `json:"cr,omitempty"`
	ULP      float64 `json:"ulp,omitempty"`
	ULPSlope float64 `json:"ulp_slope,omitempty"`
	Abs      float64 `json:"abs,omitempty"`
	AbsLo    float64 `json:"abs_lo,omitempty"`
	AbsHi    float64 `json:"abs_hi,omitempty"`
	// AbsOutside: the absolute bound applies outside (AbsLo, AbsHi), the
	// ulp bound inside (the Bessel functions).
	AbsOutside bool       `json:"abs_outside,omitempty"`
	Rel        float64    `json:"rel,omitempty"`
	YRange     [2]float64 `json:"y_range,omitzero"`
}

// Summary is what the tables show of a row.
type Summary struct {
	Sweep    string `json:"sweep"`  // "exhaustive" or "sampled"
	Inputs   uint64 `json:"inputs"` // inputs measured
	Desc     string `json:"inputs_desc"`
	Complete bool   `json:"complete"`
	// MaxErr is the largest fractional error |got − f(x)| / ulp(f(x)).
	MaxErr   ulp.Ulps `json:"max_err"`
	MaxErrAt Arg      `json:"max_err_at"`
	// MaxDist is the largest ulp distance to the correctly rounded result
	// (NVIDIA's metric; 4294967295 for a NaN against a number).
	MaxDist   uint32   `json:"max_dist"`
	MaxDistAt Arg      `json:"max_dist_at"`
	CR        uint64   `json:"cr"`
	CRShare   float64  `json:"cr_share"`
	MeanErr   ulp.Ulps `json:"mean_err"`
	Q999      ulp.Ulps `json:"q999"`
	Fallbacks uint64   `json:"fallbacks"`
	// AbsMax is the largest absolute error |got − f(x)| over the inputs
	// where the bound's absolute part applies (rows whose bound has one).
	AbsN   uint64    `json:"abs_n,omitempty"`
	AbsMax *ulp.Ulps `json:"abs_max,omitempty"`
	AbsAt  *Arg      `json:"abs_at,omitempty"`
	// MaxIntDist is the largest distance, in integer units, between an
	// integer result and the exact integer (exact-integer rows), and
	// MaxIntDistAt the smallest input reaching it when it is nonzero.
	MaxIntDist   *uint64 `json:"max_int_dist,omitempty"`
	MaxIntDistAt *Arg    `json:"max_int_dist_at,omitempty"`
	// MaxRel is the largest relative error where a relative bound applies.
	RelN   uint64    `json:"rel_n,omitempty"`
	MaxRel *ulp.Ulps `json:"max_rel,omitempty"`
	RelAt  *Arg      `json:"rel_at,omitempty"`
	// Verdict: "within" (every input within the documented bound), "exceeds",
	// or "no bound".
	Verdict string `json:"verdict"`
	Over    uint64 `json:"over"`              // inputs outside the bound
	OverAt  *Arg   `json:"over_at,omitempty"` // the smallest of them
}

// Arg is an input of a measured function, spelled per argument: bit
// patterns and values (hex floats for floats, decimals for integers).
type Arg struct {
	Bits   []string `json:"bits"`
	Values []string `json:"values"`
}

// String returns "0x3fc00000 [0x1.8p+00]", arguments joined by ", ".
func (a Arg) String() string {
	var parts []string
	for i := range a.Bits {
		parts = append(parts, a.Bits[i]+" ["+a.Values[i]+"]")
	}
	return strings.Join(parts, ", ")
}

func spellArg(args []string, in ulp.Input) Arg {
	var a Arg
	n := 0 // the next word of in
	for _, t := range args {
		if n >= ulp.MaxWords {
			break // norm and rnorm of doubles: four elements (foldArray)
		}
		w := in.Word(n)
		n++
		switch t {
		case "f32":
			a.Bits = append(a.Bits, f32.FormatBits(w))
			a.Values = append(a.Values, f32.FormatHex(w))
		case "i32":
			a.Bits = append(a.Bits, fmt.Sprintf("%#08x", w))
			a.Values = append(a.Values, strconv.Itoa(int(int32(w))))
		case "u32":
			a.Bits = append(a.Bits, fmt.Sprintf("%#08x", w))
			a.Values = append(a.Values, strconv.FormatUint(uint64(w), 10))
		default: // 64 bits: this word and the next (high half)
			v := uint64(in.Word(n))<<32 | uint64(w)
			n++
			a.Bits = append(a.Bits, fmt.Sprintf("%#016x", v))
			switch t {
			case "i64":
				a.Values = append(a.Values, strconv.FormatInt(int64(v), 10))
			case "u64":
				a.Values = append(a.Values, strconv.FormatUint(v, 10))
			default:
				a.Values = append(a.Values, formatF64(v))
			}
		}
	}
	return a
}

// Inputs of several arguments: each argument takes one 32-bit word of
// ulp.Input (X, Y, Z, then More, in order), a 64-bit one two words, low half
// first (__ll2float_rn: X, Y; scalblnf: X for the float, Y and Z for the
// long; normf: X for the count, then the elements).

// kernelArgs returns the kernel's arguments of input in.
func kernelArgs(types []spec.Type, in ulp.Input) (a spec.Args) {
	n := 0
	for i, t := range types {
		if n >= ulp.MaxWords {
			break // norm and rnorm of doubles: four elements (foldArray)
		}
		a[i] = uint64(in.Word(n))
		n++
		if t.Wide() {
			a[i] |= uint64(in.Word(n)) << 32
			n++
		}
	}
	return a
}

// foldArray returns the arguments of an array function of doubles (norm,
// rnorm) as a sweep measures them: an Input holds the count and four
// doubles (ulp.MaxWords words), so a count d above 4 becomes 1 + (d−1) mod
// 4 and the elements beyond it are not read. Other functions' arguments
// are returned as they are.
func foldArray(f *spec.Func, a spec.Args) spec.Args {
	if !f.Array || f.In[1] != spec.F64 {
		return a
	}
	if d := int32(uint32(a[0])); d > 4 {
		a[0] = uint64(uint32(1 + (d-1)%4))
	}
	for j := 1 + spec.ArrayLen(&a); j < len(a); j++ {
		a[j] = 0
	}
	return a
}

// inputOf is the inverse of kernelArgs.
func inputOf(types []spec.Type, a spec.Args) ulp.Input {
	var in ulp.Input
	n := 0
	for i, t := range types {
		if n >= ulp.MaxWords {
			break // norm and rnorm of doubles: four elements (foldArray)
		}
		in = in.With(n, uint32(a[i]))
		n++
		if t.Wide() {
			in = in.With(n, uint32(a[i]>>32))
			n++
		}
	}
	return in
}

func formatF64(v uint64) string {
	d := math.Float64frombits(v)
	if d != d {
		return "NaN"
	}
	return strconv.FormatFloat(d, 'x', -1, 64)
}

// finish derives the summaries, the bounds and the completeness.
func (r *Report) finish() {
	r.Complete = true
	for _, row := range r.Rows {
		row.Bound = describeBound(row.bound)
		if row.bound.CR && row.RefKind != kindCR && row.RefKind != kindCR64 {
			row.Bound.Reading = "exact"
		}
		row.Summary = row.summarize()
		if row.Summary == nil || !row.Summary.Complete {
			r.Complete = false
		}
	}
}

func (row *Row) summarize() *Summary {
	res, ex := row.Result, row.Extra
	if res == nil || ex == nil {
		return nil
	}
	s := &Summary{
		Sweep: res.Sweep, Inputs: res.N, Desc: res.Desc, Complete: res.Complete(),
		MaxErr: res.MaxErr, MaxErrAt: spellArg(row.Args, res.ArgMaxErr),
		MaxDist: res.MaxDist, MaxDistAt: spellArg(row.Args, res.ArgMaxDist),
		CR: res.CR, CRShare: res.CRRate, MeanErr: res.MeanErr, Q999: res.Q999, Fallbacks: res.Fallbacks,
	}
	if ex.AbsN > 0 {
		m, at := ex.AbsMax, spellArg(row.Args, ex.ArgAbsMax)
		s.AbsN, s.AbsMax, s.AbsAt = ex.AbsN, &m, &at
	}
	if row.RefKind == kindExactInt || row.RefKind == kindCR64 || row.RefKind == kindExact64 {
		d := ex.IntMaxDist
		s.MaxIntDist = &d
		if d > 0 {
			at := spellArg(row.Args, ex.ArgIntMaxDist)
			s.MaxIntDistAt = &at
		}
	}
	if ex.RelN > 0 {
		m, at := ex.MaxRel, spellArg(row.Args, ex.ArgMaxRel)
		s.RelN, s.MaxRel, s.RelAt = ex.RelN, &m, &at
	}
	switch {
	case row.bound.None():
		s.Verdict = "no bound"
	case ex.Over == 0:
		s.Verdict = "within"
	default:
		s.Verdict = "exceeds"
		at := spellArg(row.Args, ex.ArgOver)
		s.Over, s.OverAt = ex.Over, &at
	}
	return s
}

// describeBound spells the numeric reading of b.
func describeBound(b spec.Bound) Bound {
	d := Bound{Text: b.Text, Source: b.Source, CR: b.CR, ULP: b.ULP, ULPSlope: b.ULPSlope,
		Abs: b.Abs, AbsLo: b.AbsLo, AbsHi: b.AbsHi, AbsOutside: b.AbsOutside, Rel: b.Rel, YRange: b.YRange}
	var parts []string
	switch {
	case b.CR:
		parts = append(parts, "correctly rounded")
	case b.None():
		parts = append(parts, "none")
	}
	if b.Abs != 0 {
		iv := ""
		switch {
		case b.AbsOutside:
			iv = " outside (" + spellReal(b.AbsLo) + ", " + spellReal(b.AbsHi) + ")"
		case b.AbsLo != 0 || b.AbsHi != 0:
			iv = " on [" + spellReal(b.AbsLo) + ", " + spellReal(b.AbsHi) + "]"
		}
		parts = append(parts, "abs "+spellPow2(b.Abs)+iv)
	}
	if !b.CR && b.ULP != 0 {
		u := strconv.FormatFloat(b.ULP, 'g', -1, 64)
		if b.ULPSlope != 0 {
			u += " + floor(|" + strconv.FormatFloat(b.ULPSlope, 'g', -1, 64) + " x|)"
		}
		u += " ulp"
		if b.YRange != [2]float64{} {
			u += " for |y| in [" + spellPow2(b.YRange[0]) + ", " + spellPow2(b.YRange[1]) + "]"
		}
		if b.Abs != 0 {
			u += " elsewhere"
		}
		parts = append(parts, u)
	}
	if b.Rel != 0 {
		r := "rel " + spellPow2(b.Rel)
		if b.Abs != 0 {
			r += " elsewhere"
		}
		parts = append(parts, r)
	}
	d.Reading = strings.Join(parts, "; ")
	return d
}

// spellPow2 spells 2^e when e has at most two decimals, else %g.
func spellPow2(v float64) string {
	e := math.Log2(v)
	if r := math.Round(e * 100); math.Abs(e*100-r) < 1e-6 {
		return "2^" + strconv.FormatFloat(r/100, 'f', -1, 64)
	}
	return strconv.FormatFloat(v, 'g', 4, 64)
}

// spellReal spells multiples of π as such.
func spellReal(v float64) string {
	if v == 0 {
		return "0"
	}
	if k := v / math.Pi; k == math.Round(k) {
		switch k {
		case 1:
			return "π"
		case -1:
			return "-π"
		}
		return strconv.FormatFloat(k, 'g', -1, 64) + "π"
	}
	return strconv.FormatFloat(v, 'g', -1, 64)
}

// WriteJSON writes the report as JSON (docs/json.md): one line per field,
// per row and per left-out function, so that the provenance is one line
// and a diff shows the rows that changed.
func (r *Report) WriteJSON(w io.Writer) error {
	var buf bytes.Buffer
	field := func(name string, v any, last bool) error {
		b, err := json.Marshal(v)
		if err != nil {
			return err
		}
		fmt.Fprintf(&buf, "  %q: %s", name, b)
		if !last {
			buf.WriteByte(',')
		}
		buf.WriteByte('\n')
		return nil
	}
	list := func(name string, n int, item func(i int) any, last bool) error {
		if n == 0 {
			return field(name, []any{}, last)
		}
		fmt.Fprintf(&buf, "  %q: [\n", name)
		for i := range n {
			b, err := json.Marshal(item(i))
			if err != nil {
				return err
			}
			buf.WriteString("    ")
			buf.Write(b)
			if i < n-1 {
				buf.WriteByte(',')
			}
			buf.WriteByte('\n')
		}
		buf.WriteString("  ]")
		if !last {
			buf.WriteByte(',')
		}
		buf.WriteByte('\n')
		return nil
	}
	buf.WriteString("{\n")
	flags := r.Flags
	if flags == nil {
		flags = []string{}
	}
	for _, f := range []struct {
		name string
		v    any
	}{{"schema", r.Schema}, {"provenance", r.Provenance}, {"flags", flags}, {"exhaustive", r.Exhaustive}, {"complete", r.Complete}} {
		if err := field(f.name, f.v, false); err != nil {
			return err
		}
	}
	if r.Shard != nil {
		if err := field("shard", r.Shard, false); err != nil {
			return err
		}
	}
	if err := list("rows", len(r.Rows), func(i int) any { return r.Rows[i] }, false); err != nil {
		return err
	}
	if err := list("left_out", len(r.LeftOut), func(i int) any { return r.LeftOut[i] }, len(r.Half) == 0); err != nil {
		return err
	}
	if len(r.Half) > 0 {
		if err := list("half", len(r.Half), func(i int) any { return r.Half[i] }, true); err != nil {
			return err
		}
	}
	buf.WriteString("}\n")
	_, err := w.Write(buf.Bytes())
	return err
}

// ReadJSON reads a report written by WriteJSON, checking it against the
// catalog, and recomputes its derived fields.
func ReadJSON(data []byte) (*Report, error) {
	var r Report
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&r); err != nil {
		return nil, err
	}
	if r.Schema != Schema {
		return nil, fmt.Errorf("schema %q, want %q", r.Schema, Schema)
	}
	for i, row := range r.Rows {
		f, ok := spec.Lookup(row.ID)
		if !ok || f.Name != row.Function {
			return nil, fmt.Errorf("row %d: unknown function %q (%s)", i, row.Function, row.ID)
		}
		eff, err := fp.ParseFlags(row.EffectiveFlags)
		if err != nil {
			return nil, fmt.Errorf("row %d: %w", i, err)
		}
		comps, why := components(f)
		k := slices.IndexFunc(comps, func(c component) bool { return c.name == row.Component })
		if why != "" || k < 0 {
			return nil, fmt.Errorf("row %d: %s has no component %q", i, f.Name, row.Component)
		}
		if row.RefKind != comps[k].kind {
			return nil, fmt.Errorf("row %d: %s: reference kind %q, want %q", i, row.Function, row.RefKind, comps[k].kind)
		}
		row.bound = componentBound(f, comps[k], eff)
		if (row.Result == nil) != (row.Extra == nil) {
			return nil, fmt.Errorf("row %d (%s): result and extra must be both present or both null", i, row.Function)
		}
		if row.Extra != nil && (len(row.Extra.BinN) != Bins || len(row.Extra.BinMax) != Bins) {
			return nil, fmt.Errorf("row %d (%s): malformed bins", i, row.Function)
		}
		if row.Result != nil && (row.Result.Blocks <= 0 || len(row.Result.Done) != (row.Result.Blocks+63)/64) {
			return nil, fmt.Errorf("row %d (%s): malformed result", i, row.Function)
		}
	}
	r.finish()
	return &r, nil
}

// Merge combines reports of disjoint shards of the same run into one.
func Merge(parts []*Report) (*Report, error) {
	if len(parts) == 0 {
		return nil, fmt.Errorf("nothing to merge")
	}
	first := parts[0]
	out := &Report{Schema: Schema, Flags: first.Flags, Exhaustive: first.Exhaustive, LeftOut: first.LeftOut}
	for _, row := range first.Rows {
		c := *row
		c.Result, c.Extra, c.Seconds = nil, nil, 0
		out.Rows = append(out.Rows, &c)
	}
	seen := map[int]bool{}
	for _, p := range parts {
		if out.Half == nil {
			out.Half = p.Half // shard 0's: the other shards measure none
		}
	}
	for i, p := range parts {
		if !slices.Equal(p.Flags, first.Flags) || p.Exhaustive != first.Exhaustive || len(p.Rows) != len(first.Rows) {
			return nil, fmt.Errorf("part %d is a shard of another run (flags, exhaustive or rows differ)", i+1)
		}
		if p.Shard != nil {
			if first.Shard == nil || p.Shard.Count != first.Shard.Count {
				return nil, fmt.Errorf("part %d is shard %d of %d, part 1 is not of %d shards", i+1, p.Shard.Index, p.Shard.Count, p.Shard.Count)
			}
			if seen[p.Shard.Index] {
				return nil, fmt.Errorf("shard %d of %d given twice", p.Shard.Index, p.Shard.Count)
			}
			seen[p.Shard.Index] = true
		}
		for j, row := range p.Rows {
			o := out.Rows[j]
			if row.ID != o.ID || row.Component != o.Component || row.EffectiveFlags != o.EffectiveFlags {
				return nil, fmt.Errorf("part %d, row %d: %s %q, want %s %q", i+1, j, row.Function, row.EffectiveFlags, o.Function, o.EffectiveFlags)
			}
			o.Seconds += row.Seconds
			if row.Result == nil {
				continue
			}
			if o.Result == nil {
				res, ex := *row.Result, *row.Extra
				res.Done = slices.Clone(res.Done)
				res.Fine = slices.Clone(res.Fine)
				if res.Abs != nil {
					a := *res.Abs
					res.Abs = &a
				}
				ex.BinN, ex.BinMax = slices.Clone(ex.BinN), slices.Clone(ex.BinMax)
				o.Result, o.Extra = &res, &ex
				continue
			}
			if err := o.Result.Merge(row.Result); err != nil {
				return nil, fmt.Errorf("part %d, %s: %w", i+1, row.Function, err)
			}
			if err := o.Extra.Merge(row.Extra); err != nil {
				return nil, fmt.Errorf("part %d, %s: %w", i+1, row.Function, err)
			}
		}
	}
	out.finish()
	return out, nil
}
