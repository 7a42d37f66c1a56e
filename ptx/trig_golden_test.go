package ptx_test

import (
	"fmt"
	"path/filepath"
	"testing"

	"github.com/cudafp/cudafp/internal/f32"
	"github.com/cudafp/cudafp/internal/golden"
	"github.com/cudafp/cudafp/internal/spec"
	"github.com/cudafp/cudafp/internal/testflag"
	"github.com/cudafp/cudafp/ptx"
)

// trigForms are the sin, cos and tanh instruction forms with their golden
// files (testdata/golden/default/<id>.txt.gz; the instructions are captured
// with inline asm, so the nvcc flags do not matter).
var trigForms = []struct {
	id, name string
	fn       func(uint32) uint32
	quick    []int // hash blocks of the default tier
}{
	{"ptx_sin_approx_f32", "SinApprox(x, false)", func(x uint32) uint32 { return ptx.SinApprox(x, false) }, trigQuickBlocks},
	{"ptx_sin_approx_ftz_f32", "SinApprox(x, true)", func(x uint32) uint32 { return ptx.SinApprox(x, true) }, trigQuickBlocks},
	{"ptx_cos_approx_f32", "CosApprox(x, false)", func(x uint32) uint32 { return ptx.CosApprox(x, false) }, trigQuickBlocks},
	{"ptx_cos_approx_ftz_f32", "CosApprox(x, true)", func(x uint32) uint32 { return ptx.CosApprox(x, true) }, trigQuickBlocks},
	{"ptx_tanh_approx_f32", "TanhApprox(x)", ptx.TanhApprox, tanhQuickBlocks},
}

// The hash blocks checked in the default tier, 2^24 inputs each (about
// 0.15 s of one core for these models). For sin and cos: +0 and the
// positive subnormals, [0.5, 2) (the first turn), [2^23, 2^25) where r
// reaches whole quarter turns, 2^127 up to +Inf and the NaNs, -0 and the
// negative subnormals, and [-2, -0.5). For tanh: +0 and the subnormals
// (identity), every block of the table's range [2^-8, 8) and the blocks
// at its ends (0x3b to 0x41, where the coefficients of [2^-8, 0.25) and
// [4, 8) come from every 256th encoding only), 2^127 up to the NaNs, and
// [-2, -0.5).
var (
	trigQuickBlocks = []int{0x00, 0x3f, 0x4b, 0x7f, 0x80, 0xbf}
	tanhQuickBlocks = []int{0x00, 0x3b, 0x3c, 0x3d, 0x3e, 0x3f, 0x40, 0x41, 0x7f, 0x80, 0xbf}
)

func loadTrigGolden(t *testing.T, id string) *golden.File {
	t.Helper()
	f, err := golden.Load(filepath.Join("..", "testdata", "golden", "default", id+".txt.gz"))
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// trigFmt formats an encoding for failures: bits [hex float decimal].
func trigFmt(u uint32) string { return f32.Format(u) }

// TestTrigGoldenExplicit compares every form with the device on its special
// grid and its 1024 recorded outputs.
func TestTrigGoldenExplicit(t *testing.T) {
	for _, form := range trigForms {
		t.Run(form.id, func(t *testing.T) {
			t.Parallel()
			f := loadTrigGolden(t, form.id)
			bad := 0
			check := func(where string, x uint32, want uint64) {
				if got := form.fn(x); uint64(got) != want {
					if bad < 10 {
						t.Errorf("%s: %s with x = %s: got %s, device %s", where, form.name, trigFmt(x), trigFmt(got), trigFmt(uint32(want)))
					}
					bad++
				}
			}
			for k, want := range f.Special {
				check("special", uint32(f.Func.GridPoint(f.Grid, k)[0]), want)
			}
			for k, want := range f.Recorded {
				check("recorded", uint32(f.RecordedInput(k)[0]), want)
			}
			if bad > 0 {
				t.Errorf("%d of %d explicit outputs differ", bad, len(f.Special)+len(f.Recorded))
			}
		})
	}
}

// trigBlockHash recomputes hash block b (inputs b·2^24 to (b+1)·2^24−1).
func trigBlockHash(fn func(uint32) uint32, b int) uint64 {
	var h uint64
	base := uint64(b) * spec.ExhBlockSize
	for i := base; i < base+spec.ExhBlockSize; i++ {
		h += spec.ElemHash(i, uint64(fn(uint32(i))), false)
	}
	return h
}

// TestTrigGoldenBlocks compares block hashes with the device: the blocks of
// trigQuickBlocks and tanhQuickBlocks in the default tier (a few seconds on
// two cores); with CUDAFP_EXHAUSTIVE=1 all 256 blocks of every form, that
// is all 2^32 inputs of each (about ten minutes on two cores:
// CUDAFP_EXHAUSTIVE=1 go test -run TestTrigGoldenBlocks -timeout 0 ./ptx).
func TestTrigGoldenBlocks(t *testing.T) {
	exhaustive := testflag.Exhaustive()
	t.Logf("exhaustive tier: %v", exhaustive)
	for _, form := range trigForms {
		f := loadTrigGolden(t, form.id)
		blocks := form.quick
		if exhaustive {
			blocks = make([]int, spec.Blocks)
			for b := range blocks {
				blocks[b] = b
			}
		}
		for _, b := range blocks {
			t.Run(fmt.Sprintf("%s/block=%02x", form.id, b), func(t *testing.T) {
				t.Parallel()
				if got, want := trigBlockHash(form.fn, b), f.Hashes[b]; got != want {
					t.Errorf("%s: hash of block %#02x (inputs %s to %s) = %016x, device %016x", form.name, b,
						trigFmt(uint32(b)<<24), trigFmt(uint32(b)<<24|1<<24-1), got, want)
				}
			})
		}
	}
}
