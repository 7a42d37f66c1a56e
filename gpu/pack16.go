//go:build ignore

// pack16 packs the golden files of gpu/harness16.cu, raw (SRC/<flagset>/<id>.txt)
// or packed (SRC/<flagset>/<id>.txt.gz), into OUT/<flagset>/<id>.txt.gz
// (golden.Pack16: tables delta-coded, data equal to an earlier flag set's
// referenced, gzip), reading each back.
//
//	go run ./gpu/pack16.go SRC OUT
package main

import (
	"fmt"
	"os"

	"github.com/cudafp/cudafp/internal/golden"
)

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: go run ./gpu/pack16.go SRC OUT")
		os.Exit(2)
	}
	n, err := golden.Pack16(os.Args[1], os.Args[2])
	if err != nil {
		fmt.Fprintln(os.Stderr, "pack16:", err)
		os.Exit(1)
	}
	fmt.Printf("pack16: %d files under %s\n", n, os.Args[2])
}
