package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/ulikunitz/xz"

	"github.com/cudafp/cudafp/kernel"
)

// corpusLaunch is one line of gpu/kernels/cases.txt: a case of the kernel
// corpus in cudafp run's syntax.
type corpusLaunch struct {
	name, src, kernel string
	grid, block       kernel.Dim3
	shared            int
	args              []string
}

// readCorpus reads the manifest of the kernel corpus under root (the
// repository: gpu/kernels/cases.txt).
func readCorpus(root string) ([]corpusLaunch, error) {
	path := filepath.Join(root, "gpu", "kernels", "cases.txt")
	f, err := os.Open(path)
	if err != nil {
		return nil, usagef("--kernels: %v (run from the repository root)", err)
	}
	defer f.Close()
	var cs []corpusLaunch
	sc := bufio.NewScanner(f)
	for ln := 1; sc.Scan(); ln++ {
		line, _, _ := strings.Cut(strings.TrimSpace(sc.Text()), " # ")
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		w := strings.Fields(line)
		if len(w) < 3 || len(w)%2 == 0 {
			return nil, fmt.Errorf("%s:%d: malformed case", path, ln)
		}
		c := corpusLaunch{name: w[0], src: strings.TrimSuffix(w[1], ".cu"), kernel: w[2], grid: kernel.Dim3{X: 1, Y: 1, Z: 1}, block: kernel.Dim3{X: 1, Y: 1, Z: 1}}
		for i := 3; i+1 < len(w); i += 2 {
			var err error
			switch w[i] {
			case "--grid":
				c.grid, err = kernel.ParseDim3(w[i+1])
			case "--block":
				c.block, err = kernel.ParseDim3(w[i+1])
			case "--shared":
				c.shared, err = strconv.Atoi(w[i+1])
			case "--arg":
				c.args = append(c.args, w[i+1])
			default:
				err = fmt.Errorf("unknown option %s", w[i])
			}
			if err != nil {
				return nil, fmt.Errorf("%s:%d: %v", path, ln, err)
			}
		}
		cs = append(cs, c)
	}
	return cs, sc.Err()
}

// benchKernels times every corpus case (the PTX of the default flags) on
// one worker and on every core, for at least d each, and prints a Markdown
// table of thread-instructions per second. The time includes each launch's
// buffer set-up (allocation and the copy of its inputs), not the reading of
// the input files.
func benchKernels(w io.Writer, root string, d time.Duration) error {
	cases, err := readCorpus(root)
	if err != nil {
		return err
	}
	mods := map[string]*kernel.Module{}
	fmt.Fprintf(w, "### Kernel corpus (testdata/kernels, default flags): thread-instructions per second\n\n")
	fmt.Fprintf(w, "Machine: %s, GOMAXPROCS %d; each case launched repeatedly for at least %v per column.\n\n", cpuModel(), runtime.GOMAXPROCS(0), d)
	fmt.Fprintln(w, "| case | kernel | grid × block | thread-instructions | Minst/s, 1 worker | Minst/s, all cores | speedup |")
	fmt.Fprintln(w, "|---|---|---|--:|--:|--:|--:|")
	var tot1, totAll, totN float64
	for _, c := range cases {
		m := mods[c.src]
		if m == nil {
			path := filepath.Join(root, "testdata", "kernels", "device", "default", c.src+".ptx.xz")
			f, err := os.Open(path)
			if err != nil {
				return err
			}
			r, err := xz.NewReader(f)
			if err != nil {
				f.Close()
				return fmt.Errorf("%s: %v", path, err)
			}
			src, err := io.ReadAll(r)
			f.Close()
			if err != nil {
				return fmt.Errorf("%s: %v", path, err)
			}
			if m, err = kernel.Load(path, src); err != nil {
				return err
			}
			mods[c.src] = m
		}
		k, err := m.Kernel(c.kernel)
		if err != nil {
			return err
		}
		dir := filepath.Join(root, "testdata", "kernels", "inputs", c.name)
		specs := make([]*kernel.ArgSpec, len(c.args))
		for i, s := range c.args {
			if specs[i], err = kernel.ParseArg(s, dir); err != nil {
				return err
			}
		}
		// rate launches the case for at least d and returns the
		// thread-instructions per second and per launch.
		rate := func(workers int) (float64, uint64, error) {
			var n, per uint64
			start := time.Now()
			for time.Since(start) < d {
				mem := kernel.NewMemory()
				args := make([]kernel.Arg, len(c.args))
				for i, a := range specs {
					var err error
					if args[i], _, err = a.Bind(mem); err != nil {
						return 0, 0, err
					}
				}
				st, err := kernel.LaunchStats(k, kernel.LaunchConfig{Grid: c.grid, Block: c.block, SharedBytes: c.shared, Memory: mem, Workers: workers}, args...)
				if err != nil {
					return 0, 0, fmt.Errorf("%s: %v", c.name, err)
				}
				n, per = n+st.ThreadInstructions, st.ThreadInstructions
			}
			return float64(n) / time.Since(start).Seconds(), per, nil
		}
		r1, n1, err := rate(1)
		if err != nil {
			return err
		}
		rAll, _, err := rate(0)
		if err != nil {
			return err
		}
		tot1 += float64(n1) / r1
		totAll += float64(n1) / rAll
		totN += float64(n1)
		fmt.Fprintf(w, "| %s | `%s` | %d,%d,%d × %d,%d,%d | %d | %.1f | %.1f | %.2f |\n", c.name, c.kernel,
			c.grid.X, c.grid.Y, c.grid.Z, c.block.X, c.block.Y, c.block.Z, n1, r1/1e6, rAll/1e6, rAll/r1)
	}
	fmt.Fprintf(w, "| **all cases** | | | | **%.1f** | **%.1f** | **%.2f** |\n", totN/tot1/1e6, totN/totAll/1e6, tot1/totAll)
	return nil
}
