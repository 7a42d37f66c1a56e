package ulp

import (
	"fmt"
	"math"
	"testing"

	"github.com/cudafp/cudafp/internal/f32"
	"github.com/cudafp/cudafp/internal/testflag"
	"github.com/cudafp/cudafp/rounding"
)

// checkRun compares evalRun1 on the run x0 … x0+n−1 with eval1 input by
// input: want bits, the value's bits (NaN payload included) and the number
// of fallbacks.
func checkRun(t *testing.T, r *Ref, x0 uint32, n int, m rounding.Mode, buf *batchBuf) bool {
	t.Helper()
	want, val := buf.want[:n], buf.val[:n]
	slow := r.evalRun1(x0, m, want, val)
	var slow1 uint64
	for i := range n {
		x := x0 + uint32(i)
		w, v, s := r.eval1(x, m)
		if s {
			slow1++
		}
		if w != want[i] || math.Float64bits(v.Hi) != math.Float64bits(val[i].Hi) || math.Float64bits(v.Lo) != math.Float64bits(val[i].Lo) {
			t.Errorf("%s %v: run from %s (%d inputs) at %s = %#08x, %v + %v; eval1: %#08x, %v + %v",
				r.name, m, f32.Format(x0), n, f32.Format(x), want[i], val[i].Hi, val[i].Lo, w, v.Hi, v.Lo)
			return false
		}
	}
	if slow != slow1 {
		t.Errorf("%s %v: run from %s (%d inputs): %d fallbacks, eval1 %d", r.name, m, f32.Format(x0), n, slow, slow1)
		return false
	}
	return true
}

// TestEvalRun1 checks the batched evaluation of the unary references that
// have cheap classes (Ref.run1) against eval1, in every mode: on runs of
// random starts and lengths (fixed logged seed), and on runs across each
// class edge of the exponentials' run1. The exhaustive tier covers all 2^32
// inputs of exp, exp2 and exp10 in RN, in the batches of an exhaustive
// sweep (~1 minute each on 2 cores).
func TestEvalRun1(t *testing.T) {
	rng := newRand(t, 13)
	var edges []uint32
	for _, e := range []uint32{0, 1, tinyExpEnc, 0x3f800000, 0x42200000, 0x42480000, 0x42c80000, 0x42dc0000, 0x43020000, 0x43200000,
		0x44318000, 0x443a4000, f32.MaxFiniteBits, f32.InfBits, f32.InfBits + 1, f32.CanonicalNaNBits} {
		edges = append(edges, e, e|f32.SignMask)
	}
	buf := new(batchBuf)
	for _, r := range refs {
		if r.arity != 1 || r.run1 == nil { // without run1, evalRun1 is eval1 input by input
			continue
		}
		for _, m := range rounding.Modes {
			for i := 0; i < 300; i++ {
				x0, n := rng.Uint32(), 1+rng.IntN(BatchLen)
				if i%3 == 0 { // a batch-aligned run
					x0 &^= BatchLen - 1
					n = BatchLen
				}
				if !checkRun(t, r, x0, n, m, buf) {
					break
				}
			}
			for _, e := range edges {
				for _, d := range []uint32{BatchLen, BatchLen / 2, 1, 0} {
					if !checkRun(t, r, e-d, BatchLen, m, buf) || !checkRun(t, r, e-d, 1, m, buf) {
						break
					}
				}
			}
		}
	}
	if !testflag.Exhaustive() {
		return
	}
	for _, r := range []*Ref{Exp, Exp2, Exp10} {
		for hi := range 256 {
			t.Run(fmt.Sprintf("%s/RN/shard=%02x", r.name, hi), func(t *testing.T) {
				t.Parallel()
				buf := new(batchBuf)
				for x := uint64(hi) << 24; x < uint64(hi+1)<<24; x += BatchLen {
					if !checkRun(t, r, uint32(x), BatchLen, rounding.RN, buf) {
						return
					}
				}
			})
		}
	}
}
