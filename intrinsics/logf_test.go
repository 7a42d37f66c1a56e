package intrinsics_test

import "github.com/cudafp/cudafp/intrinsics"

func init() {
	for _, l := range []struct {
		name, id string
		m        func(intrinsics.Target, float32) float32
	}{
		{"Log2f", "i_log2f", intrinsics.Target.Log2f},
		{"Logf", "i_logf", intrinsics.Target.Logf},
		{"Log10f", "i_log10f", intrinsics.Target.Log10f},
	} {
		n := l.name
		handSpecials = append(handSpecials, specialFunc{name: n, id: l.id, in: 1, fn: f1(l.m), rows: []specialRow{
			{n + "(NaN) = NaN (canonical 0x7fffffff)", []specialCase{both(cNaN, qNaN), both(cNaN, nNaN), both(cNaN, sNaN)}},
			{n + "(±0) = -Inf; with FTZ, " + n + "(±subnormal) = -Inf too", []specialCase{both(nInf, pZero), both(nInf, nZero), zOnly(nInf, pMinSub), zOnly(nInf, 0x807fffff)}},
			{n + "(x) = NaN (canonical 0x7fffffff) for x < 0, -Inf included (a negative subnormal with FTZ reads as -0)",
				[]specialCase{both(cNaN, nOne), both(cNaN, nInf), both(cNaN, nMax), both(cNaN, 0x80800000), cz(cNaN, nInf, nMinSub)}},
			{n + "(1) = +0", []specialCase{both(pZero, pOne)}},
			{n + "(+Inf) = +Inf", []specialCase{both(pInf, pInf)}},
		}})
	}
	handBench = append(handBench,
		benchFunc{"Logf", "i_logf", func(t intrinsics.Target, in [][3]uint64) (s uint64) {
			for _, a := range in {
				s ^= f2b(t.Logf(b2f(uint32(a[0]))))
			}
			return s
		}},
		benchFunc{"Log2f", "i_log2f", func(t intrinsics.Target, in [][3]uint64) (s uint64) {
			for _, a := range in {
				s ^= f2b(t.Log2f(b2f(uint32(a[0]))))
			}
			return s
		}},
		benchFunc{"Log10f", "i_log10f", func(t intrinsics.Target, in [][3]uint64) (s uint64) {
			for _, a := range in {
				s ^= f2b(t.Log10f(b2f(uint32(a[0]))))
			}
			return s
		}},
	)
}
