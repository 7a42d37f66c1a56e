package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path/filepath"
	"runtime"
	"time"

	"github.com/cudafp/cudafp/internal/kcorpus"
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
	cs, err := kcorpus.ReadManifest(root, kernel.ParseDim3)
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return nil, usagef("--kernels: %v (run from the repository root)", err)
	}
	if err != nil {
		return nil, err
	}
	ls := make([]corpusLaunch, len(cs))
	for i, c := range cs {
		ls[i] = corpusLaunch{name: c.Name, src: c.Src, kernel: c.Kernel, grid: c.Grid, block: c.Block, shared: c.Shared, args: c.Args}
	}
	return ls, nil
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
			path := kcorpus.PTXPath(root, "default", c.src)
			src, err := kcorpus.ReadXZ(path)
			if err != nil {
				return err
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
		dir := filepath.Join(root, kcorpus.Dir, "inputs", c.name)
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
