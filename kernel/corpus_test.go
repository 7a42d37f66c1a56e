package kernel

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"testing"
	"time"

	"github.com/cudafp/cudafp/internal/kcorpus"
)

// The corpus test runs every case of gpu/kernels/cases.txt (testdata/
// kernels/README.md) under every captured flag set on the PTX nvcc emitted
// for it, and compares every buffer argument after the launch with the
// device's (testdata/kernels/device), bit for bit. A buffer the device
// itself did not reproduce from one run to the next (an order-dependent
// atomic's result, listed in determinism.txt) is compared by size only.

const corpusDir = "../" + kcorpus.Dir

// corpusCase is one manifest line.
type corpusCase = kcorpus.Case[Dim3]

// readManifest reads the corpus's manifest.
func readManifest(t testing.TB) []corpusCase {
	t.Helper()
	cs, err := kcorpus.ReadManifest("..", ParseDim3)
	if err != nil {
		t.Fatal(err)
	}
	return cs
}

// readXZ returns the decompressed content of an .xz file.
func readXZ(t testing.TB, path string) []byte {
	t.Helper()
	b, err := kcorpus.ReadXZ(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// deviceOutputs reads FLAGSET/outputs.txt: case → argument → blob hash;
// and FLAGSET/determinism.txt: case → the files its two device runs
// disagreed on.
func deviceOutputs(t testing.TB, fs string) (map[string]map[string]string, map[string]map[string]bool) {
	t.Helper()
	out, err := kcorpus.ReadOutputs("..", fs)
	if err != nil {
		t.Fatal(err)
	}
	nondet, err := kcorpus.ReadDeterminism("..", fs)
	if err != nil {
		t.Fatal(err)
	}
	return out, nondet
}

var blobCache sync.Map // hash → *NPYArray

// deviceBlob returns the device output with the given hash.
func deviceBlob(t testing.TB, hash string) *NPYArray {
	t.Helper()
	if a, ok := blobCache.Load(hash); ok {
		return a.(*NPYArray)
	}
	raw, err := kcorpus.ReadBlob("..", hash)
	if err != nil {
		t.Fatal(err)
	}
	tmp := filepath.Join(t.TempDir(), hash+".npy")
	if err := os.WriteFile(tmp, raw, 0o644); err != nil {
		t.Fatal(err)
	}
	a, err := ReadNPY(tmp)
	if err != nil {
		t.Fatal(err)
	}
	blobCache.Store(hash, a)
	return a
}

// runCase launches case c of module m and returns the buffers' contents
// after the launch, by argument position.
func runCase(m *Module, c corpusCase) (map[int][]byte, error) {
	out, _, err := runCaseStats(m, c, 0)
	return out, err
}

// runCaseStats is runCase on the given number of workers (0: every core),
// also returning the launch's Stats.
func runCaseStats(m *Module, c corpusCase, workers int) (map[int][]byte, Stats, error) {
	k, err := m.Kernel(c.Kernel)
	if err != nil {
		return nil, Stats{}, err
	}
	mem := NewMemory()
	var args []Arg
	bufs := map[int]*Buffer{}
	for i, s := range c.Args {
		a, err := ParseArg(s, filepath.Join(corpusDir, "inputs", c.Name))
		if err != nil {
			return nil, Stats{}, err
		}
		arg, b, err := a.Bind(mem)
		if err != nil {
			return nil, Stats{}, err
		}
		if b != nil {
			bufs[i] = b
		}
		args = append(args, arg)
	}
	cfg := LaunchConfig{Grid: c.Grid, Block: c.Block, SharedBytes: c.Shared, Memory: mem, MaxInstructions: 1 << 34, Workers: workers}
	st, err := LaunchStats(k, cfg, args...)
	if err != nil {
		return nil, st, err
	}
	out := map[int][]byte{}
	for i, b := range bufs {
		out[i] = b.Bytes()
	}
	return out, st, nil
}

// BenchmarkCorpus runs every corpus case (default flags) on one worker and
// reports the interpreter's thread-instructions per second over the whole
// corpus (Minst/s, per core) and the time per corpus pass.
func BenchmarkCorpus(b *testing.B) {
	cases := readManifest(b)
	mods := map[string]*Module{}
	for _, c := range cases {
		s := c.Src
		if mods[s] == nil {
			path := kcorpus.PTXPath("..", "default", s)
			m, err := Load(path, readXZ(b, path))
			if err != nil {
				b.Fatal(err)
			}
			mods[s] = m
		}
	}
	var n uint64
	for b.Loop() {
		for _, c := range cases {
			_, st, err := runCaseStats(mods[c.Src], c, 1)
			if err != nil {
				b.Fatalf("%s: %v", c.Name, err)
			}
			n += st.ThreadInstructions
		}
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds()/1e6, "Minst/s")
}

// BenchmarkScaling runs the corpus's largest grid (matmul_f32) on one
// worker and on every core; "speedup" is the ratio of their rates, the
// scaling with cores of a kernel of many blocks.
func BenchmarkScaling(b *testing.B) {
	var c corpusCase
	for _, x := range readManifest(b) {
		if x.Name == "matmul_f32" {
			c = x
		}
	}
	if c.Name == "" {
		b.Fatal("no matmul_f32 case in the manifest")
	}
	path := kcorpus.PTXPath("..", "default", c.Src)
	m, err := Load(path, readXZ(b, path))
	if err != nil {
		b.Fatal(err)
	}
	rate := func(workers int) float64 {
		var n uint64
		start := time.Now()
		for range 3 {
			_, st, err := runCaseStats(m, c, workers)
			if err != nil {
				b.Fatal(err)
			}
			n += st.ThreadInstructions
		}
		return float64(n) / time.Since(start).Seconds()
	}
	var one, all float64
	for b.Loop() {
		one += rate(1)
		all += rate(0)
	}
	b.ReportMetric(one/float64(b.N)/1e6, "Minst/s-1worker")
	b.ReportMetric(all/float64(b.N)/1e6, "Minst/s-allcores")
	b.ReportMetric(all/one, "speedup")
	b.ReportMetric(float64(runtime.GOMAXPROCS(0)), "cores")
}

// TestCorpus runs the corpus and compares with the device.
func TestCorpus(t *testing.T) {
	cases := readManifest(t)
	srcs := map[string]bool{}
	for _, c := range cases {
		srcs[c.Src] = true
	}
	total, pass := 0, 0
	var unsupported []string
	// An order-dependent case's buffers that any flag set's two device
	// runs disagreed on (two runs may agree by chance).
	orderDep := map[string]map[string]bool{}
	for _, fs := range flagSets {
		_, nd := deviceOutputs(t, fs)
		for name, files := range nd {
			if orderDep[name] == nil {
				orderDep[name] = map[string]bool{}
			}
			for f := range files {
				orderDep[name][f] = true
			}
		}
	}
	for _, fs := range flagSets {
		outputs, _ := deviceOutputs(t, fs)
		mods := map[string]*Module{}
		for s := range srcs {
			path := kcorpus.PTXPath("..", fs, s)
			m, err := Load(path, readXZ(t, path))
			if err != nil {
				t.Errorf("%s: %v", path, err)
				continue
			}
			mods[s] = m
		}
		for _, c := range cases {
			total++
			m := mods[c.Src]
			if m == nil {
				continue
			}
			got, err := runCase(m, c)
			var ue *UnsupportedError
			if errors.As(err, &ue) {
				unsupported = append(unsupported, fs+"/"+c.Name+": "+err.Error())
				continue
			}
			if err != nil {
				t.Errorf("%s/%s: %v", fs, c.Name, err)
				continue
			}
			ok := true
			for i := range c.Args {
				b, isBuf := got[i]
				if !isBuf {
					continue
				}
				an := fmt.Sprintf("arg%d", i)
				hash, have := outputs[c.Name][an]
				if !have {
					t.Errorf("%s/%s: no device output for %s", fs, c.Name, an)
					ok = false
					continue
				}
				want := deviceBlob(t, hash)
				switch {
				case len(want.Data) != len(b):
					t.Errorf("%s/%s %s: %d bytes, the device's %d", fs, c.Name, an, len(b), len(want.Data))
					ok = false
				case c.OrderDependent && orderDep[c.Name][an]:
					// order-dependent on the device too: sizes only
				case !bytes.Equal(want.Data, b):
					t.Errorf("%s/%s %s: %s", fs, c.Name, an, firstDiff(want, b))
					ok = false
				}
			}
			if ok {
				pass++
			}
		}
	}
	for _, u := range unsupported {
		t.Logf("unsupported: %s", u)
	}
	t.Logf("corpus: %d of %d (case, flag set) runs equal to the device's, %d unsupported", pass, total, len(unsupported))
}

// firstDiff describes the first element where got differs from the
// device's array.
func firstDiff(want *NPYArray, got []byte) string {
	size := 1
	switch want.Dtype[1:] {
	case "f2", "i2", "u2":
		size = 2
	case "f4", "i4", "u4":
		size = 4
	case "f8", "i8", "u8":
		size = 8
	}
	n := 0
	first := -1
	for i := 0; i+size <= len(got); i += size {
		if !bytes.Equal(got[i:i+size], want.Data[i:i+size]) {
			if first < 0 {
				first = i / size
			}
			n++
		}
	}
	if first < 0 {
		return "equal"
	}
	return fmt.Sprintf("%d of %d elements (%s) differ; first [%d]: got %x, device %x", n, len(got)/size, want.Dtype,
		first, revBytes(got[first*size:(first+1)*size]), revBytes(want.Data[first*size:(first+1)*size]))
}

func revBytes(b []byte) []byte {
	r := make([]byte, len(b))
	for i := range b {
		r[len(b)-1-i] = b[i]
	}
	return r
}
