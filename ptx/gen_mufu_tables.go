//go:build ignore

// gen_mufu_tables derives the coefficient tables of the MUFU models
// (ex2, lg2, rcp, rsqrt and sqrt .approx.ftz.f32) from device data and writes
// mufu_tables_gen.go. Run it with go generate ./ptx, or from this directory:
//
//	go run gen_mufu_tables.go gen_mufu_solve.go [flags]
//
//	-data dir     the committed device data (default testdata/mufu)
//	-o file       output (default mufu_tables_gen.go); "-" for stdout
//	-check        compare with the existing output instead of writing it; exit 1 if they differ
//	-probe        report, for truncated squarers of 15 to 23 dropped columns, how
//	              many segments no coefficients can fit (the structure check)
//	-import dir   first convert the raw <name>.d2 files that gpu/mufu_dump.cu
//	              wrote to dir (after xz -d) into testdata/mufu/<name>.d2v.gz;
//	              -provenance gives the text recorded in each file's gzip header
//
// # Method
//
// Each unit computes, for a significand split into a table index xh (its top
// m bits, plus the exponent's parity for rsqrt and sqrt) and the low bits xl,
//
//	S = C0[xh]·2^A0 ± C1[xh]·xl·2^A1 ± C2[xh]·sq(xl) + bias
//
// in unsigned fixed point, where sq is a truncated squarer (the exact square
// minus every partial-product bit in the lowest 19 columns), and then
// truncates S to the output's 23 fraction bits (lg2 first adds the exponent,
// takes the absolute value and drops the low 20 bits). The structure (m, the
// widths, the alignments, the signs) is that of PTXM, B. Carleton's models of
// sm_5x to sm_75 (github.com/bcarlet/ptx-math), which the H100 data confirm;
// the coefficients are derived here from the H100 alone.
//
// Each device output bounds S to an integer interval, a linear constraint on
// the unknowns K = C0·2^A0 + bias, C1 and C2 of its segment. For every
// segment the program enumerates the integer (C1, C2) for which some K
// satisfies all of the segment's constraints (gen_mufu_solve.go). On the
// H100 data each segment has exactly one (C1, C2) and a K interval narrower
// than 2^A0, so the bias is fixed modulo 2^A0 to the intersection of the
// segments' intervals; the program takes the value there with the most
// trailing zero bits, and the smallest multiple of 2^A0 to add so that
// every C0 fits its width (the split of bias and C0 is not observable).
// Finally it evaluates the whole model on every committed device result and
// fails unless all agree.
//
// # Another GPU generation
//
// Capture with gpu/mufu_dump.cu (nvcc -arch=sm_XX; it writes raw .d2 files
// to DIR, to be decompressed first if archived with xz) and run with
// -import DIR -provenance "GPU (sm_XX), CUDA x.y.z, driver v". If a unit
// comes out infeasible, its structure changed: run -probe, then adjust the
// units table below (index bits, widths, alignments, signs, squarer columns
// in sqCols) and the matching model in mufu_*.go; for a new special case,
// the constraint builders skip the inputs the hardware treats specially.
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
	"runtime"
	"strings"
)

// Datasets, as gpu/mufu_dump.cu captures them (its table of Dataset). Input
// of element i: x = real(start + i)·2^scale for grid datasets, else the bits
// base + i.
type dataset struct {
	name        string
	instr       string
	grid        bool
	start       int64
	scale       int
	base, count uint32
	what        string
}

var datasets = []dataset{
	{"ex2", "ex2.approx.ftz.f32", true, -1 << 23, -23, 0, 1 << 24, "x = i·2^-23, i in [-2^23, 2^23)"},
	{"rcp", "rcp.approx.ftz.f32", false, 0, 0, 0x3f800000, 1 << 23, "every encoding in [1, 2)"},
	{"rsqrt", "rsqrt.approx.ftz.f32", false, 0, 0, 0x3f800000, 1 << 24, "every encoding in [1, 4)"},
	{"sqrt", "sqrt.approx.ftz.f32", false, 0, 0, 0x3f800000, 1 << 24, "every encoding in [1, 4)"},
	{"lg2_e0", "lg2.approx.ftz.f32", false, 0, 0, 0x3f800000, 1 << 23, "every encoding in [1, 2)"},
	{"lg2_em1", "lg2.approx.ftz.f32", false, 0, 0, 0x3f000000, 1 << 23, "every encoding in [0.5, 1)"},
	{"lg2_e1", "lg2.approx.ftz.f32", false, 0, 0, 0x40000000, 1 << 23, "every encoding in [2, 4)"},
	{"lg2_e64", "lg2.approx.ftz.f32", false, 0, 0, 0x5f800000, 1 << 23, "every encoding in [2^64, 2^65)"},
	{"lg2_em126", "lg2.approx.ftz.f32", false, 0, 0, 0x00800000, 1 << 23, "every encoding in [2^-126, 2^-125)"},
}

// input returns the encoding of element i.
func (d *dataset) input(i int) uint32 {
	if !d.grid {
		return d.base + uint32(i)
	}
	m := d.start + int64(i)
	var s uint32
	if m < 0 {
		s, m = 0x80000000, -m
	}
	if m == 0 {
		return s
	}
	e := bits.Len64(uint64(m)) - 1
	return s | uint32(e+d.scale+127)<<23 | uint32(m)<<(23-e)&0x7fffff
}

// unit describes one MUFU datapath: see the method above.
type unit struct {
	name      string // table prefix in the generated code
	instr     string
	sass      string // the SASS operation
	indexBits int    // m: table index bits taken from the significand
	segments  int    // 2^m, doubled by the exponent's parity for rsqrt and sqrt
	c0Bits    int    // widths of C0, C1, C2 (PTXM's t, p, q)
	c1Bits    int
	c2Bits    int
	c0Shift   uint // A0
	c1Shift   uint // A1 (the C2 term is not shifted)
	c1Neg     bool // the C1 term is subtracted
	c2Neg     bool // the C2 term is subtracted
	sets      []string
	// build returns the constraints of every device result of dataset d
	// (index i, result o), by segment; it skips inputs the hardware treats
	// as special cases.
	build func(u *unit, d *dataset, out []uint32, segs [][]point) error
	// eval is the model's output for input x (used for the final check).
	eval func(t *table, x uint32) uint32
}

// table is a derived coefficient table.
type table struct {
	u     *unit
	bias  int64
	res   []interval // allowed bias residues mod 2^A0
	coef  [][3]int64
	lift  int64 // multiples of 2^A0 moved from C0 into the bias
	cands []int // feasible (C1, C2) per segment
}

// sqCols is the number of low partial-product columns the squarer drops.
var sqCols = 19

// sq is the truncated squarer: x² minus every partial-product bit of the
// folded squaring array in columns below sqCols.
func sq(x uint32) int64 {
	var lost uint64
	for i := 0; 2*i < sqCols; i++ { // the diagonal: x_i at column 2i
		lost += uint64(x>>i&1) << (2 * i)
	}
	for i := 0; 2*i+2 < sqCols; i++ { // row i: x_i·x_j at column i+j+1, j > i
		if x>>i&1 != 0 {
			row := uint64(x) << (i + 1) &^ (1<<(2*i+2) - 1)
			lost += row & (1<<sqCols - 1)
		}
	}
	return int64(uint64(x)*uint64(x) - lost)
}

// term returns the multipliers of C1 and C2 for low bits xl.
func (u *unit) terms(xl uint32) (a, b int64) {
	if u.name == "rcp" {
		// rcp squares 2·xl and keeps sq/4: its xl has one bit less than
		// the squarer's input.
		a, b = int64(xl)<<u.c1Shift, sq(xl<<1)>>2
	} else {
		a, b = int64(xl)<<u.c1Shift, sq(xl)
	}
	if u.c1Neg {
		a = -a
	}
	if u.c2Neg {
		b = -b
	}
	return a, b
}

func (u *unit) lowBits() uint { return uint(23 - u.indexBits) }

// sum evaluates S for segment seg and low bits xl.
func (t *table) sum(seg int, xl uint32) int64 {
	a, b := t.u.terms(xl)
	c := t.coef[seg]
	return c[0]<<t.u.c0Shift + a*c[1] + b*c[2] + t.bias
}

// fracInterval is the interval of sums that truncate to a result with
// fraction y when the sum's leading one has weight 2^lead.
func fracInterval(y uint32, lead uint) (lo, hi int64) {
	lo = int64(1<<23|y) << (lead - 23)
	return lo, lo + 1<<(lead-23) - 1
}

var units = []*unit{
	{
		name: "ex2", instr: "ex2.approx.ftz.f32", sass: "EX2", indexBits: 6, segments: 64,
		c0Bits: 26, c1Bits: 16, c2Bits: 11, c0Shift: 32, c1Shift: 19,
		sets: []string{"ex2"},
		build: func(u *unit, d *dataset, out []uint32, segs [][]point) error {
			for i, o := range out {
				_, f, special := ex2Fixed(d.input(i))
				if special {
					continue
				}
				if o&0x7fffffff < 0x00800000 || o>>23 > 254 {
					return fmt.Errorf("element %d: result %08x is not a normal number", i, o)
				}
				a, b := u.terms(f & (1<<u.lowBits() - 1))
				lo, hi := fracInterval(o&0x7fffff, 57)
				segs[f>>u.lowBits()] = append(segs[f>>u.lowBits()], point{a, b, lo, hi})
			}
			return nil
		},
		eval: evalEx2,
	},
	{
		name: "lg2", instr: "lg2.approx.ftz.f32", sass: "LG2", indexBits: 6, segments: 64,
		c0Bits: 26, c1Bits: 16, c2Bits: 10, c0Shift: 30, c1Shift: 18, c2Neg: true,
		sets: []string{"lg2_e0", "lg2_em1", "lg2_e1", "lg2_e64", "lg2_em126"},
		build: func(u *unit, d *dataset, out []uint32, segs [][]point) error {
			for i, o := range out {
				x := d.input(i)
				if x == 0x3f800000 {
					continue // lg2(1) = +0, a special case
				}
				e := int64(x>>23) - 127
				f := x & 0x7fffff
				a, b := u.terms(f & (1<<u.lowBits() - 1))
				// The result is |e·2^56 + S| with its low 20 bits and then
				// all but 24 significant bits dropped, signed.
				var lo, hi int64
				if o&0x7fffffff == 0 {
					lo, hi = -(1<<lg2Drop)+1, 1<<lg2Drop-1
				} else {
					be := int64(o >> 23 & 0xff)
					sh := be - 127 - 23 + 56
					if sh < lg2Drop-23 {
						return fmt.Errorf("element %d: result %08x below the datapath's resolution", i, o)
					}
					v := int64(o&0x7fffff|1<<23) << sh
					w := max(int64(1)<<sh, 1<<lg2Drop)
					if v%(1<<lg2Drop) != 0 {
						return fmt.Errorf("element %d: result %08x has bits below 2^-%d", i, o, 56-lg2Drop)
					}
					if o>>31 == 0 {
						lo, hi = v, v+w-1
					} else {
						lo, hi = -(v+w)+1, -v
					}
				}
				seg := f >> u.lowBits()
				segs[seg] = append(segs[seg], point{a, b, lo - e<<56, hi - e<<56})
			}
			return nil
		},
		eval: evalLg2,
	},
	{
		name: "rcp", instr: "rcp.approx.ftz.f32", sass: "RCP", indexBits: 7, segments: 128,
		c0Bits: 26, c1Bits: 16, c2Bits: 10, c0Shift: 30, c1Shift: 17, c1Neg: true,
		sets: []string{"rcp"},
		build: func(u *unit, d *dataset, out []uint32, segs [][]point) error {
			for i, o := range out {
				x := d.input(i)
				if x>>23 != 127 || o>>23 != 126 && o>>23 != 127 {
					return fmt.Errorf("element %d: rcp(%08x) = %08x outside the modelled binades", i, x, o)
				}
				f := x & 0x7fffff
				a, b := u.terms(f & (1<<u.lowBits() - 1))
				lo, hi := fracInterval(o&0x7fffff, uint(56-(127-o>>23)))
				segs[f>>u.lowBits()] = append(segs[f>>u.lowBits()], point{a, b, lo, hi})
			}
			return nil
		},
		eval: evalRcp,
	},
	{
		name: "rsqrt", instr: "rsqrt.approx.ftz.f32", sass: "RSQ", indexBits: 6, segments: 128,
		c0Bits: 26, c1Bits: 17, c2Bits: 11, c0Shift: 31, c1Shift: 17, c1Neg: true,
		sets: []string{"rsqrt"},
		build: func(u *unit, d *dataset, out []uint32, segs [][]point) error {
			for i, o := range out {
				x := d.input(i)
				e := int32(x>>23) - 127
				f := x & 0x7fffff
				if f == 0 && e&1 == 0 {
					continue // exact powers of 4, a special case
				}
				if e != 0 && e != 1 || o>>23 != 126 {
					return fmt.Errorf("element %d: rsqrt(%08x) = %08x outside the modelled binades", i, x, o)
				}
				seg := int(f>>u.lowBits()) + int(e&1)<<u.indexBits
				a, b := u.terms(f & (1<<u.lowBits() - 1))
				lo, hi := fracInterval(o&0x7fffff, 56)
				segs[seg] = append(segs[seg], point{a, b, lo, hi})
			}
			return nil
		},
		eval: evalRsqrt,
	},
	{
		name: "sqrt", instr: "sqrt.approx.ftz.f32", sass: "SQRT", indexBits: 6, segments: 128,
		c0Bits: 26, c1Bits: 17, c2Bits: 12, c0Shift: 33, c1Shift: 18, c2Neg: true,
		sets: []string{"sqrt"},
		build: func(u *unit, d *dataset, out []uint32, segs [][]point) error {
			for i, o := range out {
				x := d.input(i)
				e := int32(x>>23) - 127
				f := x & 0x7fffff
				if e != 0 && e != 1 || o>>23 != 127 {
					return fmt.Errorf("element %d: sqrt(%08x) = %08x outside the modelled binades", i, x, o)
				}
				seg := int(f>>u.lowBits()) + int(e&1)<<u.indexBits
				a, b := u.terms(f & (1<<u.lowBits() - 1))
				lo, hi := fracInterval(o&0x7fffff, 58)
				segs[seg] = append(segs[seg], point{a, b, lo, hi})
			}
			return nil
		},
		eval: evalSqrt,
	},
}

// lg2Drop is the number of low sum bits lg2 drops after adding the exponent.
const lg2Drop = 20

func datasetByName(n string) *dataset {
	for i := range datasets {
		if datasets[i].name == n {
			return &datasets[i]
		}
	}
	panic("no dataset " + n)
}

// ---- The model, for the final check --------------------------------------
//
// These evaluate the raw MUFU operation on the inputs of the datasets
// (normal numbers in the captured ranges); package ptx holds the full models.

// ex2Fixed converts x to ex2's fixed point: the integer part k and the
// 23-bit fraction f of x truncated toward zero, negative values in ones'
// complement unless the truncated fraction is zero. special reports inputs
// outside the datapath (zero, subnormal, |x| ≥ 128, Inf, NaN).
func ex2Fixed(x uint32) (k int32, f uint32, special bool) {
	be := int32(x >> 23 & 0xff)
	if be == 0 || be >= 127+7 {
		return 0, 0, true
	}
	sig := x&0x7fffff | 1<<23
	var fx uint32 // |x|·2^23, truncated
	if s := be - 127; s >= 0 {
		fx = sig << s
	} else if s > -24 {
		fx = sig >> -s
	}
	k, f = int32(fx>>23), fx&0x7fffff
	if x>>31 != 0 {
		k = -k
		if f != 0 {
			k, f = k-1, ^f&0x7fffff
		}
	}
	return k, f, false
}

func evalEx2(t *table, x uint32) uint32 {
	k, f, _ := ex2Fixed(x)
	lb := t.u.lowBits()
	s := t.sum(int(f>>lb), f&(1<<lb-1))
	return uint32(127+k)<<23 | uint32(s>>34)&0x7fffff
}

func evalLg2(t *table, x uint32) uint32 {
	if x == 0x3f800000 {
		return 0
	}
	lb := t.u.lowBits()
	f := x & 0x7fffff
	s := (int64(x>>23)-127)<<56 + t.sum(int(f>>lb), f&(1<<lb-1))
	var sign uint32
	if s < 0 {
		sign, s = 0x80000000, -s
	}
	m := uint64(s) &^ (1<<lg2Drop - 1)
	if m == 0 {
		return sign
	}
	lz := bits.LeadingZeros64(m)
	return sign | uint32(127+63-lz-56)<<23 | uint32(m<<lz>>40)&0x7fffff
}

func evalRcp(t *table, x uint32) uint32 {
	lb := t.u.lowBits()
	f := x & 0x7fffff
	s := t.sum(int(f>>lb), f&(1<<lb-1))
	be := int32(127)
	if s>>56 == 0 {
		be, s = be-1, s<<1
	}
	return x&0x80000000 | uint32(be-(int32(x>>23&0xff)-127))<<23 | uint32(s>>33)&0x7fffff
}

func evalRsqrt(t *table, x uint32) uint32 {
	e := int32(x>>23) - 127
	f := x & 0x7fffff
	ev := e &^ 1
	if f == 0 && e&1 == 0 {
		return uint32(127-ev/2) << 23
	}
	lb := t.u.lowBits()
	s := t.sum(int(f>>lb)+int(e&1)<<t.u.indexBits, f&(1<<lb-1))
	return uint32(126-ev/2)<<23 | uint32(s<<1>>34)&0x7fffff
}

func evalSqrt(t *table, x uint32) uint32 {
	e := int32(x>>23) - 127
	f := x & 0x7fffff
	ev := e &^ 1
	lb := t.u.lowBits()
	s := t.sum(int(f>>lb)+int(e&1)<<t.u.indexBits, f&(1<<lb-1))
	return uint32(127+ev/2)<<23 | uint32(s>>35)&0x7fffff
}

// ---- Derivation -----------------------------------------------------------

func numWorkers() int { return runtime.GOMAXPROCS(0) }

type loaded map[string][]uint32

func load(dir string) (loaded, error) {
	l := loaded{}
	for _, d := range datasets {
		out, err := readD2V(filepath.Join(dir, d.name+".d2v.gz"), int(d.count))
		if err != nil {
			return nil, err
		}
		l[d.name] = out
	}
	return l, nil
}

func constraints(u *unit, data loaded) ([][]point, error) {
	segs := make([][]point, u.segments)
	for _, n := range u.sets {
		if err := u.build(u, datasetByName(n), data[n], segs); err != nil {
			return nil, fmt.Errorf("%s: dataset %s: %w", u.instr, n, err)
		}
	}
	return segs, nil
}

func derive(u *unit, data loaded) (*table, error) {
	segs, err := constraints(u, data)
	if err != nil {
		return nil, err
	}
	cands, err := solveAll(segs)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", u.instr, err)
	}
	t := &table{u: u, coef: make([][3]int64, u.segments), cands: make([]int, u.segments)}
	mod := int64(1) << u.c0Shift
	t.res = []interval{{0, mod - 1}}
	for s, c := range cands {
		t.cands[s] = len(c)
		t.res = intersect(t.res, residues(c, u.c0Shift))
	}
	if len(t.res) == 0 {
		return nil, fmt.Errorf("%s: no bias is common to all segments", u.instr)
	}
	r := roundest(t.res)
	minC0, maxC0 := int64(1)<<62, int64(-1)<<62
	for s, cs := range cands {
		found := false
		for _, c := range cs {
			k := c.klo + (r-c.klo)&(mod-1) // the least K ≥ klo with K ≡ r
			if k > c.khi {
				continue
			}
			t.coef[s] = [3]int64{(k - r) >> u.c0Shift, c.c1, c.c2}
			found = true
			break
		}
		if !found {
			return nil, fmt.Errorf("%s: segment %d: no candidate admits the bias %#x", u.instr, s, r)
		}
		minC0, maxC0 = min(minC0, t.coef[s][0]), max(maxC0, t.coef[s][0])
	}
	// Move whole multiples of 2^A0 from C0 into the bias until every C0
	// fits its width.
	t.lift = max(0, maxC0-(1<<u.c0Bits-1))
	if minC0-t.lift < 0 || t.lift > 4 {
		return nil, fmt.Errorf("%s: C0 spans [%#x, %#x], more than %d bits", u.instr, minC0, maxC0, u.c0Bits)
	}
	t.bias = r + t.lift<<u.c0Shift
	for s := range t.coef {
		t.coef[s][0] -= t.lift
		c := t.coef[s]
		if c[1] < 0 || c[1] >= 1<<u.c1Bits || c[2] < 0 || c[2] >= 1<<u.c2Bits {
			return nil, fmt.Errorf("%s: segment %d: C1 %#x or C2 %#x outside %d and %d bits", u.instr, s, c[1], c[2], u.c1Bits, u.c2Bits)
		}
	}
	return t, nil
}

// check evaluates the model on every device result of the unit.
func check(t *table, data loaded) error {
	var errs []error
	for _, n := range t.u.sets {
		d := datasetByName(n)
		bad := 0
		for i, o := range data[n] {
			x := d.input(i)
			if t.u.name == "ex2" {
				if _, _, special := ex2Fixed(x); special {
					continue
				}
			}
			if got := t.u.eval(t, x); got != o {
				if bad < 4 {
					errs = append(errs, fmt.Errorf("%s(%08x) = %08x, device %08x", t.u.instr, x, got, o))
				}
				bad++
			}
		}
		if bad > 0 {
			errs = append(errs, fmt.Errorf("%s: %d mismatches in %s", t.u.instr, bad, n))
		}
	}
	return errors.Join(errs...)
}

func probe(data loaded) {
	for cols := 15; cols <= 23; cols++ {
		sqCols = cols
		var parts []string
		for _, u := range units {
			segs, err := constraints(u, data)
			if err != nil {
				parts = append(parts, fmt.Sprintf("%s: %v", u.name, err))
				continue
			}
			bad := 0
			for _, s := range segs {
				if c, err := solveSegment(s); err != nil || len(c) == 0 {
					bad++
				}
			}
			parts = append(parts, fmt.Sprintf("%s %d/%d", u.name, bad, u.segments))
		}
		fmt.Printf("squarer dropping %d columns: infeasible segments: %s\n", cols, strings.Join(parts, ", "))
	}
}

// ---- Output ---------------------------------------------------------------

func emit(tables []*table, data loaded, dataDir string) ([]byte, error) {
	var b bytes.Buffer
	p := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }
	p("// Code generated by gen_mufu_tables.go from testdata/mufu; DO NOT EDIT.\n\n")
	p("package ptx\n\n")
	p("// The coefficient tables of the MUFU models, derived from device results of\n")
	p("// the raw .ftz instructions (the provenance of each dataset is in\n")
	p("// testdata/mufu/README.md and in its gzip header):\n//\n")
	for _, d := range datasets {
		p("//\t%-22s %-21s %s\n", d.name+".d2v.gz", d.instr, d.what)
	}
	p("//\n")
	p("// Method (gen_mufu_tables.go): every device result bounds the datapath sum\n")
	p("// S = C0·2^A0 ± C1·xl·2^A1 ± C2·sq(xl) + bias of its segment to an integer\n")
	p("// interval; the generator enumerates the integer coefficients that satisfy\n")
	p("// all of them (on this data, exactly one C1 and C2 per segment), fixes the\n")
	p("// bias modulo 2^A0 to the intersection of the segments' intervals (taking\n")
	p("// the value with most trailing zero bits, and the least multiple of 2^A0\n")
	p("// that fits every C0 in its width), and checks the model on every result.\n")
	p("// The squarer drops the partial-product bits of its lowest sqCols columns.\n\n")
	p("// mufuSquarerCols is the number of low partial-product columns the\n// truncated squarer drops (the only count from 15 to 23 the data admit).\n")
	p("const mufuSquarerCols = %d\n\n", sqCols)
	p("// lg2Drop is the number of low bits lg2 drops from the sum after adding the\n// exponent.\nconst lg2Drop = %d\n\n", lg2Drop)
	for _, t := range tables {
		u := t.u
		sg1, sg2 := "+", "+"
		if u.c1Neg {
			sg1 = "−"
		}
		if u.c2Neg {
			sg2 = "−"
		}
		p("// %s (MUFU.%s): %d segments, S = C0·2^%d %s C1·xl·2^%d %s C2·sq(xl) + %sBias,\n",
			u.instr, u.sass, u.segments, u.c0Shift, sg1, u.c1Shift, sg2, u.name)
		var lo, hi [3]int64
		for i := range 3 {
			lo[i], hi[i] = 1<<62, -1
			for _, c := range t.coef {
				lo[i], hi[i] = min(lo[i], c[i]), max(hi[i], c[i])
			}
		}
		p("// C0 in [%#x, %#x], C1 in [%#x, %#x], C2 in [%#x, %#x] (%d, %d and %d bits).\n// Derived from", lo[0], hi[0], lo[1], hi[1], lo[2], hi[2], u.c0Bits, u.c1Bits, u.c2Bits)
		total := 0
		for _, n := range u.sets {
			p(" %s", n)
			total += len(data[n])
		}
		p(" (%d results).\n", total)
		var rs []string
		for _, r := range t.res {
			rs = append(rs, fmt.Sprintf("[%#x, %#x]", r.lo, r.hi))
		}
		p("// The data allow bias residues mod 2^%d in %s.\n", u.c0Shift, strings.Join(rs, " ∪ "))
		p("const (\n")
		p("\t%sIndexBits = %d\n", u.name, u.indexBits)
		p("\t%sC0Shift = %d\n", u.name, u.c0Shift)
		p("\t%sC1Shift = %d\n", u.name, u.c1Shift)
		p("\t%sBias uint64 = %#x\n", u.name, t.bias)
		p(")\n\n")
		p("var %sTable = [%d]mufuCoef{\n", u.name, u.segments)
		for s, c := range t.coef {
			if s%4 == 0 {
				p("\t")
			}
			p("{%#07x, %#05x, %#03x},", c[0], c[1], c[2])
			if s%4 == 3 {
				p("\n")
			} else {
				p(" ")
			}
		}
		p("}\n\n")
	}
	return format.Source(b.Bytes())
}

func main() {
	dataDir := flag.String("data", "testdata/mufu", "directory of the committed device data")
	outPath := flag.String("o", "mufu_tables_gen.go", "output file, - for stdout")
	checkOnly := flag.Bool("check", false, "compare with the existing output; exit 1 if it differs")
	doProbe := flag.Bool("probe", false, "report which squarer truncations the data admit")
	importDir := flag.String("import", "", "convert the raw .d2 files of this directory first")
	prov := flag.String("provenance", "", "with -import: the capture, for the gzip header")
	flag.Parse()
	if err := run(*dataDir, *outPath, *checkOnly, *doProbe, *importDir, *prov); err != nil {
		fmt.Fprintln(os.Stderr, "gen_mufu_tables:", err)
		os.Exit(1)
	}
}

func run(dataDir, outPath string, checkOnly, doProbe bool, importDir, prov string) error {
	if importDir != "" {
		if prov == "" {
			return errors.New("-import needs -provenance")
		}
		for _, d := range datasets {
			out, err := readRawD2(filepath.Join(importDir, d.name+".d2"), int(d.count))
			if err != nil {
				return err
			}
			comment := fmt.Sprintf("%s, %s, by gpu/mufu_dump.cu on %s", d.instr, d.what, prov)
			if err := writeD2V(filepath.Join(dataDir, d.name+".d2v.gz"), comment, out); err != nil {
				return err
			}
		}
	}
	data, err := load(dataDir)
	if err != nil {
		return err
	}
	if doProbe {
		probe(data)
		return nil
	}
	var tables []*table
	for _, u := range units {
		t, err := derive(u, data)
		if err != nil {
			return err
		}
		if err := check(t, data); err != nil {
			return err
		}
		tables = append(tables, t)
		fmt.Fprintf(os.Stderr, "%-20s bias %#x (residue %#x + %d·2^%d), %d segments, every one with a unique (C1, C2)=%v\n",
			u.instr, t.bias, t.bias&(1<<u.c0Shift-1), t.lift, u.c0Shift, u.segments, allOne(t.cands))
	}
	src, err := emit(tables, data, dataDir)
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
			return fmt.Errorf("%s is out of date: run go generate ./ptx", outPath)
		}
		return nil
	case outPath == "-":
		_, err := os.Stdout.Write(src)
		return err
	}
	return os.WriteFile(outPath, src, 0o644)
}

func allOne(c []int) bool {
	for _, n := range c {
		if n != 1 {
			return false
		}
	}
	return true
}
