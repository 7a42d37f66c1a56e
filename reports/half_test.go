package reports

import (
	"bytes"
	"context"
	"math/big"
	"strings"
	"testing"

	"github.com/cudafp/cudafp/fp"
	"github.com/cudafp/cudafp/internal/oracle"
	"github.com/cudafp/cudafp/internal/spec"
	"github.com/cudafp/cudafp/rounding"
	"github.com/cudafp/cudafp/ulp"
)

// indepAddErr is the largest |got − (x + y)| / ulp(x + y) of k over the
// pairs (x, y), x a multiple of stride, computed on math/big from the
// exact operands (internal/oracle's values), independently of ulp's 16-bit
// references and metrics; with the first pair reaching it, and whether
// every result equals the oracle's correctly rounded sum.
func indepAddErr(o oracle.Format16, k spec.Kernel, stride uint64) (maxErr float64, at [2]uint16, allCR bool) {
	allCR = true
	minExp := 1 - o.Bias // emin
	for x := uint64(0); x < 1<<16; x += stride {
		for y := range uint64(1 << 16) {
			in := spec.Args{x, y}
			got := uint16(k(&in))
			xs, ys := uint16(x), uint16(y)
			if o.IsNaN(xs) || o.IsNaN(ys) {
				if !o.IsNaN(got) {
					return -1, [2]uint16{xs, ys}, false
				}
				continue
			}
			want := o.Add16(xs, ys, rounding.RN, false)
			if got != want && !(o.IsNaN(got) && o.IsNaN(want)) {
				allCR = false
			}
			a, b := o.Value16(xs), o.Value16(ys)
			if a.IsInf() || b.IsInf() || o.IsNaN(got) {
				continue // Inf and NaN results: error 0 (same infinity, or invalid); the table agrees (checked by CR above)
			}
			exact := new(big.Float).SetPrec(400).Add(a, b)
			g := o.Value16(got)
			var e float64
			if g.IsInf() { // read as ±2^(emax+1); exact for an exact value beyond it of its sign
				top := new(big.Float).SetMantExp(big.NewFloat(float64(g.Sign())), o.Bias+1)
				if g.Sign() == exact.Sign() && new(big.Float).Abs(exact).Cmp(new(big.Float).Abs(top)) >= 0 {
					continue
				}
				g = top
			}
			d := new(big.Float).SetPrec(400).Sub(g, exact)
			d.Abs(d)
			ue := minExp
			if exact.Sign() != 0 {
				ue = max(exact.MantExp(nil)-1, minExp)
			}
			ue = min(ue, o.Bias) // emax
			d.SetMantExp(d, o.FracBits-ue)
			e, _ = d.Float64()
			if e > maxErr {
				maxErr, at = e, [2]uint16{xs, ys}
			}
		}
	}
	return maxErr, at, allCR
}

// TestHalfTableAdd checks the 16-bit section's row of __hadd (binary16 and
// bfloat16) on the pairs with x a multiple of 8191 (9 × 65,536 pairs:
// zeros, subnormals, normals, sums that overflow, NaNs): max error 0.5 ulp
// (ties exist), every result correctly rounded, and the same maximum and
// first input as the independent math/big computation; then the same for a
// binary16 kernel that truncates (RZ), which the table must show as not
// correctly rounded (max dist 1), with the independent maximum (an
// overflow truncated to MaxFinite: hundreds of ulps).
func TestHalfTableAdd(t *testing.T) {
	defer func(s uint64) { halfPairStride = s }(halfPairStride)
	halfPairStride = 8191
	ctx := context.Background()
	for _, c := range []struct {
		id string
		o  oracle.Format16
		h  *ulp.Format16
		rz spec.Kernel
	}{
		{"f16_hadd", oracle.F16, ulp.F16, func(in *spec.Args) uint64 {
			return uint64(rounding.AddF16(uint16(in[0]), uint16(in[1]), rounding.RZ, false))
		}},
		{"bf16_hadd", oracle.BF16, ulp.BF16, nil},
	} {
		f, ok := spec.Lookup16(c.id)
		if !ok {
			t.Fatalf("%s not in the catalog", c.id)
		}
		k, ok := f.Impl(spec.Default)
		if !ok {
			t.Fatalf("%s not bound", c.id)
		}
		for _, v := range []struct {
			name string
			k    spec.Kernel
			cr   bool
		}{{"RN", k, true}, {"RZ", c.rz, false}} {
			if v.k == nil {
				continue
			}
			row := &HalfRow{}
			if err := measureHalf(ctx, row, f, v.k, halfRefs["hadd"], 2); err != nil {
				t.Fatal(err)
			}
			wantErr, wantAt, allCR := indepAddErr(c.o, v.k, halfPairStride)
			t.Logf("%s %s: %d inputs, max error %g at %s (independent: %g at %#04x), CR %d, max dist %d",
				c.id, v.name, row.Inputs, row.MaxErr, row.MaxErrAt, wantErr, wantAt, row.CR, row.MaxDist)
			if row.Inputs != 9<<16 {
				t.Errorf("%s %s: %d inputs, want %d", c.id, v.name, row.Inputs, 9<<16)
			}
			if allCR != v.cr || (row.CR == row.Inputs) != v.cr {
				t.Errorf("%s %s: CR %d of %d, independent all correctly rounded: %v; want %v", c.id, v.name, row.CR, row.Inputs, allCR, v.cr)
			}
			if v.cr && (row.MaxErr != 0.5 || row.MaxDist != 0) {
				t.Errorf("%s RN: max error %g, max dist %d; want 0.5 and 0", c.id, row.MaxErr, row.MaxDist)
			}
			if !v.cr && (row.MaxDist != 1 || !(row.MaxErr > 1)) {
				t.Errorf("%s RZ: max error %g, max dist %d; want above 1 and 1", c.id, row.MaxErr, row.MaxDist)
			}
			if row.MaxErr != wantErr || row.MaxErrAt != formatHalfInput(c.h, wantAt[:]) {
				t.Errorf("%s %s: max error %g at %s, independent %g at %s", c.id, v.name, row.MaxErr, row.MaxErrAt, wantErr, formatHalfInput(c.h, wantAt[:]))
			}
		}
	}
}

// TestHalfSection checks the default report's 16-bit section: every
// scalar 16-bit math function of the catalog is listed for both types (a
// row per flag set that changes its code), measured when bound, "not
// implemented" otherwise; the binary arithmetic only in an exhaustive
// report; the roundings to an integer (bound) exact on all 65,536 inputs.
func TestHalfSection(t *testing.T) {
	rows, err := halfSection(context.Background(), nil, false, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 0 {
		t.Fatalf("no flag sets: %d rows, want 0", len(rows))
	}
	rep := &Report{}
	rep.Half, err = halfSection(context.Background(), []fp.Flags{spec.Default, spec.FastMath}, false, 0)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, r := range rep.Half {
		seen[r.Function] = true
		f, _ := spec.Lookup16(r.ID)
		switch {
		case !f.Implemented() && r.Reason != reasonNotImplemented:
			t.Errorf("%s: not bound, reason %q", r.Function, r.Reason)
		case f.Implemented() && (r.Reason != "" || r.Inputs != 1<<16):
			t.Errorf("%s: bound, reason %q, %d inputs", r.Function, r.Reason, r.Inputs)
		}
		if strings.Contains(r.ID, "hceil") && (r.MaxErr != 0 || r.CR != r.Inputs) {
			t.Errorf("%s: max error %g, CR %d of %d; want exact", r.Function, r.MaxErr, r.CR, r.Inputs)
		}
	}
	for _, n := range []string{"f16:hexp", "bf16:hexp", "f16:hsqrt", "bf16:htanh_approx", "f16:hceil", "bf16:hrint"} {
		if !seen[n] {
			t.Errorf("%s missing from the section", n)
		}
	}
	for _, n := range []string{"f16:__hadd", "bf16:__hfma", "f16:__hdiv"} {
		if seen[n] {
			t.Errorf("%s in the default section (exhaustive only)", n)
		}
	}
	var b bytes.Buffer
	rep.writeHalfMarkdown(&b)
	if s := b.String(); !strings.Contains(s, "## Half and bfloat16 (every input)") || !strings.Contains(s, "| `bf16:hceil` | bf16 | default, -use_fast_math | ceil | all 65,536 | 0.000 |") {
		t.Errorf("Markdown section:\n%s", s)
	}
}

// BenchmarkHalfSection measures the default report's 16-bit section (the
// unary functions, default flags and -use_fast_math): ns per measured
// input over all its rows.
func BenchmarkHalfSection(b *testing.B) {
	var inputs uint64
	for b.Loop() {
		rows, err := halfSection(context.Background(), []fp.Flags{spec.Default, spec.FastMath}, false, 0)
		if err != nil {
			b.Fatal(err)
		}
		inputs = 0
		for _, r := range rows {
			inputs += r.Inputs
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(max(inputs, 1)), "ns/input")
	b.ReportMetric(float64(inputs), "inputs")
}

// BenchmarkHalfPairs measures f16:__hadd's row on 2^20 pairs (x a
// multiple of 4096): ns per pair, from which an exhaustive row's 2^32
// pairs' cost follows.
func BenchmarkHalfPairs(b *testing.B) {
	defer func(s uint64) { halfPairStride = s }(halfPairStride)
	halfPairStride = 4096
	f, _ := spec.Lookup16("f16_hadd")
	k, _ := f.Impl(spec.Default)
	var n uint64
	for b.Loop() {
		row := &HalfRow{}
		if err := measureHalf(context.Background(), row, f, k, halfRefs["hadd"], 0); err != nil {
			b.Fatal(err)
		}
		n = row.Inputs
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/pair")
}
