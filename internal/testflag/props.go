package testflag

import (
	"testing"

	"github.com/leanovate/gopter"
)

// Properties returns gopter properties seeded with Seed, which it logs, that
// run n cases each (short under go test -short).
func Properties(t testing.TB, n, short int) *gopter.Properties {
	t.Helper()
	seed := Seed()
	t.Logf("seed %d (CUDAFP_SEED)", seed)
	params := gopter.DefaultTestParametersWithSeed(int64(seed))
	params.MinSuccessfulTests = n
	if testing.Short() {
		params.MinSuccessfulTests = short
	}
	return gopter.NewProperties(params)
}
