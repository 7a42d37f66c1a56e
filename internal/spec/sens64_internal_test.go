package spec

import "testing"

// TestSensLib64Names checks that every name of the double sensitivity table
// is a double standard function, so that a misspelt name cannot leave a
// function declared insensitive.
func TestSensLib64Names(t *testing.T) {
	lib := map[string]bool{}
	for _, l := range library64Table {
		lib[l.name] = true
	}
	for n := range sensLib64 {
		if !lib[n] {
			t.Errorf("sensLib64 names %q, which is not in library64Table", n)
		}
	}
}
