package bench

import (
	"math"
	"slices"

	"github.com/cudafp/cudafp/internal/spec"
)

// A Target is a throughput goal of the project's benchmark issue, checked
// against measured Results (never by a test: timings depend on the
// machine). Each is read on class Normal under nvcc's default flags.
type Target struct {
	Name    string   // what is promised
	IDs     []string // catalog IDs it covers; nil: every case of Impl
	Impl    string   // the implementation measured (Emu, Ref)
	Metric  string   // "x-native", "ns/call", or "bigfloat64/ref" (speed-up, the inverse of x-bigfloat64)
	Limit   float64  // the bound
	AtLeast bool     // the value must reach Limit (a speed-up); otherwise stay within it
	Mean    bool     // the bound holds for the geometric mean; otherwise for every function
}

// Targets are the goals of "Native-speed bit-exactness: host floating point
// wherever it is provably exact" (they tightened those of the first
// benchmark issue: 3×, 6× and 10 ns) and, for the doubles, of "Double
// precision, part 1".
var Targets = []Target{
	{Name: "RN IEEE operations within 1.5× of native float32", Impl: Emu, Metric: "x-native", Limit: 1.5,
		IDs: []string{"i_fadd_rn", "i_fsub_rn", "i_fmul_rn", "i_fdiv_rn", "i_frcp_rn", "i_fsqrt_rn", "op_add", "op_sub", "op_mul", "op_div", "op_rcp", "sqrtf"}},
	{Name: "directed modes and fma within 2.5× of native float32", Impl: Emu, Metric: "x-native", Limit: 2.5,
		IDs: []string{
			"i_fadd_rz", "i_fadd_ru", "i_fadd_rd", "i_fsub_rz", "i_fsub_ru", "i_fsub_rd",
			"i_fmul_rz", "i_fmul_ru", "i_fmul_rd", "i_fdiv_rz", "i_fdiv_ru", "i_fdiv_rd",
			"i_frcp_rz", "i_frcp_ru", "i_frcp_rd", "i_fsqrt_rz", "i_fsqrt_ru", "i_fsqrt_rd",
			"i_fmaf_rn", "i_fmaf_rz", "i_fmaf_ru", "i_fmaf_rd",
			"i_fmaf_ieee_rn", "i_fmaf_ieee_rz", "i_fmaf_ieee_ru", "i_fmaf_ieee_rd", "fmaf", "op_madd", "op_msub",
		}},
	{Name: "MUFU models (ptx.*Approx, ptx.DivFull): geometric mean under 5 ns/call", Impl: Emu, Metric: "ns/call", Limit: 5, Mean: true, IDs: mufuIDs},
	{Name: "MUFU models: every form under 8 ns/call", Impl: Emu, Metric: "ns/call", Limit: 8, IDs: mufuIDs},
	{Name: "expf, logf, sinf, powf within 2× of the native float64 route", Impl: Emu, Metric: "x-native", Limit: 2,
		IDs: []string{"expf", "logf", "sinf", "powf"}},
	{Name: "double RN operations within 1.5× of native float64", Impl: Emu, Metric: "x-native", Limit: 1.5,
		IDs: []string{"i_dadd_rn", "i_dsub_rn", "i_dmul_rn", "i_ddiv_rn", "i_drcp_rn", "i_dsqrt_rn",
			"f64_op_add", "f64_op_sub", "f64_op_mul", "f64_op_div", "f64_op_rcp", "f64_op_sqrt"}},
	{Name: "double directed modes and fma within 3× of native float64", Impl: Emu, Metric: "x-native", Limit: 3,
		IDs: []string{
			"i_dadd_rz", "i_dadd_ru", "i_dadd_rd", "i_dsub_rz", "i_dsub_ru", "i_dsub_rd",
			"i_dmul_rz", "i_dmul_ru", "i_dmul_rd", "i_ddiv_rz", "i_ddiv_ru", "i_ddiv_rd",
			"i_drcp_rz", "i_drcp_ru", "i_drcp_rd", "i_dsqrt_rz", "i_dsqrt_ru", "i_dsqrt_rd",
			"i_fma_rn", "i_fma_rz", "i_fma_ru", "i_fma_rd", "f64_op_madd", "f64_op_msub",
		}},
	{Name: "certified reference ≥ 100× faster than bigfloat at 64 bits (geometric mean)", Impl: Ref, Metric: "bigfloat64/ref", Limit: 100, AtLeast: true, Mean: true},
}

// mufuIDs are the 19 MUFU forms.
var mufuIDs = []string{
	"ptx_ex2_approx_f32", "ptx_ex2_approx_ftz_f32", "ptx_lg2_approx_f32", "ptx_lg2_approx_ftz_f32",
	"ptx_sin_approx_f32", "ptx_sin_approx_ftz_f32", "ptx_cos_approx_f32", "ptx_cos_approx_ftz_f32",
	"ptx_rcp_approx_f32", "ptx_rcp_approx_ftz_f32", "ptx_rsqrt_approx_f32", "ptx_rsqrt_approx_ftz_f32",
	"ptx_sqrt_approx_f32", "ptx_sqrt_approx_ftz_f32", "ptx_tanh_approx_f32",
	"ptx_div_approx_f32", "ptx_div_approx_ftz_f32", "ptx_div_full_f32", "ptx_div_full_ftz_f32",
}

// TargetResult is a Target read off measured Results.
type TargetResult struct {
	Target
	N       int     // functions measured
	Geomean float64 // geometric mean of the metric
	Worst   float64 // the worst value (largest, or smallest for AtLeast)
	WorstID string  // the function reaching it
	Met     bool
}

// Evaluate reads t off rs (class Normal, default flags); N is 0 when rs
// holds none of its functions.
func (t Target) Evaluate(rs []Result) TargetResult {
	tr := TargetResult{Target: t}
	var vs []float64
	for _, r := range rs {
		if r.Bench != BenchFunc || r.Impl != t.Impl || r.Class != Normal || r.FlagsName != "default" {
			continue
		}
		if t.IDs != nil && !slices.Contains(t.IDs, r.ID) {
			continue
		}
		var v float64
		switch t.Metric {
		case "ns/call":
			v = r.Ns
		case "x-native":
			if r.RatioTo != Native {
				continue
			}
			v = r.Ratio
		case "bigfloat64/ref":
			if r.RatioTo != Bigfloat64 || r.Ratio == 0 {
				continue
			}
			v = 1 / r.Ratio
		}
		if v <= 0 || math.IsInf(v, 0) || math.IsNaN(v) {
			continue
		}
		vs = append(vs, v)
		if worse := tr.N == 0 || (t.AtLeast && v < tr.Worst) || (!t.AtLeast && v > tr.Worst); worse {
			tr.Worst, tr.WorstID = v, r.ID
		}
		tr.N++
	}
	if tr.N == 0 {
		return tr
	}
	tr.Geomean = geomean(vs)
	v := tr.Worst
	if t.Mean {
		v = tr.Geomean
	}
	if t.AtLeast {
		tr.Met = v >= t.Limit
	} else {
		tr.Met = v <= t.Limit
	}
	return tr
}

// TargetFuncs returns the implemented functions the Targets read, in
// catalog order: those they name, and every function with a bigfloat route
// (the reference target).
func TargetFuncs() []*spec.Func {
	var out []*spec.Func
	for _, f := range Implemented() {
		_, big := bigfloatExpr[f.Ref]
		_, hasRef := referenceOf(f)
		named := false
		for _, t := range Targets {
			named = named || slices.Contains(t.IDs, f.ID)
		}
		if named || big && hasRef {
			out = append(out, f)
		}
	}
	return out
}
