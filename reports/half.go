package reports

import (
	"context"
	"fmt"
	"io"
	"math"
	"runtime"
	"strings"
	"sync"

	"github.com/cudafp/cudafp/fp"
	"github.com/cudafp/cudafp/internal/bf16"
	"github.com/cudafp/cudafp/internal/f16"
	"github.com/cudafp/cudafp/internal/spec"
	"github.com/cudafp/cudafp/ulp"
)

// The 16-bit section of a report (issue 19): every half and bfloat16
// function of the catalog with a reference here, measured on every input
// (a unary function's 65,536), against its correctly rounded result (ulp's
// certified 16-bit references: Ref.Round16 and Format16.RoundDD16, never a
// float32 result rounded twice). A function not yet bound is listed as
// "not implemented"; it is measured as soon as it is bound. The binary
// arithmetic (__hadd, __hsub, __hmul, __hdiv) is measured on all 2^32 pairs
// and __hfma on the device capture's 2^24 generated triples, in an
// exhaustive report only: the default report keeps to the unary functions,
// which cost milliseconds each.

// TypeHalf restricts a report to the 16-bit section (Config.Type).
const TypeHalf = "f16"

// HalfRow is one row of the 16-bit section: one function of one type under
// the flag sets that give it the same code.
type HalfRow struct {
	Function  string   `json:"function"` // CUDA spelling: "f16:hexp", "bf16:__hadd"
	ID        string   `json:"id"`
	Type      string   `json:"type"`  // "f16" or "bf16"
	Flags     []string `json:"flags"` // the report's flag sets this row stands for
	Reference string   `json:"reference"`
	// Reason is "not implemented" for a catalogued function without a Go
	// binding yet (nothing measured); "" otherwise.
	Reason string `json:"reason,omitempty"`
	Inputs uint64 `json:"inputs"`
	Desc   string `json:"inputs_desc"` // "all 65,536", "all 2^32 pairs", "2^24 generated triples"
	// MaxErr is the largest |got − f(x)| / ulp(f(x)) in ulps of the format
	// (ulp.Format16.Err16), at the first input reaching it (MaxErrAt).
	MaxErr   float64 `json:"max_err"`
	MaxErrAt string  `json:"max_err_at"`
	// MaxDist is the largest distance in steps of the format to the
	// correctly rounded result (ulp.Format16.Dist16), at MaxDistAt.
	MaxDist   uint32 `json:"max_dist"`
	MaxDistAt string `json:"max_dist_at"`
	// CR counts the results equal to the correctly rounded one (two NaNs
	// are equal, -0 and +0 are not).
	CR          uint64 `json:"cr"`
	Bound       string `json:"bound"` // the catalog's documented bound, "" when NVIDIA states none
	BoundSource string `json:"bound_source,omitempty"`
	// Verdict: "within", "exceeds" (Over inputs outside the bound) or "no
	// bound".
	Verdict string `json:"verdict"`
	Over    uint64 `json:"over,omitempty"`
}

// halfRef is how one 16-bit function is measured: its reference's name and
// arity, its correctly rounded result and the value of f(x).
type halfRef struct {
	name  string
	arity int
	round func(h *ulp.Format16, in [3]uint16) uint16
	value func(h *ulp.Format16, in [3]uint16) ulp.DD
}

// halfRefs are the references by the catalog ID's operation ("hexp" of
// "f16_hexp").
var halfRefs = map[string]halfRef{}

func init() {
	for op, name := range map[string]string{
		"hsqrt": "sqrt", "hrsqrt": "rsqrt", "hrcp": "rcp", "hexp": "exp", "hexp2": "exp2", "hexp10": "exp10",
		"hlog": "log", "hlog2": "log2", "hlog10": "log10", "hsin": "sin", "hcos": "cos", "htanh": "tanh", "htanh_approx": "tanh",
	} {
		r, ok := ulp.Lookup(name)
		if !ok {
			panic("reports: no reference " + name)
		}
		halfRefs[op] = halfRef{name: name, arity: 1,
			round: func(h *ulp.Format16, in [3]uint16) uint16 { return r.Round16(h, in[0]) },
			value: func(h *ulp.Format16, in [3]uint16) ulp.DD { return r.Value(h.Widen(in[0])) },
		}
	}
	// The roundings to an integer: exact, on the float64 value.
	for op, g := range map[string]func(float64) float64{"hceil": math.Ceil, "hfloor": math.Floor, "htrunc": math.Trunc, "hrint": math.RoundToEven} {
		v := func(h *ulp.Format16, in [3]uint16) ulp.DD { return ulp.DD{Hi: g(h.Value(in[0]))} }
		halfRefs[op] = halfRef{name: strings.TrimPrefix(op, "h"), arity: 1,
			round: func(h *ulp.Format16, in [3]uint16) uint16 { return h.RoundDD16(v(h, in)) },
			value: v,
		}
	}
	for op, name := range map[string]string{"hadd": "add", "hsub": "sub", "hmul": "mul", "hfma": "fma"} {
		v := func(h *ulp.Format16, in [3]uint16) ulp.DD { return h.Exact16(name, in[0], in[1], in[2]) }
		arity := 2
		if name == "fma" {
			arity = 3
		}
		halfRefs[op] = halfRef{name: name, arity: arity,
			round: func(h *ulp.Format16, in [3]uint16) uint16 { return h.RoundDD16(v(h, in)) },
			value: v,
		}
	}
	halfRefs["hdiv"] = halfRef{name: "div", arity: 2,
		round: func(h *ulp.Format16, in [3]uint16) uint16 { return ulp.Div.Round16x2(h, in[0], in[1]) },
		value: func(h *ulp.Format16, in [3]uint16) ulp.DD { return ulp.Div.Value2(h.Widen(in[0]), h.Widen(in[1])) },
	}
}

// halfFuncs returns the 16-bit functions of the section, in catalog
// order, with their references: the unary ones, and with binary the
// binary and ternary arithmetic too.
func halfFuncs(binary bool) (fs []*spec.Func, refs []halfRef) {
	for _, f := range spec.All16() {
		_, op, _ := strings.Cut(f.ID, "_")
		r, ok := halfRefs[op]
		if !ok || f.Lane() != "" || r.arity > 1 && !binary {
			continue
		}
		fs = append(fs, f)
		refs = append(refs, r)
	}
	return fs, refs
}

// halfSection measures the 16-bit section under the flag sets flags: the
// unary functions on every input and, with binary, the arithmetic (all
// 2^32 pairs, 2^24 generated triples), on workers goroutines.
func halfSection(ctx context.Context, flags []fp.Flags, binary bool, workers int) ([]*HalfRow, error) {
	var rows []*HalfRow
	fs, refs := halfFuncs(binary)
	for i, f := range fs {
		var groups []fp.Flags
		members := map[fp.Flags][]string{}
		for _, fl := range flags {
			e := f.Sens.Effective(fl)
			if _, ok := members[e]; !ok {
				groups = append(groups, e)
			}
			members[e] = append(members[e], fl.String())
		}
		for _, e := range groups {
			row := &HalfRow{Function: f.Name, ID: f.ID, Type: f.Out[0].String(), Flags: members[e], Reference: refs[i].name,
				Bound: f.Bound.Text, BoundSource: f.Bound.Source}
			if f.Bound.Text == "" {
				row.BoundSource = ""
			}
			rows = append(rows, row)
			if !f.Implemented() {
				row.Reason = reasonNotImplemented
				continue
			}
			k, _ := f.Impl(e)
			if err := measureHalf(ctx, row, f, k, refs[i], workers); err != nil {
				return nil, err
			}
		}
	}
	return rows, nil
}

// halfStat is the statistics of a run of inputs; merged in input order,
// the first input reaching a maximum is kept.
type halfStat struct {
	n, cr, over  uint64
	maxErr       float64
	maxErrAt     [3]uint16
	maxDist      uint32
	maxDistAt    [3]uint16
	errSet, dSet bool
}

func (s *halfStat) merge(o *halfStat) {
	s.n += o.n
	s.cr += o.cr
	s.over += o.over
	if o.errSet && (!s.errSet || o.maxErr > s.maxErr) {
		s.maxErr, s.maxErrAt, s.errSet = o.maxErr, o.maxErrAt, true
	}
	if o.dSet && (!s.dSet || o.maxDist > s.maxDist) {
		s.maxDist, s.maxDistAt, s.dSet = o.maxDist, o.maxDistAt, true
	}
}

// halfPairStride: a binary function is measured on the pairs (x, y) with
// x a multiple of it, every y (1: all 2^32 pairs; tests raise it).
var halfPairStride uint64 = 1

// measureHalf fills row with the measurement of k, f's kernel, against
// ref.
func measureHalf(ctx context.Context, row *HalfRow, f *spec.Func, k spec.Kernel, ref halfRef, workers int) error {
	h := ulp.F16
	if f.Out[0] == spec.BF16 {
		h = ulp.BF16
	}
	b := f.Bound
	same := func(got, want uint16) bool { return got == want || h.IsNaN(got) && h.IsNaN(want) }
	within := func(got, want uint16) bool {
		switch {
		case b.CR:
			return same(got, want)
		case b.ULP > 0:
			return h.Dist16(got, want) <= uint32(b.ULP)
		}
		return true
	}
	// blocks of inputs: a unary function's 65,536 inputs in one block, a
	// binary one's 2^32 pairs in 2^16 blocks of x, a ternary one's 2^24
	// generated triples in 2^8 blocks.
	var nBlocks, perBlock uint64
	switch ref.arity {
	case 1:
		nBlocks, perBlock = 1, 1<<16
		row.Desc = "all 65,536"
	case 2:
		nBlocks, perBlock = (1<<16+halfPairStride-1)/halfPairStride, 1<<16
		row.Desc = "all 2^32 pairs"
		if halfPairStride > 1 {
			row.Desc = fmt.Sprintf("%d pairs (x a multiple of %d)", nBlocks<<16, halfPairStride)
		}
	default:
		nBlocks, perBlock = 1<<8, spec.GenCount>>8
		row.Desc = "2^24 generated triples (the device capture's)"
	}
	input := func(blk, j uint64) (in spec.Args, a [3]uint16) {
		switch ref.arity {
		case 1:
			in[0] = j
		case 2:
			in[0], in[1] = blk*halfPairStride, j
		default:
			in = f.Input16(blk*perBlock + j)
		}
		for i := range 3 {
			a[i] = uint16(in[i])
		}
		return in, a
	}
	stats := make([]halfStat, nBlocks)
	measure := func(blk uint64) {
		s := &stats[blk]
		for j := range perBlock {
			in, a := input(blk, j)
			got := uint16(k(&in))
			want := ref.round(h, a)
			s.n++
			if same(got, want) {
				s.cr++
			}
			if d := h.Dist16(got, want); !s.dSet || d > s.maxDist {
				s.maxDist, s.maxDistAt, s.dSet = d, a, true
			}
			if e := h.Err16(got, ref.value(h, a)); !s.errSet || e > s.maxErr {
				s.maxErr, s.maxErrAt, s.errSet = e, a, true
			}
			if !within(got, want) {
				s.over++
			}
		}
	}
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	next := make(chan uint64)
	var wg sync.WaitGroup
	for range min(workers, int(nBlocks)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for blk := range next {
				measure(blk)
			}
		}()
	}
	var err error
feed:
	for blk := range nBlocks {
		select {
		case next <- blk:
		case <-ctx.Done():
			err = ctx.Err()
			break feed
		}
	}
	close(next)
	wg.Wait()
	if err != nil {
		return err
	}
	var all halfStat
	for i := range stats {
		all.merge(&stats[i])
	}
	row.Inputs, row.CR, row.Over = all.n, all.cr, all.over
	row.MaxErr, row.MaxDist = all.maxErr, all.maxDist
	row.MaxErrAt = formatHalfInput(h, all.maxErrAt[:ref.arity])
	row.MaxDistAt = formatHalfInput(h, all.maxDistAt[:ref.arity])
	switch {
	case b.None():
		row.Verdict = "no bound"
	case all.over == 0:
		row.Verdict = "within"
	default:
		row.Verdict = "exceeds"
	}
	return nil
}

// formatHalfInput spells the arguments of a 16-bit function as bit
// patterns and hex floats: "0x3c00 (0x1p+00)", pairs in parentheses.
func formatHalfInput(h *ulp.Format16, args []uint16) string {
	var parts []string
	for _, a := range args {
		if h == ulp.BF16 {
			parts = append(parts, bf16.FormatBits(a)+" ("+bf16.FormatHex(a)+")")
		} else {
			parts = append(parts, f16.FormatBits(a)+" ("+f16.FormatHex(a)+")")
		}
	}
	if len(parts) == 1 {
		return parts[0]
	}
	return "(" + strings.Join(parts, ", ") + ")"
}

// writeHalfMarkdown writes the 16-bit section as a Markdown table.
func (r *Report) writeHalfMarkdown(w io.Writer) {
	if len(r.Half) == 0 {
		return
	}
	measured, fns := 0, map[string]bool{}
	for _, row := range r.Half {
		fns[row.ID] = true
		if row.Reason == "" {
			measured++
		}
	}
	fmt.Fprintf(w, "## Half and bfloat16 (every input)\n\n")
	fmt.Fprintf(w, "%d half and bfloat16 functions, %d rows measured on every input (a unary function's 65,536; the binary arithmetic's 2^32 pairs and __hfma's 2^24 generated triples in an exhaustive report only) against the correctly rounded result (certified: never a float32 result rounded twice): *max error* in ulps of the 16-bit format, *max dist* in its steps, *CR* the share of correctly rounded results.\n\n", len(fns), measured)
	fmt.Fprintln(w, "| function | type | flags | reference | inputs | max error (ulp) | at input | max dist | CR | documented bound | within bound |")
	fmt.Fprintln(w, "|---|---|---|---|--:|--:|---|--:|--:|---|---|")
	for _, row := range r.Half {
		bound := "none documented"
		if row.Bound != "" {
			bound = mdEscape(row.Bound)
		}
		if row.Reason != "" {
			fmt.Fprintf(w, "| %s | %s | %s | %s | | | | | | %s | %s |\n", mdCode(row.Function), row.Type, flagNames(row.Flags), row.Reference, bound, mdEscape(row.Reason))
			continue
		}
		verdict := "yes"
		switch row.Verdict {
		case "no bound":
			verdict = "no documented bound"
		case "exceeds":
			verdict = fmt.Sprintf("no: %d inputs", row.Over)
		}
		fmt.Fprintf(w, "| %s | %s | %s | %s | %s | %s | %s | %d | %s | %s | %s |\n",
			mdCode(row.Function), row.Type, flagNames(row.Flags), row.Reference, row.Desc,
			fmtHalfErr(row.MaxErr), mdCode(row.MaxErrAt), row.MaxDist, fmtShare(row.CR, row.Inputs), bound, verdict)
	}
	fmt.Fprintln(w)
}

// fmtHalfErr spells a 16-bit row's max error: three decimals, "inf".
func fmtHalfErr(e float64) string {
	if math.IsInf(e, 0) {
		return "inf"
	}
	return fmt.Sprintf("%.3f", e)
}
