package ulp

import (
	"math/bits"

	"github.com/cudafp/cudafp/internal/f32"
)

// Func is a measured function of up to three binary32 arguments (unused
// arguments are ignored).
type Func func(x, y, z uint32) uint32

// Unary adapts a unary function.
func Unary(f func(x uint32) uint32) Func { return func(x, _, _ uint32) uint32 { return f(x) } }

// Binary adapts a binary function.
func Binary(f func(x, y uint32) uint32) Func { return func(x, y, _ uint32) uint32 { return f(x, y) } }

// Generator returns the i-th input of a sampled sweep. It must be a pure
// function of i, so that sweeps are deterministic and shardable.
type Generator func(i uint64) (x, y, z uint32)

// SplitMix64 returns the i-th output of the splitmix64 sequence of seed
// (Steele, Lea, Flood 2014): the finaliser applied to seed + (i+1)·γ.
func SplitMix64(seed, i uint64) uint64 {
	z := seed + (i+1)*0x9e3779b97f4a7c15
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// UniformBits returns a generator of uniformly random bit patterns (every
// encoding equally likely, NaNs and infinities included) for all three
// arguments.
func UniformBits(seed uint64) Generator {
	return func(i uint64) (x, y, z uint32) {
		r := SplitMix64(seed, 2*i)
		s := SplitMix64(seed, 2*i+1)
		return uint32(r), uint32(r >> 32), uint32(s)
	}
}

// Range is a closed interval of binary32 values, given by encodings.
type Range struct {
	Lo, Hi uint32
}

// pick returns the encoding at a uniformly random position of the ordered
// line between r.Lo and r.Hi (uniform over encodings, not over reals: each
// binade gets the same weight per encoding). −0 is never returned (it shares
// +0's position).
func (r Range) pick(u uint64) uint32 {
	lo, hi := f32.Key(r.Lo), f32.Key(r.Hi)
	if hi < lo {
		lo, hi = hi, lo
	}
	span := uint64(hi-lo) + 1
	off, _ := bits.Mul64(u, span)
	return f32.FromKey(lo + int64(off))
}

// InRange returns a generator drawing each argument uniformly over the
// encodings of its Range (domain-restricted sampling: for example powf on
// x ∈ (0, 16], y ∈ [−40, 40]). Arguments beyond the given ranges are 0.
func InRange(seed uint64, ranges ...Range) Generator {
	rs := append([]Range(nil), ranges...)
	return func(i uint64) (x, y, z uint32) {
		var out [3]uint32
		for j, r := range rs {
			if j == 3 {
				break
			}
			out[j] = r.pick(SplitMix64(seed, 3*i+uint64(j)))
		}
		return out[0], out[1], out[2]
	}
}
