package intrinsics_test

import (
	"math"
	"testing"

	"github.com/cudafp/cudafp/internal/spec"
	"github.com/cudafp/cudafp/intrinsics"
)

// nativeLoop is the float64 Go a user writes instead of a double
// intrinsic, in benchFunc's loop shape: the host's operator or conversion
// (round to nearest; the directed modes' twin is the RN operator, the cost
// to compare with).
type nativeLoop func(in [][3]uint64) (s uint64)

func d(u uint64) float64 { return math.Float64frombits(u) }

var natives64 = map[string]nativeLoop{
	"dadd": func(in [][3]uint64) (s uint64) {
		for _, a := range in {
			s ^= math.Float64bits(d(a[0]) + d(a[1]))
		}
		return s
	},
	"dsub": func(in [][3]uint64) (s uint64) {
		for _, a := range in {
			s ^= math.Float64bits(d(a[0]) - d(a[1]))
		}
		return s
	},
	"dmul": func(in [][3]uint64) (s uint64) {
		for _, a := range in {
			s ^= math.Float64bits(d(a[0]) * d(a[1]))
		}
		return s
	},
	"ddiv": func(in [][3]uint64) (s uint64) {
		for _, a := range in {
			s ^= math.Float64bits(d(a[0]) / d(a[1]))
		}
		return s
	},
	"drcp": func(in [][3]uint64) (s uint64) {
		for _, a := range in {
			s ^= math.Float64bits(1 / d(a[0]))
		}
		return s
	},
	"dsqrt": func(in [][3]uint64) (s uint64) {
		for _, a := range in {
			s ^= math.Float64bits(math.Sqrt(d(a[0])))
		}
		return s
	},
	"fma": func(in [][3]uint64) (s uint64) {
		for _, a := range in {
			s ^= math.Float64bits(math.FMA(d(a[0]), d(a[1]), d(a[2])))
		}
		return s
	},
	"double2int": func(in [][3]uint64) (s uint64) {
		for _, a := range in {
			s ^= uint64(uint32(int32(d(a[0]))))
		}
		return s
	},
	"double2ll": func(in [][3]uint64) (s uint64) {
		for _, a := range in {
			s ^= uint64(int64(d(a[0])))
		}
		return s
	},
	"ll2double": func(in [][3]uint64) (s uint64) {
		for _, a := range in {
			s ^= math.Float64bits(float64(int64(a[0])))
		}
		return s
	},
	"ull2double": func(in [][3]uint64) (s uint64) {
		for _, a := range in {
			s ^= math.Float64bits(float64(a[0]))
		}
		return s
	},
	"int2double": func(in [][3]uint64) (s uint64) {
		for _, a := range in {
			s ^= math.Float64bits(float64(int32(uint32(a[0]))))
		}
		return s
	},
	"double_as_longlong": func(in [][3]uint64) (s uint64) {
		for _, a := range in {
			s ^= uint64(int64(math.Float64bits(d(a[0]))))
		}
		return s
	},
}

// family64 returns the key in natives64 of a double intrinsic's catalog
// ID: "i_dadd_rz" → "dadd", "i_double2int_rn" → "double2int".
func family64(id string) string {
	k := id[2:]
	if n := len(k); n > 3 && k[n-3] == '_' && (k[n-2:] == "rn" || k[n-2:] == "rz" || k[n-2:] == "ru" || k[n-2:] == "rd") {
		k = k[:n-3]
	}
	return k
}

// inputs64 returns n argument tuples of f in the usual domain: doubles
// with exponents in [-20, 20] and either sign (integers below 2^40 for an
// integer argument), from a fixed seed.
func inputs64(f *spec.Func, n int) [][3]uint64 {
	in := make([][3]uint64, n)
	for i := range in {
		for j, t := range f.In {
			r := spec.Draw(0x6375646166702d64, uint64(3*i+j))
			switch t {
			case spec.F64:
				in[i][j] = r&(1<<63) | uint64(1023-20+int(r%41))<<52 | r>>12&(1<<52-1)
			case spec.I32, spec.U32:
				in[i][j] = r >> 33
			default:
				in[i][j] = r >> 24
			}
		}
	}
	return in
}

// BenchmarkIntrinsics64 times each double intrinsic that has a native Go
// twin next to that twin, on the same inputs of the usual domain:
// BenchmarkIntrinsics64/DaddRN/emu and .../native report ns/call. Compare
// them within one run (-count 5, benchstat or medians).
func BenchmarkIntrinsics64(b *testing.B) {
	const n = 1024
	for _, bf := range allBench() {
		f, _ := spec.Lookup(bf.id)
		nat, ok := natives64[family64(bf.id)]
		if !ok || !f.D64() && f.Out[0] != spec.F64 {
			continue
		}
		in := inputs64(f, n)
		for _, impl := range []struct {
			name string
			run  func() uint64
		}{
			{"native", func() uint64 { return nat(in) }},
			{"emu", func() uint64 { return bf.run(intrinsics.Target{}, in) }},
		} {
			b.Run(bf.name+"/"+impl.name, func(b *testing.B) {
				b.ReportAllocs()
				var s uint64
				for b.Loop() {
					s ^= impl.run()
				}
				sink = s
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/call")
				b.ReportMetric(0, "ns/op")
			})
		}
	}
}
