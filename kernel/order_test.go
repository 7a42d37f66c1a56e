package kernel

import (
	"bytes"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/cudafp/cudafp/internal/kcorpus"
)

// TestBlockOrder checks that every order is a permutation of the blocks,
// that seed 0 is the index order and that seeds differ.
func TestBlockOrder(t *testing.T) {
	for _, n := range []uint64{1, 2, 3, 5, 8, 64, 1000, 4097} {
		var orders [][]uint64
		for _, seed := range []uint64{0, 1, 2, 0xdeadbeef} {
			o := newBlockOrder(n, seed)
			seen := make([]bool, n)
			var seq []uint64
			for i := range n {
				j := o.at(i)
				if j >= n || seen[j] {
					t.Fatalf("n=%d seed=%d: position %d gives block %d (a repeat or out of range)", n, seed, i, j)
				}
				seen[j] = true
				seq = append(seq, j)
				if seed == 0 && j != i {
					t.Fatalf("n=%d: the fixed order takes block %d at position %d", n, j, i)
				}
			}
			orders = append(orders, seq)
		}
		if n >= 8 {
			for a := range orders {
				for b := a + 1; b < len(orders); b++ {
					if fmt.Sprint(orders[a]) == fmt.Sprint(orders[b]) {
						t.Errorf("n=%d: orders %d and %d are the same", n, a, b)
					}
				}
			}
		}
	}
}

// TestInterleaveCorpus runs every atomics case of the corpus (default
// flags) in the fixed order and under 6 seeded interleavings. A case that
// is order-independent by construction gives the device's output in every
// run; the two order-dependent ones (cases.txt) vary, as they do on the
// device. The fixed order gives the same bytes with one worker and with
// every core, and a seed the same bytes twice.
func TestInterleaveCorpus(t *testing.T) {
	const seed, runs = 1, 6
	t.Logf("interleavings: seeds %d to %d", seed, seed+runs-1)
	outputs, _ := deviceOutputs(t, "default")
	path := kcorpus.PTXPath("..", "default", "atomics")
	m, err := Load(path, readXZ(t, path))
	if err != nil {
		t.Fatal(err)
	}
	ncases, varying := 0, 0
	for _, c := range readManifest(t) {
		if c.Src != "atomics" {
			continue
		}
		ncases++
		k, err := m.Kernel(c.Kernel)
		if err != nil {
			t.Fatal(err)
		}
		launch := func(workers int, seed uint64, interleavings int) ([]Variation, error) {
			mem := NewMemory()
			args := make([]Arg, len(c.Args))
			for i, s := range c.Args {
				a, err := ParseArg(s, filepath.Join(corpusDir, "inputs", c.Name))
				if err != nil {
					return nil, err
				}
				if args[i], _, err = a.Bind(mem); err != nil {
					return nil, err
				}
			}
			cfg := LaunchConfig{Grid: c.Grid, Block: c.Block, SharedBytes: c.Shared, Memory: mem, Workers: workers}
			if interleavings == 0 {
				cfg.Seed = seed
				if err := Launch(k, cfg, args...); err != nil {
					return nil, err
				}
				var vs []Variation
				for i, a := range args {
					if b, ok := a.(*Buffer); ok {
						vs = append(vs, Variation{Arg: i, Outcomes: 1, Runs: [][]byte{bytes.Clone(b.Bytes())}})
					}
				}
				return vs, nil
			}
			return Interleave(k, cfg, interleavings, seed, args...)
		}
		vs, err := launch(0, seed, runs)
		if err != nil {
			t.Fatalf("%s: %v", c.Name, err)
		}
		caseVaries := false
		for _, v := range vs {
			an := fmt.Sprintf("arg%d", v.Arg)
			want := deviceBlob(t, outputs[c.Name][an]).Data
			if v.Outcomes > 1 {
				caseVaries = true
				if !c.OrderDependent {
					t.Errorf("%s %s: %d outcomes over %d runs of an order-independent case", c.Name, an, v.Outcomes, runs+1)
				}
				continue
			}
			if !c.OrderDependent && !bytes.Equal(v.Runs[0], want) {
				t.Errorf("%s %s: every run differs from the device's", c.Name, an)
			}
		}
		if c.OrderDependent {
			if !caseVaries {
				t.Errorf("%s: order-dependent, but its %d runs agree", c.Name, runs+1)
			}
			varying++
		}
		// Reproducible: the fixed order on one worker and on every core,
		// and one seed twice, give the same bytes.
		for _, w := range []struct {
			workers int
			seed    uint64
			run     int // the run of vs it must equal
		}{{1, 0, 0}, {0, 0, 0}, {0, seed + 2, 3}} {
			again, err := launch(w.workers, w.seed, 0)
			if err != nil {
				t.Fatalf("%s: %v", c.Name, err)
			}
			for j, v := range again {
				if !bytes.Equal(v.Runs[0], vs[j].Runs[w.run]) {
					t.Errorf("%s arg%d: workers=%d seed=%d differs from the same order's earlier run", c.Name, v.Arg, w.workers, w.seed)
				}
			}
		}
		for _, v := range vs {
			if v.Outcomes > 1 {
				sp := v.Spread(elemOf(t, c.Args[v.Arg], filepath.Join(corpusDir, "inputs", c.Name)))
				t.Logf("%s arg%d: %d outcomes; %d of %d elements vary, by up to %d (element %d)", c.Name, v.Arg, v.Outcomes, sp.Varying, sp.Elements, sp.Max, sp.At)
			}
		}
	}
	if ncases == 0 || varying != 2 {
		t.Fatalf("%d atomics cases, %d of them order-dependent: want the corpus's 2 order-dependent cases among them", ncases, varying)
	}
}

// elemOf returns the element type of a buffer --arg (@ paths in dir).
func elemOf(t *testing.T, s, dir string) ElemType {
	t.Helper()
	a, err := ParseArg(s, dir)
	if err != nil || !a.Buffer {
		t.Fatalf("--arg %s: not a buffer (%v)", s, err)
	}
	return a.Type
}

// TestSpread checks ElemSpread on hand-made runs: f32 values one and three
// ulps apart, -0 against +0, a signed integer crossing zero.
func TestSpread(t *testing.T) {
	f32 := func(us ...uint32) []byte {
		var b []byte
		for _, u := range us {
			b = append(b, byte(u), byte(u>>8), byte(u>>16), byte(u>>24))
		}
		return b
	}
	v := Variation{Runs: [][]byte{
		f32(0x3f800000, 0x80000000, 0xbf800000, 7),
		f32(0x3f800001, 0x00000000, 0xbf800003, 7),
		f32(0x3f800000, 0x80000000, 0xbf800001, 7),
	}}
	got := v.Spread(ElemF32)
	want := ElemSpread{Elements: 4, Varying: 3, Max: 3, At: 2}
	if got != want {
		t.Errorf("f32: %+v, want %+v", got, want)
	}
	got = v.Spread(ElemS32)
	// as int32: element 1 is 0x80000000 (the minimum) against 0: 2^31.
	if got.Varying != 3 || got.Max != 1<<31 || got.At != 1 {
		t.Errorf("s32: %+v, want 3 varying, max 2^31 at element 1", got)
	}
	same := Variation{Runs: [][]byte{f32(1, 2), f32(1, 2)}}
	if got := same.Spread(ElemU32); got != (ElemSpread{Elements: 2, At: -1}) {
		t.Errorf("identical runs: %+v", got)
	}
}
