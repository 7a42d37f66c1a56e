package golden_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/cudafp/cudafp/fp"
	"github.com/cudafp/cudafp/internal/golden"
	"github.com/cudafp/cudafp/internal/spec"
)

// FORMAT TEST, NOT DEVICE EVIDENCE. TestNewShapesFormat writes golden files
// of the argument shapes added for norm4df (four floats), normf (a count and
// an array) and jnf (an int order and a float) in format 2 with outputs
// computed here — by the emulation for the norms, by golden.StubKernel for
// jnf, which has no emulation yet — and checks that Parse reads them and that
// Verify compares their grids, recorded inputs and quick hash blocks
// argument by argument: bit-exact as written, and a changed output or
// hash is reported. Only the device capture (gpu/capture.sh) says what the
// H100 computes.
func TestNewShapesFormat(t *testing.T) {
	for _, c := range []struct {
		id   string
		impl func(*spec.Func, fp.Flags) (spec.Kernel, bool)
	}{
		{"norm4df", (*spec.Func).Impl},
		{"normf", (*spec.Func).Impl},
		{"jnf", golden.StubKernel},
	} {
		t.Run(c.id, func(t *testing.T) {
			f, _ := spec.Lookup(c.id)
			k, ok := c.impl(f, fp.Flags{})
			if !ok {
				t.Fatalf("%s has no kernel", c.id)
			}
			checkSynthetic(t, f, synthesize(f, k, nil), golden.Options{Tier: golden.Quick, Impl: c.impl})
		})
	}
}

// digits is the width of an encoding of type t in a golden file.
func digits(t spec.Type) int {
	if t.Wide() {
		return 16
	}
	return 8
}

// synthesize writes f's golden file (default flag set) in format 2 with
// outputs from k: the grid, the recorded outputs, the hash blocks of the
// quick tier (the others are left 0: only the quick tier may read it). A
// pair-wide function's outputs come from two: its two results.
func synthesize(f *spec.Func, k spec.Kernel, two func(*spec.Args) (uint64, uint64)) string {
	var b strings.Builder
	b.WriteString("# FORMAT TEST ONLY: synthesized by internal/golden/shapes_test.go, not captured on a device\n")
	fmt.Fprintf(&b, "format 2\nfunc %s\nflagset default\ntypes ", f.ID)
	for j, t := range f.In {
		if j > 0 {
			b.WriteByte(',')
		}
		b.WriteString(t.String())
	}
	b.WriteString(" ->")
	for j, t := range f.Out {
		b.WriteString(map[bool]string{true: " ", false: ","}[j == 0] + t.String())
	}
	b.WriteByte('\n')
	gw := 8
	for _, t := range f.In {
		gw = max(gw, digits(t))
	}
	axis := f.Grid()
	fmt.Fprintf(&b, "grid %d", len(axis))
	for _, v := range axis {
		fmt.Fprintf(&b, " %0*x", gw, v)
	}
	fmt.Fprintf(&b, "\nspecial %d\n", f.GridLen())
	ow := 8
	if f.WideOut() {
		ow = 16
	}
	block := func(key string, n int, in func(int) spec.Args) {
		for i := 0; i < n; i += 16 {
			fmt.Fprintf(&b, "%s %d", key, i)
			for j := i; j < min(i+16, n); j++ {
				a := in(j)
				if f.PairWide() {
					r0, r1 := two(&a)
					fmt.Fprintf(&b, " %016x%016x", r0, r1)
					continue
				}
				fmt.Fprintf(&b, " %0*x", ow, k(&a))
			}
			b.WriteByte('\n')
		}
	}
	block("s", f.GridLen(), func(i int) spec.Args { return f.GridPoint(axis, i) })
	fmt.Fprintf(&b, "inputs generated %d seed %016x\n", spec.GenCount, spec.GenSeed)
	for i := range spec.GenShown {
		in := f.Input(uint64(i))
		fmt.Fprintf(&b, "g %d", i)
		for j := range f.Arity() {
			fmt.Fprintf(&b, " %0*x", digits(f.In[j]), in[j])
		}
		b.WriteByte('\n')
	}
	fmt.Fprintf(&b, "recorded %d\n", spec.Recorded)
	block("o", spec.Recorded, func(i int) spec.Args { return f.Input(uint64(i)) })
	var hashes [spec.Blocks]uint64
	for _, blk := range golden.QuickBlocks() {
		for i := uint64(blk) * spec.GenBlockSize; i < uint64(blk+1)*spec.GenBlockSize; i++ {
			in := f.Input(i)
			hashes[blk] += spec.ElemHash(i, k(&in), f.WideOut())
		}
	}
	fmt.Fprintf(&b, "hashes %d %d\n", spec.Blocks, spec.GenBlockSize)
	for i, h := range hashes {
		fmt.Fprintf(&b, "h %d %016x\n", i, h)
	}
	b.WriteString("end\n")
	return b.String()
}

// FORMAT TEST, NOT DEVICE EVIDENCE. TestBinary64ShapesFormat writes golden
// files of the binary64 shapes (a double result, an int order and a double,
// an array of doubles, two results that do not fit one word) with outputs of
// the emulation (__fma_rn) or of golden.StubKernel, and checks that Parse
// reads them and that Verify compares them bit for bit: grids, recorded
// outputs (both halves of a pair-wide result) and quick hash blocks; a
// changed second result and a changed hash are both found.
func TestBinary64ShapesFormat(t *testing.T) {
	for _, c := range []struct {
		id   string
		impl func(*spec.Func, fp.Flags) (spec.Kernel, bool)
	}{
		{"i_fma_rn", (*spec.Func).Impl},
		{"i_double2ll_rd", (*spec.Func).Impl},
		{"jn", golden.StubKernel},
		{"norm", golden.StubKernel},
		{"sincos", golden.StubKernel},
		{"remquo", golden.StubKernel},
	} {
		t.Run(c.id, func(t *testing.T) {
			f, _ := spec.Lookup(c.id)
			k, ok := c.impl(f, fp.Flags{})
			if !ok {
				t.Fatalf("%s has no kernel", c.id)
			}
			// The stub's two results of a pair-wide function, as
			// cuda_stub.h's cudafp_stub_eval computes them: the first is
			// the stub hash h masked, the second Mix64(h) masked; the
			// kernel returns their PairFold.
			var two func(*spec.Args) (uint64, uint64)
			if f.PairWide() {
				mask1 := uint64(0x3fffffff)
				if f.Out[1].Wide() {
					mask1 = 0x3fffffffffffffff
				}
				two = func(in *spec.Args) (uint64, uint64) {
					var h uint64
					for j := range f.Arity() {
						h = spec.Mix64(h ^ (uint64(j)<<32 | in[j]&0xffffffff))
						if f.In[j].Wide() {
							h = spec.Mix64(h ^ 1<<63 ^ uint64(j)<<32 ^ in[j]>>32)
						}
					}
					r0, r1 := h&0x3fffffffffffffff, spec.Mix64(h)&mask1
					if spec.PairFold(r0, r1) != k(in) {
						t.Fatalf("%s: the stub kernel is not the PairFold of the two results", c.id)
					}
					return r0, r1
				}
			}
			text := synthesize(f, k, two)
			if file, err := golden.Parse(strings.NewReader(text), c.id+".txt"); err != nil || f.PairWide() != (file.Special2 != nil && file.Recorded2 != nil) {
				t.Fatalf("%s: %v; second results read: %v, pair-wide %v", c.id, err, err == nil && file.Recorded2 != nil, f.PairWide())
			}
			checkSynthetic(t, f, text, golden.Options{Tier: golden.Quick, Impl: c.impl})
		})
	}
}

// checkSynthetic parses a synthesized golden file of f and verifies it with
// opt: bit-exact, every grid point, recorded output and quick hash block
// compared; then changes recorded output 35 (its last hex digit: a
// pair-wide function's second result) and hash block 17, and checks that
// both are reported, the first with its arguments.
func checkSynthetic(t *testing.T, f *spec.Func, text string, opt golden.Options) {
	t.Helper()
	file, err := golden.Parse(strings.NewReader(text), f.ID+".txt")
	if err != nil {
		t.Fatal(err)
	}
	r := golden.Verify(context.Background(), []*golden.File{file}, opt)[0]
	if !r.OK() || r.HashesChecked != len(golden.QuickBlocks()) || r.ExplicitInputs != f.GridLen()+spec.Recorded {
		t.Fatalf("synthetic %s: %d mismatches, %d hashes, %d explicit inputs", f.ID, r.Mismatches, r.HashesChecked, r.ExplicitInputs)
	}
	t.Logf("%s: %d grid points, %d recorded, %d quick blocks read back and verified", f.ID, f.GridLen(), spec.Recorded, r.HashesChecked)
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		switch {
		case strings.HasPrefix(l, "o 32 "):
			fs := strings.Fields(l)
			v := []byte(fs[5])
			v[len(v)-1] = map[bool]byte{true: '1', false: '0'}[v[len(v)-1] == '0']
			fs[5] = string(v)
			lines[i] = strings.Join(fs, " ")
		case strings.HasPrefix(l, "h 17 "):
			lines[i] = "h 17 0123456789abcdef"
		}
	}
	bad, err := golden.Parse(strings.NewReader(strings.Join(lines, "\n")), f.ID+".txt")
	if err != nil {
		t.Fatal(err)
	}
	r = golden.Verify(context.Background(), []*golden.File{bad}, opt)[0]
	if r.Mismatches != 2 || len(r.BadSpans) != 1 || len(r.First) == 0 || r.First[0].Where != "recorded" {
		t.Fatalf("corrupted %s: %d mismatches (%v), want the recorded output 35 and hash block 17", f.ID, r.Mismatches, r.BadSpans)
	}
	if n := len(r.First[0].Args); f.Array && n != 1+spec.ArrayLen(&r.First[0].In) || !f.Array && n != f.Arity() {
		t.Errorf("corrupted %s: the mismatch lists %d arguments", f.ID, n)
	}
}
