// Package testflag holds the switches of cudafp's test tiers. They are read
// from the environment, not from go test flags, so that `go test ./...` works
// in every package whether or not it uses them (a custom test flag is
// rejected by every test binary that does not define it).
//
//	CUDAFP_EXHAUSTIVE=1   run the exhaustive tier: every 2^32 input of unary
//	                      functions, every hash block of the golden data
//	CUDAFP_SEED=N         seed of the property and random tests (default 1)
//
// Each test that draws random inputs logs the seed it used.
package testflag

import (
	"os"
	"strconv"
)

// DefaultSeed is the seed used when CUDAFP_SEED is unset.
const DefaultSeed uint64 = 1

// Exhaustive reports whether CUDAFP_EXHAUSTIVE asks for the exhaustive tier.
func Exhaustive() bool {
	v, _ := strconv.ParseBool(os.Getenv("CUDAFP_EXHAUSTIVE"))
	return v
}

// Seed returns CUDAFP_SEED, or DefaultSeed when it is unset or malformed.
func Seed() uint64 {
	s, err := strconv.ParseUint(os.Getenv("CUDAFP_SEED"), 0, 64)
	if err != nil {
		return DefaultSeed
	}
	return s
}
