//go:build ignore

// stubcheck verifies golden files written by a host-stub build of the
// harness (gpu/cuda_stub.h, capture.sh's check mode) or of the 16-bit
// harness (gpu/cuda_stub16.h, capture16.sh's) against golden.StubKernel at
// the exhaustive tier: every special-grid point,
// recorded input and all 2^24 generated inputs of the harness must be the
// ones internal/spec generates. It proves the capture path, not the
// emulation: the stub's outputs are hashes of the arguments.
//
//	go run gpu/stubcheck.go [-quick] FILE...
//
// -quick checks the quick tier only (grid, recorded outputs, 16 hash spans).
package main

import (
	"context"
	"flag"
	"fmt"
	"os"

	"github.com/cudafp/cudafp/internal/golden"
)

func main() {
	quick := flag.Bool("quick", false, "check the quick tier only")
	flag.Parse()
	tier := golden.Exhaustive
	if *quick {
		tier = golden.Quick
	}
	var files []*golden.File
	for _, p := range flag.Args() {
		f, err := golden.Load(p)
		if err != nil {
			fmt.Fprintln(os.Stderr, "stubcheck:", err)
			os.Exit(1)
		}
		files = append(files, f)
	}
	bad := 0
	for _, r := range golden.Verify(context.Background(), files, golden.Options{Tier: tier, Impl: golden.StubKernel}) {
		status := "ok"
		if !r.OK() {
			status = "MISMATCH"
			bad++
		}
		fmt.Printf("stubcheck: %s %s: %d inputs (%d explicit, %d hashes): %d mismatches: %s\n",
			r.ID, r.FlagSet, r.Inputs, r.ExplicitInputs, r.HashesChecked, r.Mismatches, status)
		for _, m := range r.First {
			fmt.Printf("  %s %v: got %s, harness %s\n", m.Where, m.Args, m.GotS, m.WantS)
		}
	}
	if bad > 0 {
		os.Exit(1)
	}
}
