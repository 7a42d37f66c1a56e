package spec

import (
	"math"
	"testing"
)

// TestBoundUnstated checks lgammaf's reading of "6 ulp outside interval
// -10.001 ... -2.264; larger inside": no ulp bound inside the open
// interval, 6 ulp at its ends and outside; InUnstated is false at a NaN.
func TestBoundUnstated(t *testing.T) {
	f, ok := Lookup("lgammaf")
	if !ok {
		t.Fatal("lgammaf is not catalogued")
	}
	b := f.Bound
	for _, c := range []struct {
		x    float64
		want float64
	}{
		{-5, math.Inf(1)}, {-10, math.Inf(1)}, {-2.3, math.Inf(1)},
		{-10.001, 6}, {-2.264, 6}, {-11, 6}, {-2, 6}, {0.5, 6},
	} {
		if got := b.ULPAt(c.x); got != c.want {
			t.Errorf("lgammaf bound at %g: %g ulp, want %g", c.x, got, c.want)
		}
	}
	if b.InUnstated(math.NaN()) || (Bound{ULP: 2}).InUnstated(0) {
		t.Error("InUnstated is true at a NaN or without an interval")
	}
}
