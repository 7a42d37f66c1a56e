package kernel

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math/bits"
)

// blockOrder is the sequence in which a launch takes its blocks: a
// bijection of [0, n), the identity for seed 0 and otherwise a
// pseudo-random permutation drawn from the seed (a four-round Feistel
// network on the smallest even power of two ≥ n, walking each cycle back
// into [0, n)). It needs no memory, whatever the grid's size.
type blockOrder struct {
	n    uint64
	half uint // bits of each Feistel half; 0: the identity
	keys [4]uint64
}

func newBlockOrder(n, seed uint64) blockOrder {
	if seed == 0 || n < 2 {
		return blockOrder{n: n}
	}
	o := blockOrder{n: n, half: max(1, uint(bits.Len64(n-1)+1)/2)}
	k := seed
	for i := range o.keys {
		k += 0x9e3779b97f4a7c15
		o.keys[i] = mix64(k)
	}
	return o
}

// at returns the index of the i-th block taken.
func (o blockOrder) at(i uint64) uint64 {
	if o.half == 0 {
		return i
	}
	mask := uint64(1)<<o.half - 1
	for {
		l, r := i>>o.half, i&mask
		for _, k := range o.keys {
			l, r = r, l^(mix64(r^k)&mask)
		}
		i = l<<o.half | r
		if i < o.n {
			return i
		}
	}
}

// mix64 is SplitMix64's finaliser.
func mix64(z uint64) uint64 {
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// A Variation is how one buffer argument's final contents vary over the
// runs of Interleave.
type Variation struct {
	Arg      int      // the argument's position
	Outcomes int      // distinct final contents among the runs
	Runs     [][]byte // each run's final contents: the fixed order's first, then seed, seed+1, …
}

// Interleave runs k n+1 times from the same initial memory: in the fixed
// order (cfg.Seed ignored), then under the random interleavings of seeds
// seed, seed+1, …, seed+n-1 (seed 0 is taken as 1), and returns one
// Variation per buffer argument, in argument order. Afterwards the buffers
// hold the fixed order's results. Every run starts from the contents that
// every buffer of the memory (the .global variables of k's module
// included) had before the first; the first failing run's error is
// returned.
//
// A buffer whose Outcomes exceeds 1 holds results that depend on the order
// in which threads reach the atomics: on the device, too, they may differ
// from launch to launch (docs/kernels.md).
func Interleave(k *Kernel, cfg LaunchConfig, n int, seed uint64, args ...Arg) ([]Variation, error) {
	if k == nil {
		return nil, &LaunchError{Kernel: "<nil>", Msg: "nil kernel"}
	}
	if n < 0 {
		return nil, &LaunchError{Kernel: k.name, Msg: fmt.Sprintf("%d interleavings", n)}
	}
	if seed == 0 {
		seed = 1
	}
	mem := cfg.Memory
	var bufs []*Buffer
	for _, a := range args {
		if b, ok := a.(*Buffer); ok {
			if mem == nil {
				mem = b.mem
			}
			bufs = append(bufs, b)
		}
	}
	if mem == nil {
		mem = NewMemory()
	}
	cfg.Memory = mem
	if _, err := mem.moduleGlobals(k.mod); err != nil {
		return nil, err
	}
	mem.mu.Lock()
	all := append([]*Buffer(nil), mem.bufs...)
	mem.mu.Unlock()
	initial := make([][]byte, len(all))
	for i, b := range all {
		initial[i] = bytes.Clone(b.data)
	}
	var out []Variation
	for i, a := range args {
		if _, ok := a.(*Buffer); ok {
			out = append(out, Variation{Arg: i, Runs: make([][]byte, 0, n+1)})
		}
	}
	var first [][]byte // every buffer after the fixed-order run
	for r := 0; r <= n; r++ {
		if r > 0 {
			for i, b := range all {
				copy(b.data, initial[i])
			}
			cfg.Seed = seed + uint64(r-1)
		} else {
			cfg.Seed = 0
		}
		if err := Launch(k, cfg, args...); err != nil {
			return nil, err
		}
		for j, b := range bufs {
			out[j].Runs = append(out[j].Runs, bytes.Clone(b.data))
		}
		if r == 0 {
			first = make([][]byte, len(all))
			for i, b := range all {
				first[i] = bytes.Clone(b.data)
			}
		}
	}
	for i, b := range all {
		copy(b.data, first[i])
	}
	for j := range out {
		seen := map[string]bool{}
		for _, run := range out[j].Runs {
			seen[string(run)] = true
		}
		out[j].Outcomes = len(seen)
	}
	return out, nil
}

// ElemSpread summarises a Variation element by element.
type ElemSpread struct {
	Elements int // whole elements in the buffer
	Varying  int // elements whose value is not the same in every run
	// Max is the largest spread of one element over the runs: for the
	// float types the number of steps between adjacent representable values
	// from its least to its greatest value (ulps; −0 and +0 count as
	// adjacent, NaN encodings lie beyond the infinities in that order),
	// for the integer types greatest − least. At is the first element
	// reaching it (−1 when no element varies).
	Max uint64
	At  int
}

// Spread reads v's runs as elements of type t and summarises how each
// element varies.
func (v Variation) Spread(t ElemType) ElemSpread {
	size := t.Size()
	s := ElemSpread{At: -1}
	if len(v.Runs) == 0 || size == 0 {
		return s
	}
	s.Elements = len(v.Runs[0]) / size
	for e := range s.Elements {
		lo, hi := uint64(1<<64-1), uint64(0)
		for _, run := range v.Runs {
			k := orderKey(t, run[e*size:(e+1)*size])
			lo, hi = min(lo, k), max(hi, k)
		}
		if hi == lo {
			continue
		}
		s.Varying++
		if d := hi - lo; d > s.Max {
			s.Max, s.At = d, e
		}
	}
	return s
}

// orderKey maps an element of type t to a uint64 that orders as its value:
// floats by sign and magnitude (adjacent representable values differ by
// 1), signed integers offset by their minimum.
func orderKey(t ElemType, b []byte) uint64 {
	var u uint64
	switch len(b) {
	case 1:
		u = uint64(b[0])
	case 2:
		u = uint64(binary.LittleEndian.Uint16(b))
	case 4:
		u = uint64(binary.LittleEndian.Uint32(b))
	case 8:
		u = binary.LittleEndian.Uint64(b)
	}
	w := uint(8 * len(b))
	sign := uint64(1) << (w - 1)
	switch t {
	case ElemF32, ElemF64, ElemF16, ElemBF16:
		if u&sign != 0 {
			return sign - 1 - (u &^ sign) // negative: below every non-negative value
		}
		return sign + u
	case ElemS8, ElemS16, ElemS32, ElemS64:
		return u ^ sign
	}
	return u
}
