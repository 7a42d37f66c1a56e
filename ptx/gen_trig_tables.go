//go:build ignore

// gen_trig_tables derives the coefficient tables of the MUFU.SIN, MUFU.COS
// and MUFU.TANH models (sin.approx, cos.approx and tanh.approx .f32) from
// device data and writes trig_tables_gen.go. Run it with go generate ./ptx,
// or from this directory:
//
//	go run gen_trig_tables.go gen_trig_solve.go [flags]
//
//	-data dir     the committed device data (default testdata/mufu)
//	-o file       output (default trig_tables_gen.go); "-" for stdout
//	-check        compare with the existing output instead of writing it; exit 1 if they differ
//	-import dir   first convert the raw sin.d2, cos.d2, tanh.d2 and tanh_sparse.d2 that
//	              gpu/mufu_dump.cu wrote to dir (after xz -d) into testdata/mufu/<name>.d2v.gz
//	              (sin and cos keep every 16th result); -provenance gives the text
//	              recorded in each file's gzip header
//
// # Method
//
// Both units evaluate, for a segment index taken from the top bits of their
// fixed-point argument and the next lowBits = 17 bits xl,
//
//	S = C0·2^31 + C1·xl·2^19 − C2·sq(xl) + bias
//
// exactly in unsigned fixed point, where sq is the MUFU's truncated squarer
// (the exact square less every partial-product bit in its lowest 19
// columns), and return S normalized and truncated to 23 fraction bits, the
// weight of 1 in S being 2^W. That is the datapath of PTXM's sin/cos model
// (B. Carleton, github.com/bcarlet/ptx-math, sm_5x to sm_75); the H100 data
// confirm it for sin/cos and show that MUFU.TANH uses it too. Each device
// output bounds S to an integer interval, a linear constraint on the
// unknowns K = C0·2^31 + bias, C1 and C2 of its segment; for every segment
// the program enumerates the integer (C1, C2) for which some K satisfies all
// of the segment's constraints (gen_trig_solve.go) and requires exactly one.
// The bias is then fixed modulo 2^31 to the intersection of the segments' K
// intervals (taking the value with most trailing zero bits: 0 on the H100),
// which fixes every C0. Finally the program evaluates both models on every
// committed device result and fails unless all agree.
//
// sin and cos (datasets sin and cos: x in [0.5, 4), every 16th encoding).
// ptxas compiles sin.approx.f32 to FMUL.RZ by 0x3e22f983 (1/(2π) rounded)
// and MUFU.SIN, so the MUFU argument r is in revolutions. The program maps
// every result to the unit's table argument under the reduction model of
// sincos.go: 4r truncated to fixed point with 23 fraction bits, whose two
// integer bits are the quadrant q and whose fraction f selects, as f or its
// complement (odd quadrants), one point of the first-quadrant table; cos is
// sin one quadrant on. It fails if two results claim different values for
// one table point or a result's sign contradicts the quadrant. The table has
// 64 segments (the top 6 bits of the fraction), and W = 56.
//
// tanh (datasets tanh: every encoding in [0.25, 4), and tanh_sparse: every
// 256th positive encoding). The program finds where the results leave the
// identity (|x| < 2^-8 returns x) and where they saturate to 1 (|x| ≥ 8),
// and then, binade by binade in between, the structure: the input is
// truncated to m + 17 fraction bits, whose top m bits select the segment
// and whose low 17 bits are xl, with a sum weight W of its own. It tries m
// from 0 up and, for each, W from 48 up, and keeps the first (m, W) for
// which every segment of the binade has exactly one solution. On the H100
// m goes from 0 ([2^-8, 2^-5)) to 4 ([2, 4)) and back to 3 ([4, 8)), 51
// segments in all; the dense binades [0.25, 4) show the input truncation
// directly (results constant over runs of 2^(6-m) encodings).
//
// # Another GPU generation
//
// Capture with gpu/mufu_dump.cu (nvcc -arch=sm_XX; it writes raw .d2 files
// to DIR, to be decompressed first if archived with xz) and run with
// -import DIR -provenance "GPU (sm_XX), CUDA x.y.z, driver v". Check the
// SASS of sin.approx first (cuobjdump -sass): the pre-scaling FMUL.RZ and
// its constant are part of the model (invTwoPi below and in sincos.go). If a
// unit comes out infeasible, its structure changed: adjust the constants
// below (index bits, alignments, squarer columns, the reduction) and the
// matching model in sincos.go or tanh.go.
package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"go/format"
	"math/bits"
	"os"
	"path/filepath"
	"strings"

	"github.com/cudafp/cudafp/rounding"
)

// The datapath's structure (the same constants are in sincos.go and tanh.go,
// or emitted into trig_tables_gen.go).
const (
	lowBits      = 17         // xl
	c0Shift      = 31         // alignment of C0 in S
	c1Shift      = 19         // alignment of C1·xl in S
	sinIndexBits = 6          // 64 segments per quadrant
	sinSumOne    = 56         // the weight of 1 in S for sin/cos
	invTwoPi     = 0x3e22f983 // FMUL.RZ constant of sin.approx/cos.approx: 0x1.45f306p-3
)

// dataset is one committed file of testdata/mufu: result i is the
// instruction's value at bits base + i·stride. The raw dump (gpu/mufu_dump.cu)
// has every encoding from base; the committed file keeps every stride-th.
type dataset struct {
	name, op        string
	base, stride    uint32
	count, rawCount int
	what            string
}

var datasets = []dataset{
	{"sin", "sin.approx.ftz.f32", 0x3f000000, 16, 3 << 23 / 16, 3 << 23, "every 16th encoding in [0.5, 4)"},
	{"cos", "cos.approx.ftz.f32", 0x3f000000, 16, 3 << 23 / 16, 3 << 23, "every 16th encoding in [0.5, 4)"},
	{"tanh", "tanh.approx.f32", 0x3e800000, 1, 1 << 25, 1 << 25, "every encoding in [0.25, 4)"},
	{"tanh_sparse", "tanh.approx.f32", 0, 256, 1 << 23, 1 << 23, "every 256th encoding in [+0, +NaN]"},
}

type loaded struct {
	out  map[string][]uint32
	prov map[string]string
}

func load(dir string) (loaded, error) {
	l := loaded{map[string][]uint32{}, map[string]string{}}
	for _, d := range datasets {
		out, comment, err := readD2V(filepath.Join(dir, d.name+".d2v.gz"), d.count)
		if err != nil {
			return l, err
		}
		l.out[d.name], l.prov[d.name] = out, comment
	}
	return l, nil
}

func (d *dataset) input(i int) uint32 { return d.base + uint32(i)*d.stride }

// interval returns the sums [lo, hi) that the output stage maps to the
// magnitude bits o when 1 has weight 2^w; ok is false if the output's ulp is
// finer than the sum's unit.
func interval(o uint32, w int) (lo, hi int64, ok bool) {
	if o == 0 {
		return 0, 1, true
	}
	e := int(o>>23) - 127
	sig := int64(o&0x7fffff | 1<<23)
	sh := w + e - 23
	if sh < 0 || sh > 36 {
		return 0, 0, false
	}
	return sig << sh, (sig + 1) << sh, true
}

// normalize is the output stage: S (1 at 2^w) truncated to a float.
func normalize(s uint64, w int) uint32 {
	if s == 0 {
		return 0
	}
	l := bits.Len64(s)
	e := l - 1 - w + 127
	if e <= 0 || e >= 255 {
		panic("normalize: exponent out of range")
	}
	return uint32(e)<<23 | uint32(s<<(64-l)>>40)&0x7fffff
}

type coef struct{ c0, c1, c2 int64 }

func (c coef) sum(xl uint32, bias int64) uint64 {
	return uint64(c.c0<<c0Shift + c.c1*int64(xl)<<c1Shift - c.c2*sqTable[xl] + bias)
}

// ---- sin and cos ----------------------------------------------------------

// revFixed is the reduction of sincos.go: r = RZ(x·invTwoPi), then 4r
// truncated to 25 bits (2 integer bits, the quadrant, and 23 fraction bits).
// ok is false for NaN and infinite r.
func revFixed(x uint32) (fix uint32, ok bool) {
	r := rounding.Mul32(x, invTwoPi, rounding.RZ, false)
	e := r >> 23 & 0xff
	if e == 0xff {
		return 0, false
	}
	if e == 0 { // MUFU reads subnormals as zero
		return 0, true
	}
	sig := r&0x7fffff | 1<<23
	if sh := int(e) - 125; sh >= 0 {
		return sig << uint(sh) & (1<<25 - 1), true
	} else {
		return sig >> uint(-sh), true
	}
}

// sinPoint maps the result of sin (cos if isCos) at x > 0 to the table
// argument g (23 bits) and the sign the reduction model predicts.
func sinPoint(x uint32, isCos bool) (g, sign uint32, ok bool) {
	fix, ok := revFixed(x)
	if !ok {
		return 0, 0, false
	}
	q, f := fix>>23, fix&0x7fffff
	if isCos {
		q = (q + 1) & 3
	}
	if q&1 == 1 {
		f = ^f & 0x7fffff
	}
	return f, q >> 1, true
}

type sinResult struct {
	table [1 << sinIndexBits]coef
	bias  int64
}

func deriveSin(data loaded) (*sinResult, error) {
	// P[g]: the magnitude the unit returns at table argument g.
	const none = ^uint32(0)
	P := make([]uint32, 1<<23)
	for i := range P {
		P[i] = none
	}
	for _, name := range []string{"sin", "cos"} {
		d := datasetByName(name)
		for i, o := range data.out[name] {
			x := d.input(i)
			g, sign, ok := sinPoint(x, name == "cos")
			if !ok {
				return nil, fmt.Errorf("%s(%#08x): no reduction", name, x)
			}
			if o>>31 != sign {
				return nil, fmt.Errorf("%s(%#08x) = %#08x: the reduction model predicts sign %d", name, x, o, sign)
			}
			if m := o & 0x7fffffff; P[g] == none {
				P[g] = m
			} else if P[g] != m {
				return nil, fmt.Errorf("%s(%#08x) = %#08x: table point %#06x already has %#08x", name, x, o, g, P[g])
			}
		}
	}
	segs := make([][]point, 1<<sinIndexBits)
	for g, m := range P {
		if m == none {
			continue
		}
		lo, hi, ok := interval(m, sinSumOne)
		if !ok {
			return nil, fmt.Errorf("sin table point %#06x = %#08x: finer than the sum", g, m)
		}
		segs[g>>lowBits] = append(segs[g>>lowBits], point{uint32(g) & (1<<lowBits - 1), lo, hi})
	}
	sols := solveAll(segs)
	var all []solution
	for s, ss := range sols {
		if len(ss) != 1 {
			return nil, fmt.Errorf("sin segment %d: %d solutions", s, len(ss))
		}
		all = append(all, ss[0])
	}
	bias, err := biasResidue(all)
	if err != nil {
		return nil, fmt.Errorf("sin: %w", err)
	}
	r := &sinResult{bias: bias}
	for s, sol := range all {
		c0, err := c0Of(sol, bias)
		if err != nil {
			return nil, fmt.Errorf("sin segment %d: %w", s, err)
		}
		r.table[s] = coef{c0, sol.c1, sol.c2}
	}
	return r, nil
}

func (r *sinResult) poly(g uint32) uint32 {
	return normalize(r.table[g>>lowBits].sum(g&(1<<lowBits-1), r.bias), sinSumOne)
}

// eval is the generator's own copy of the model (sincos.go), for the check.
func (r *sinResult) eval(x uint32, isCos bool) uint32 {
	if x&0x7fffffff >= 0x7f800000 {
		return 0x7fffffff
	}
	g, sign, ok := sinPoint(x&0x7fffffff, isCos)
	if !ok {
		return 0x7fffffff
	}
	if !isCos {
		sign ^= x >> 31
	}
	return sign<<31 | r.poly(g)
}

// ---- tanh -------------------------------------------------------------------

type tanhBinade struct {
	bexp      int // biased exponent of the input
	indexBits int // m
	sumOne    int // W
	first     int // index of its first segment in the table
}

type tanhResult struct {
	minBexp, maxBexp int // the binades computed by the table
	binades          []tanhBinade
	table            []coef
	bias             int64
}

// tanhPoints returns every committed (x, result) pair of tanh.
func tanhPoints(data loaded) (xs, outs []uint32) {
	for _, name := range []string{"tanh", "tanh_sparse"} {
		d := datasetByName(name)
		for i, o := range data.out[name] {
			xs = append(xs, d.input(i))
			outs = append(outs, o)
		}
	}
	return
}

// tanhSegments groups the results of binade e by segment for m index bits:
// the input truncated to m+17 fraction bits, its top m bits the segment.
// ok is false if two inputs with the same truncation have different results
// (the truncation is wrong) or a result is too fine for weight w.
func tanhSegments(xs, outs []uint32, e, m, w int) (segs [][]point, ok bool) {
	q := 23 - lowBits - m
	seen := make([]uint32, 1<<(23-q))
	for i := range seen {
		seen[i] = ^uint32(0)
	}
	segs = make([][]point, 1<<m)
	for i, x := range xs {
		if int(x>>23) != e {
			continue
		}
		xq := x & 0x7fffff >> q
		if seen[xq] == ^uint32(0) {
			seen[xq] = outs[i]
			lo, hi, ok := interval(outs[i], w)
			if !ok {
				return nil, false
			}
			s := xq >> lowBits
			segs[s] = append(segs[s], point{xq & (1<<lowBits - 1), lo, hi})
		} else if seen[xq] != outs[i] {
			return nil, false
		}
	}
	return segs, true
}

func deriveTanh(data loaded) (*tanhResult, error) {
	xs, outs := tanhPoints(data)
	r := &tanhResult{minBexp: 255, maxBexp: -1}
	// Where the table works: the binades with a result other than x and 1.
	for i, x := range xs {
		e := int(x >> 23)
		if x < 0x7f800000 && outs[i] != x && outs[i] != 0x3f800000 {
			r.minBexp, r.maxBexp = min(r.minBexp, e), max(r.maxBexp, e)
		}
	}
	for i, x := range xs {
		e, o := int(x>>23), outs[i]
		switch {
		case x > 0x7f800000:
			if o != 0x7fffffff {
				return nil, fmt.Errorf("tanh(%#08x) = %#08x, not the canonical NaN", x, o)
			}
		case e < r.minBexp:
			if o != x {
				return nil, fmt.Errorf("tanh(%#08x) = %#08x below the table's range, not x", x, o)
			}
		case e > r.maxBexp:
			if o != 0x3f800000 {
				return nil, fmt.Errorf("tanh(%#08x) = %#08x above the table's range, not 1", x, o)
			}
		}
	}
	if r.maxBexp-r.minBexp > 16 {
		return nil, fmt.Errorf("tanh: table binades %d to %d: too many", r.minBexp, r.maxBexp)
	}
	var all []solution
	for e := r.minBexp; e <= r.maxBexp; e++ {
		var found *tanhBinade
		var fsols [][]solution
	search:
		for m := 0; m <= 23-lowBits; m++ {
			for w := 48; w <= 60; w++ {
				segs, ok := tanhSegments(xs, outs, e, m, w)
				if !ok {
					continue
				}
				sols := solveAll(segs)
				feasible := true
				for _, s := range sols {
					feasible = feasible && len(s) > 0
				}
				if !feasible {
					continue
				}
				for s, ss := range sols {
					if len(ss) != 1 {
						return nil, fmt.Errorf("tanh binade %d, m=%d, W=%d: segment %d has %d solutions", e, m, w, s, len(ss))
					}
				}
				found = &tanhBinade{bexp: e, indexBits: m, sumOne: w}
				fsols = sols
				break search
			}
		}
		if found == nil {
			return nil, fmt.Errorf("tanh binade %d: no structure fits (index bits 0..6, W 48..60)", e)
		}
		found.first = len(all)
		r.binades = append(r.binades, *found)
		for _, ss := range fsols {
			all = append(all, ss[0])
		}
	}
	bias, err := biasResidue(all)
	if err != nil {
		return nil, fmt.Errorf("tanh: %w", err)
	}
	r.bias = bias
	for s, sol := range all {
		c0, err := c0Of(sol, bias)
		if err != nil {
			return nil, fmt.Errorf("tanh segment %d: %w", s, err)
		}
		r.table = append(r.table, coef{c0, sol.c1, sol.c2})
	}
	return r, nil
}

// eval is the generator's own copy of the model (tanh.go), for the check.
func (r *tanhResult) eval(x uint32) uint32 {
	a, sign := x&0x7fffffff, x&0x80000000
	e := int(a >> 23)
	switch {
	case a > 0x7f800000:
		return 0x7fffffff
	case e < r.minBexp:
		return x
	case e > r.maxBexp:
		return sign | 0x3f800000
	}
	b := r.binades[e-r.minBexp]
	xq := a & 0x7fffff >> (23 - lowBits - b.indexBits)
	c := r.table[b.first+int(xq>>lowBits)]
	return sign | normalize(c.sum(xq&(1<<lowBits-1), r.bias), b.sumOne)
}

// ---- check, emit, main ------------------------------------------------------

func datasetByName(n string) *dataset {
	for i := range datasets {
		if datasets[i].name == n {
			return &datasets[i]
		}
	}
	panic("no dataset " + n)
}

// check evaluates both models on every committed result.
func check(s *sinResult, t *tanhResult, data loaded) error {
	var errs []error
	for _, d := range datasets {
		bad := 0
		for i, want := range data.out[d.name] {
			x := d.input(i)
			var got uint32
			switch d.name {
			case "sin", "cos":
				got = s.eval(x, d.name == "cos")
			default:
				got = t.eval(x)
			}
			if got != want {
				if bad < 5 {
					errs = append(errs, fmt.Errorf("%s(%#08x) = %#08x, device %#08x", d.op, x, got, want))
				}
				bad++
			}
		}
		if bad > 0 {
			errs = append(errs, fmt.Errorf("%s: %d of %d results differ", d.name, bad, len(data.out[d.name])))
		}
	}
	return errors.Join(errs...)
}

func hexList(p func(string, ...any), cs []coef, comment func(i int) string) {
	for i, c := range cs {
		p("\t{%#08x, %#06x, %#05x}, // %s\n", c.c0, c.c1, c.c2, comment(i))
	}
}

func emit(s *sinResult, t *tanhResult, data loaded) ([]byte, error) {
	var b bytes.Buffer
	p := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }
	p("// Code generated by gen_trig_tables.go from testdata/mufu; DO NOT EDIT.\n\n")
	p("package ptx\n\n")
	p("// The coefficient tables of the MUFU.SIN/COS and MUFU.TANH models, derived\n")
	p("// from device results (testdata/mufu/README.md):\n//\n")
	for _, d := range datasets {
		p("//\t%-20s %-19s %s\n", d.name+".d2v.gz", d.op, d.what)
	}
	p("//\n// captured as the gzip headers record:\n//\n")
	seen := map[string]bool{}
	for _, d := range datasets {
		if c := data.prov[d.name]; !seen[c] {
			seen[c] = true
			p("//\t%s\n", strings.ReplaceAll(c, "\n", "\n//\t"))
		}
	}
	p("//\n// Method (gen_trig_tables.go): every device result bounds the datapath sum\n")
	p("// S = C0·2^%d + C1·xl·2^%d − C2·sq(xl) + bias of its segment to an integer\n", c0Shift, c1Shift)
	p("// interval; the generator enumerates the integer coefficients that satisfy\n")
	p("// all of them (exactly one C1 and C2 per segment), fixes the bias modulo\n")
	p("// 2^%d to the intersection of the segments' intervals (the value with most\n", c0Shift)
	p("// trailing zeros), and checks both models on every result. tanh's structure\n")
	p("// per binade (index bits m, sum weight W) is the first (m, W), in increasing\n")
	p("// order, for which every segment is feasible.\n\n")
	p("const (\n")
	p("\ttrigLowBits = %d // xl: the 17 bits below the segment index\n", lowBits)
	p("\ttrigC0Shift = %d // alignment of C0 in S\n", c0Shift)
	p("\ttrigC1Shift = %d // alignment of C1·xl in S\n\n", c1Shift)
	p("\tsinIndexBits = %d // segments: the top bits of the quadrant fraction\n", sinIndexBits)
	p("\tsinSumOne    = %d // the weight of 1 in S\n", sinSumOne)
	p("\tsinBias      = %d\n\n", s.bias)
	p("\ttanhMinBexp = %d // the binades the table computes; below, tanh(x) = x\n", t.minBexp)
	p("\ttanhMaxBexp = %d // above, tanh(x) = ±1\n", t.maxBexp)
	p("\ttanhBias    = %d\n", t.bias)
	p(")\n\n")
	p("// sinTable[i] = {C0, C1, C2} of segment i of the first quadrant: table\n")
	p("// arguments g = i·2^17 + xl, sin(π/2·g/2^23).\n")
	p("var sinTable = [%d]mufuCoef{\n", len(s.table))
	hexList(p, s.table[:], func(i int) string { return fmt.Sprintf("g in [%#06x, %#06x]", i<<lowBits, (i+1)<<lowBits-1) })
	p("}\n\n")
	p("// tanhBinades[e-tanhMinBexp] is the structure of binade e (inputs in\n")
	p("// [2^(e-127), 2^(e-126))): its first segment in tanhTable, the number m of\n")
	p("// fraction bits that select a segment (the input is truncated to m+17\n")
	p("// fraction bits), and the weight W of 1 in S.\n")
	p("var tanhBinades = [%d]tanhBinade{\n", len(t.binades))
	for _, bd := range t.binades {
		p("\t{first: %d, indexBits: %d, sumOne: %d}, // [2^%d, 2^%d)\n", bd.first, bd.indexBits, bd.sumOne, bd.bexp-127, bd.bexp-126)
	}
	p("}\n\n")
	p("// tanhTable[i] = {C0, C1, C2} of segment i, binade by binade.\n")
	p("var tanhTable = [%d]mufuCoef{\n", len(t.table))
	hexList(p, t.table, func(i int) string {
		for _, bd := range t.binades {
			if n := 1 << bd.indexBits; i >= bd.first && i < bd.first+n {
				k := i - bd.first
				return fmt.Sprintf("[2^%d, 2^%d) segment %d of %d", bd.bexp-127, bd.bexp-126, k, n)
			}
		}
		return ""
	})
	p("}\n")
	return format.Source(b.Bytes())
}

func main() {
	dataDir := flag.String("data", filepath.Join("testdata", "mufu"), "committed device data")
	outPath := flag.String("o", "trig_tables_gen.go", `output file ("-" for stdout)`)
	checkOnly := flag.Bool("check", false, "compare with the existing output instead of writing it")
	importDir := flag.String("import", "", "convert raw .d2 files from this directory first")
	prov := flag.String("provenance", "", "capture description for -import (GPU, CUDA, driver)")
	flag.Parse()
	if err := run(*dataDir, *outPath, *checkOnly, *importDir, *prov); err != nil {
		fmt.Fprintln(os.Stderr, "gen_trig_tables:", err)
		os.Exit(1)
	}
}

func run(dataDir, outPath string, checkOnly bool, importDir, prov string) error {
	if importDir != "" {
		if prov == "" {
			return errors.New("-import needs -provenance")
		}
		for _, d := range datasets {
			raw, err := readRawD2(filepath.Join(importDir, d.name+".d2"), d.rawCount)
			if err != nil {
				return err
			}
			var out []uint32
			for i := 0; i < d.rawCount; i += int(d.stride) / rawStride(d) {
				out = append(out, raw[i])
			}
			comment := fmt.Sprintf("%s on %s (bits %#08x + %d·i, %d results): gpu/mufu_dump.cu dataset %q; %s",
				d.op, d.what, d.base, d.stride, d.count, d.name, prov)
			if err := writeD2V(filepath.Join(dataDir, d.name+".d2v.gz"), comment, out); err != nil {
				return err
			}
		}
	}
	data, err := load(dataDir)
	if err != nil {
		return err
	}
	s, err := deriveSin(data)
	if err != nil {
		return err
	}
	t, err := deriveTanh(data)
	if err != nil {
		return err
	}
	if err := check(s, t, data); err != nil {
		return err
	}
	src, err := emit(s, t, data)
	if err != nil {
		return err
	}
	switch {
	case checkOnly:
		old, err := os.ReadFile(outPath)
		if err != nil {
			return err
		}
		if !bytes.Equal(old, src) {
			return fmt.Errorf("%s is out of date: rerun go generate ./ptx", outPath)
		}
		fmt.Println(outPath, "is up to date")
		return nil
	case outPath == "-":
		_, err := os.Stdout.Write(src)
		return err
	}
	return os.WriteFile(outPath, src, 0o644)
}

// rawStride is the input stride of the raw dump (mufu_dump.cu's table).
func rawStride(d dataset) int {
	if d.name == "tanh_sparse" {
		return 256
	}
	return 1
}
