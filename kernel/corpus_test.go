package kernel

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ulikunitz/xz"
)

// The corpus test runs every case of gpu/kernels/cases.txt (testdata/
// kernels/README.md) under every captured flag set on the PTX nvcc emitted
// for it, and compares every buffer argument after the launch with the
// device's (testdata/kernels/device), bit for bit. A buffer the device
// itself did not reproduce from one run to the next (an order-dependent
// atomic's result, listed in determinism.txt) is compared by size only.

const corpusDir = "../testdata/kernels"

// corpusCase is one manifest line.
type corpusCase struct {
	name, src, kernel string
	grid, block       Dim3
	shared            int
	args              []string
	orderDependent    bool // marked "# order-dependent" in the manifest
}

func readManifest(t testing.TB) []corpusCase {
	t.Helper()
	f, err := os.Open("../gpu/kernels/cases.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cs []corpusCase
	sc := bufio.NewScanner(f)
	for ln := 1; sc.Scan(); ln++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		line, comment, _ := strings.Cut(line, " # ")
		fs := strings.Fields(line)
		if len(fs) < 3 {
			t.Fatalf("cases.txt:%d: %q", ln, line)
		}
		c := corpusCase{name: fs[0], src: fs[1], kernel: fs[2], grid: Dim3{1, 1, 1}, block: Dim3{1, 1, 1},
			orderDependent: strings.TrimSpace(comment) == "order-dependent"}
		for i := 3; i < len(fs); i += 2 {
			if i+1 >= len(fs) {
				t.Fatalf("cases.txt:%d: %s without a value", ln, fs[i])
			}
			v := fs[i+1]
			switch fs[i] {
			case "--grid":
				c.grid, err = ParseDim3(v)
			case "--block":
				c.block, err = ParseDim3(v)
			case "--shared":
				c.shared, err = strconv.Atoi(v)
			case "--arg":
				c.args = append(c.args, v)
			default:
				err = fmt.Errorf("unknown option %s", fs[i])
			}
			if err != nil {
				t.Fatalf("cases.txt:%d: %v", ln, err)
			}
		}
		cs = append(cs, c)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return cs
}

// readXZ returns the decompressed content of an .xz file.
func readXZ(t testing.TB, path string) []byte {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r, err := xz.NewReader(f)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	b, err := io.ReadAll(r)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return b
}

// deviceOutputs reads FLAGSET/outputs.txt: case → argument → blob hash;
// and FLAGSET/determinism.txt: case → the files its two device runs
// disagreed on.
func deviceOutputs(t testing.TB, fs string) (map[string]map[string]string, map[string]map[string]bool) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(corpusDir, "device", fs, "outputs.txt"))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]map[string]string{}
	for _, l := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		f := strings.Fields(l)
		if len(f) != 3 {
			t.Fatalf("%s/outputs.txt: %q", fs, l)
		}
		if out[f[0]] == nil {
			out[f[0]] = map[string]string{}
		}
		out[f[0]][f[1]] = f[2]
	}
	d, err := os.ReadFile(filepath.Join(corpusDir, "device", fs, "determinism.txt"))
	if err != nil {
		t.Fatal(err)
	}
	nondet := map[string]map[string]bool{}
	for _, l := range strings.Split(string(d), "\n") {
		name, rest, ok := strings.Cut(l, " differ: ")
		if !ok || strings.HasPrefix(l, "#") {
			continue
		}
		rest, _, _ = strings.Cut(rest, " (")
		nondet[name] = map[string]bool{}
		for _, f := range strings.Fields(strings.ReplaceAll(rest, ",", " ")) {
			nondet[name][strings.TrimSuffix(f, ".npy")] = true
		}
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
	path := filepath.Join(corpusDir, "device", "blobs", hash+".npy.gz")
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	z, err := gzip.NewReader(f)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	raw, err := io.ReadAll(z)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
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
	k, err := m.Kernel(c.kernel)
	if err != nil {
		return nil, Stats{}, err
	}
	mem := NewMemory()
	var args []Arg
	bufs := map[int]*Buffer{}
	for i, s := range c.args {
		a, err := ParseArg(s, filepath.Join(corpusDir, "inputs", c.name))
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
	cfg := LaunchConfig{Grid: c.grid, Block: c.block, SharedBytes: c.shared, Memory: mem, MaxInstructions: 1 << 34, Workers: workers}
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
		s := strings.TrimSuffix(c.src, ".cu")
		if mods[s] == nil {
			path := filepath.Join(corpusDir, "device", "default", s+".ptx.xz")
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
			_, st, err := runCaseStats(mods[strings.TrimSuffix(c.src, ".cu")], c, 1)
			if err != nil {
				b.Fatalf("%s: %v", c.name, err)
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
		if x.name == "matmul_f32" {
			c = x
		}
	}
	if c.name == "" {
		b.Fatal("no matmul_f32 case in the manifest")
	}
	path := filepath.Join(corpusDir, "device", "default", strings.TrimSuffix(c.src, ".cu")+".ptx.xz")
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
		srcs[strings.TrimSuffix(c.src, ".cu")] = true
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
			path := filepath.Join(corpusDir, "device", fs, s+".ptx.xz")
			m, err := Load(path, readXZ(t, path))
			if err != nil {
				t.Errorf("%s: %v", path, err)
				continue
			}
			mods[s] = m
		}
		for _, c := range cases {
			total++
			m := mods[strings.TrimSuffix(c.src, ".cu")]
			if m == nil {
				continue
			}
			got, err := runCase(m, c)
			var ue *UnsupportedError
			if errors.As(err, &ue) {
				unsupported = append(unsupported, fs+"/"+c.name+": "+err.Error())
				continue
			}
			if err != nil {
				t.Errorf("%s/%s: %v", fs, c.name, err)
				continue
			}
			ok := true
			for i := range c.args {
				b, isBuf := got[i]
				if !isBuf {
					continue
				}
				an := fmt.Sprintf("arg%d", i)
				hash, have := outputs[c.name][an]
				if !have {
					t.Errorf("%s/%s: no device output for %s", fs, c.name, an)
					ok = false
					continue
				}
				want := deviceBlob(t, hash)
				switch {
				case len(want.Data) != len(b):
					t.Errorf("%s/%s %s: %d bytes, the device's %d", fs, c.name, an, len(b), len(want.Data))
					ok = false
				case c.orderDependent && orderDep[c.name][an]:
					// order-dependent on the device too: sizes only
				case !bytes.Equal(want.Data, b):
					t.Errorf("%s/%s %s: %s", fs, c.name, an, firstDiff(want, b))
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
