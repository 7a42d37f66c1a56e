package ptx_test

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cudafp/cudafp/internal/golden"
	"github.com/cudafp/cudafp/internal/spec"
	"github.com/cudafp/cudafp/internal/testflag"
	"github.com/cudafp/cudafp/ptx"
)

// mufuForms are the instruction forms of the MUFU models with their golden
// files (testdata/golden/default/<id>.txt.gz: the instructions are captured
// with inline asm, so the nvcc flags do not matter).
var mufuForms = []struct {
	id    string
	unary func(uint32) uint32
	div   func(uint32, uint32) uint32
}{
	{id: "ptx_ex2_approx_f32", unary: func(x uint32) uint32 { return ptx.Ex2Approx(x, false) }},
	{id: "ptx_ex2_approx_ftz_f32", unary: func(x uint32) uint32 { return ptx.Ex2Approx(x, true) }},
	{id: "ptx_lg2_approx_f32", unary: func(x uint32) uint32 { return ptx.Lg2Approx(x, false) }},
	{id: "ptx_lg2_approx_ftz_f32", unary: func(x uint32) uint32 { return ptx.Lg2Approx(x, true) }},
	{id: "ptx_rcp_approx_f32", unary: func(x uint32) uint32 { return ptx.RcpApprox(x, false) }},
	{id: "ptx_rcp_approx_ftz_f32", unary: func(x uint32) uint32 { return ptx.RcpApprox(x, true) }},
	{id: "ptx_rsqrt_approx_f32", unary: func(x uint32) uint32 { return ptx.RsqrtApprox(x, false) }},
	{id: "ptx_rsqrt_approx_ftz_f32", unary: func(x uint32) uint32 { return ptx.RsqrtApprox(x, true) }},
	{id: "ptx_sqrt_approx_f32", unary: func(x uint32) uint32 { return ptx.SqrtApprox(x, false) }},
	{id: "ptx_sqrt_approx_ftz_f32", unary: func(x uint32) uint32 { return ptx.SqrtApprox(x, true) }},
	{id: "ptx_div_approx_f32", div: func(x, y uint32) uint32 { return ptx.DivApprox(x, y, false) }},
	{id: "ptx_div_approx_ftz_f32", div: func(x, y uint32) uint32 { return ptx.DivApprox(x, y, true) }},
	{id: "ptx_div_full_f32", div: func(x, y uint32) uint32 { return ptx.DivFull(x, y, false) }},
	{id: "ptx_div_full_ftz_f32", div: func(x, y uint32) uint32 { return ptx.DivFull(x, y, true) }},
}

// mufuQuickBlocks are the hash blocks of the unary forms checked in the
// default tier: +0 and the positive subnormals, [0.5, 2), 2^127 to +Inf and
// the positive NaNs, -0 and the negative subnormals, and [-2, -0.5). Each is
// 2^24 inputs, about 0.3 s of one core.
var mufuQuickBlocks = []int{0x00, 0x3f, 0x7f, 0x80, 0xbf}

func loadMufuGolden(t *testing.T, id string) *golden.File {
	t.Helper()
	f, err := golden.Load(filepath.Join("..", "testdata", "golden", "default", id+".txt.gz"))
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// eval evaluates a form on packed arguments.
func evalForm(unary func(uint32) uint32, div func(uint32, uint32) uint32, in spec.Args) uint32 {
	if unary != nil {
		return unary(uint32(in[0]))
	}
	return div(uint32(in[0]), uint32(in[1]))
}

func fmtArgs(in spec.Args, n int) string {
	var parts []string
	for _, v := range in[:n] {
		parts = append(parts, fmtBits(uint32(v)))
	}
	return strings.Join(parts, ", ")
}

// TestMufuGoldenExplicit compares every form with the device on its special
// grid and its recorded outputs.
func TestMufuGoldenExplicit(t *testing.T) {
	for _, form := range mufuForms {
		t.Run(form.id, func(t *testing.T) {
			t.Parallel()
			f := loadMufuGolden(t, form.id)
			arity := f.Func.Arity()
			bad := 0
			check := func(where string, in spec.Args, want uint64) {
				if got := evalForm(form.unary, form.div, in); uint64(got) != want {
					if bad < 10 {
						t.Errorf("%s: %s(%s) = %s, device %s", where, f.Func.Name, fmtArgs(in, arity), fmtBits(got), fmtBits(uint32(want)))
					}
					bad++
				}
			}
			for k, want := range f.Special {
				check("special", f.Func.GridPoint(f.Grid, k), want)
			}
			for k, want := range f.Recorded {
				check("recorded", f.RecordedInput(k), want)
			}
			if bad > 0 {
				t.Errorf("%d of %d explicit outputs differ", bad, len(f.Special)+len(f.Recorded))
			}
		})
	}
}

// blockHash recomputes hash block b of a golden file.
func blockHash(f *golden.File, unary func(uint32) uint32, div func(uint32, uint32) uint32, b int) uint64 {
	var h uint64
	if f.Exhaustive {
		base := uint64(b) * spec.ExhBlockSize
		for i := base; i < base+spec.ExhBlockSize; i++ {
			h += spec.ElemHash(i, uint64(unary(uint32(i))), false)
		}
		return h
	}
	base := uint64(b) * spec.GenBlockSize
	for i := base; i < base+spec.GenBlockSize; i++ {
		in := f.Func.Input(i)
		h += spec.ElemHash(i, uint64(div(uint32(in[0]), uint32(in[1]))), false)
	}
	return h
}

// TestMufuGoldenBlocks compares block hashes with the device: in the default
// tier mufuQuickBlocks of the unary forms and every 17th block of the
// division forms (which hold every stratum of the generator); with
// CUDAFP_EXHAUSTIVE=1 all 256 blocks of every form, that is every 2^32
// input of the unary forms and 2^24 generated pairs of the divisions (some
// minutes on two cores: go test -run TestMufuGoldenBlocks -timeout 0 ./ptx).
func TestMufuGoldenBlocks(t *testing.T) {
	exhaustive := testflag.Exhaustive()
	t.Logf("exhaustive tier: %v", exhaustive)
	for _, form := range mufuForms {
		f := loadMufuGolden(t, form.id)
		var blocks []int
		switch {
		case exhaustive:
			for b := range spec.Blocks {
				blocks = append(blocks, b)
			}
		case f.Exhaustive:
			blocks = mufuQuickBlocks
		default:
			blocks = golden.QuickBlocks()
		}
		for _, b := range blocks {
			t.Run(fmt.Sprintf("%s/block=%02x", form.id, b), func(t *testing.T) {
				t.Parallel()
				if got, want := blockHash(f, form.unary, form.div, b), f.Hashes[b]; got != want {
					t.Errorf("%s: hash of block %#02x = %016x, device %016x", f.Func.Name, b, got, want)
				}
			})
		}
	}
}
