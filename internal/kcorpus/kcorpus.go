// Package kcorpus reads the files of the kernel corpus (testdata/kernels/
// README.md): the manifest gpu/kernels/cases.txt, whose lines are kernel
// launches in cudafp run's syntax, the device's outputs of each flag set,
// and the .xz files of the PTX and SASS nvcc emitted. Package kernel's
// corpus tests and cudafp bench --kernels read the corpus through it.
package kcorpus

import (
	"bufio"
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/ulikunitz/xz"
)

// Paths under the repository root.
const (
	Manifest = "gpu/kernels/cases.txt" // the cases
	Dir      = "testdata/kernels"      // inputs/CASE, device/FLAGSET, device/blobs
)

// Case is one manifest line,
//
//	NAME SRC.cu KERNEL [--grid D] [--block D] [--shared BYTES] [--arg ARG]... [# order-dependent]
//
// with its dimensions of type D (kernel.Dim3).
type Case[D any] struct {
	Name   string
	Src    string // the source file without .cu: its PTX is Dir/device/FLAGSET/Src.ptx.xz
	Kernel string // the kernel's name, mangled or demangled
	// Grid and Block are the --grid and --block values, or "1" parsed.
	Grid, Block D
	Shared      int      // --shared: dynamic shared memory in bytes
	Args        []string // the --arg values in order, in cudafp run's syntax (inputs under Dir/inputs/NAME)
	// OrderDependent marks a case whose result depends on the order of
	// its atomics ("# order-dependent").
	OrderDependent bool
}

// ReadManifest reads the manifest under root; dim parses a --grid or
// --block value (kernel.ParseDim3). An error names the file and line.
func ReadManifest[D any](root string, dim func(string) (D, error)) ([]Case[D], error) {
	path := filepath.Join(root, Manifest)
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	one, err := dim("1")
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	var cs []Case[D]
	sc := bufio.NewScanner(f)
	for ln := 1; sc.Scan(); ln++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		line, comment, _ := strings.Cut(line, " # ")
		w := strings.Fields(line)
		if len(w) < 3 || len(w)%2 == 0 {
			return nil, fmt.Errorf("%s:%d: malformed case %q", path, ln, line)
		}
		c := Case[D]{Name: w[0], Src: strings.TrimSuffix(w[1], ".cu"), Kernel: w[2], Grid: one, Block: one,
			OrderDependent: strings.TrimSpace(comment) == "order-dependent"}
		for i := 3; i+1 < len(w); i += 2 {
			v := w[i+1]
			switch w[i] {
			case "--grid":
				c.Grid, err = dim(v)
			case "--block":
				c.Block, err = dim(v)
			case "--shared":
				c.Shared, err = strconv.Atoi(v)
			case "--arg":
				c.Args = append(c.Args, v)
			default:
				err = fmt.Errorf("unknown option %s", w[i])
			}
			if err != nil {
				return nil, fmt.Errorf("%s:%d: %v", path, ln, err)
			}
		}
		cs = append(cs, c)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return cs, nil
}

// ReadOutputs reads the device's FLAGSET/outputs.txt under root: case →
// argument ("arg3") → the hash naming its contents after the launch
// (Dir/device/blobs/HASH.npy.gz).
func ReadOutputs(root, flagSet string) (map[string]map[string]string, error) {
	path := filepath.Join(root, Dir, "device", flagSet, "outputs.txt")
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	out := map[string]map[string]string{}
	for i, l := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		f := strings.Fields(l)
		if len(f) != 3 {
			return nil, fmt.Errorf("%s:%d: malformed line %q", path, i+1, l)
		}
		if out[f[0]] == nil {
			out[f[0]] = map[string]string{}
		}
		out[f[0]][f[1]] = f[2]
	}
	return out, nil
}

// ReadDeterminism reads the device's FLAGSET/determinism.txt under root:
// case → the arguments ("arg3") whose contents differed between the
// device's two runs ("NAME differ: arg3.npy, arg4.npy (…)" lines).
func ReadDeterminism(root, flagSet string) (map[string]map[string]bool, error) {
	b, err := os.ReadFile(filepath.Join(root, Dir, "device", flagSet, "determinism.txt"))
	if err != nil {
		return nil, err
	}
	nondet := map[string]map[string]bool{}
	for _, l := range strings.Split(string(b), "\n") {
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
	return nondet, nil
}

// PTXPath returns the path under root of the PTX nvcc emitted for source
// src (a Case's Src) under a flag set.
func PTXPath(root, flagSet, src string) string {
	return filepath.Join(root, Dir, "device", flagSet, src+".ptx.xz")
}

// ReadXZ returns the decompressed contents of an .xz file.
func ReadXZ(path string) ([]byte, error) {
	return readCompressed(path, func(r io.Reader) (io.Reader, error) { return xz.NewReader(r) })
}

// ReadBlob returns the .npy file of a device output, by the hash that
// outputs.txt gives it (blobs/HASH.npy.gz under root's corpus).
func ReadBlob(root, hash string) ([]byte, error) {
	path := filepath.Join(root, Dir, "device", "blobs", hash+".npy.gz")
	return readCompressed(path, func(r io.Reader) (io.Reader, error) { return gzip.NewReader(r) })
}

// readCompressed returns the contents of the file at path through the
// decompressor open makes; its errors name the file.
func readCompressed(path string, open func(io.Reader) (io.Reader, error)) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	r, err := open(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	b, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return b, nil
}
