package ulp

import (
	"encoding/json"
	"fmt"
	"math"
	"math/bits"
	"strconv"

	"gonum.org/v1/gonum/stat"

	"github.com/cudafp/cudafp/internal/f32"
)

// MaxArgs is the most arguments of a function: an array function's count
// and MaxArray elements (internal/spec's MaxArgs; reports checks that they
// agree).
const MaxArgs = 1 + MaxArray

// MaxArray is the most elements of an array function (norm, rnorm).
const MaxArray = 8

// MaxWords is the most 32-bit argument words an Input holds: an array
// function's count and eight floats. (norm and rnorm of doubles would take
// 17: reports measures them with at most four elements. An Input of 17
// words slowed every sweep by a tenth, for two rows.)
const MaxWords = 1 + MaxArray

// Input is one argument tuple of a measured function as 32-bit words: X,
// Y, Z are the first three words and More the fourth to the ninth
// (norm4d's fourth argument; an array function's count is X and its
// elements Y, Z, More…; a double argument takes two words, low word
// first); unused words are 0. JSON leaves More out when it is zero.
type Input struct {
	X, Y, Z uint32
	More    [MaxWords - 3]uint32 `json:",omitzero"`
}

// InputOf returns the Input of the argument words w (at most MaxWords).
func InputOf(w ...uint32) Input {
	var a Input
	for j, v := range w {
		a.set(j, v)
	}
	return a
}

// Word returns argument word j (0 ≤ j < MaxWords).
func (a Input) Word(j int) uint32 {
	switch j {
	case 0:
		return a.X
	case 1:
		return a.Y
	case 2:
		return a.Z
	}
	return a.More[j-3]
}

// With returns a with argument j set to v.
func (a Input) With(j int, v uint32) Input {
	a.set(j, v)
	return a
}

func (a *Input) set(j int, v uint32) {
	switch j {
	case 0:
		a.X = v
	case 1:
		a.Y = v
	case 2:
		a.Z = v
	default:
		a.More[j-3] = v
	}
}

// Less orders inputs by their words, X first (the tie rule of argmax).
// It is on the sweeps' per-input path (every input that ties the largest
// error or distance, as every exact result ties a zero maximum), so it
// compares the fields directly: most pairs differ in X.
func (a Input) Less(b Input) bool {
	if a.X != b.X {
		return a.X < b.X
	}
	if a.Y != b.Y {
		return a.Y < b.Y
	}
	if a.Z != b.Z {
		return a.Z < b.Z
	}
	for j, x := range a.More {
		if y := b.More[j]; x != y {
			return x < y
		}
	}
	return false
}

// Equal reports whether a and b hold the same argument words, comparing X
// first: cheaper than a == b (a call of the runtime's memory comparison)
// where inputs usually differ in X or are compared on a per-input path.
func (a Input) Equal(b Input) bool {
	if a.X != b.X || a.Y != b.Y || a.Z != b.Z {
		return false
	}
	for j, x := range a.More {
		if x != b.More[j] {
			return false
		}
	}
	return true
}

// Format returns the encodings of the first n arguments as f32.Format does.
func (a Input) Format(n int) string {
	s := f32.Format(a.X)
	for j := 1; j < n; j++ {
		s += ", " + f32.Format(a.Word(j))
	}
	return s
}

// Ulps is an error in ulps. It marshals ±Inf and NaN to JSON as the strings
// "+Inf", "-Inf" and "NaN".
type Ulps float64

// MarshalJSON implements json.Marshaler.
func (u Ulps) MarshalJSON() ([]byte, error) {
	f := float64(u)
	switch {
	case math.IsInf(f, 1):
		return []byte(`"+Inf"`), nil
	case math.IsInf(f, -1):
		return []byte(`"-Inf"`), nil
	case f != f:
		return []byte(`"NaN"`), nil
	}
	return strconv.AppendFloat(nil, f, 'g', -1, 64), nil
}

// UnmarshalJSON implements json.Unmarshaler.
func (u *Ulps) UnmarshalJSON(b []byte) error {
	if len(b) > 0 && b[0] == '"' {
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		f, err := strconv.ParseFloat(s, 64)
		if err != nil {
			return fmt.Errorf("ulp: bad Ulps %q", s)
		}
		*u = Ulps(f)
		return nil
	}
	var f float64
	if err := json.Unmarshal(b, &f); err != nil {
		return err
	}
	*u = Ulps(f)
	return nil
}

// The fine error histogram: 256 bins of 1/256 ulp on [0, 1), then 64 bins per
// octave [2^k, 2^(k+1)) for k = 0…31 (relative width 1/64), and a last bin for
// errors of 2^32 ulps and more (+Inf included). Its bin edges contain the
// 0.25-ulp edges up to 32 ulps, so the coarse histogram is exact.
const (
	fineSub    = 256
	fineOct    = 32
	finePerOct = 64
	fineBins   = fineSub + fineOct*finePerOct + 1

	// The error sum is kept in fixed point, units of 2^-32 ulp, in 128 bits:
	// exact, so merging in any order gives the same bits. Errors of 2^31 ulps
	// and more (Huge) are counted but not summed.
	sumFracBits = 32
	hugeErr     = 0x1p31

	coarseWidth = 0.25
	coarseMax   = 32
	coarseBins  = coarseMax/coarseWidth + 1 // the last bin: ≥ 32 ulps
	distBins    = 17                        // Dist 0…15, and ≥ 16
)

func fineBin(e float64) int {
	if e < 1 {
		return int(e * fineSub)
	}
	if !(e < 0x1p32) {
		return fineBins - 1
	}
	b := math.Float64bits(e)
	k := int(b>>52) - 1023
	return fineSub + k*finePerOct + int(b>>(52-6))&(finePerOct-1)
}

// fineEdge returns the upper edge of fine bin i (+Inf for the last).
func fineEdge(i int) float64 {
	switch {
	case i < fineSub:
		return float64(i+1) / fineSub
	case i == fineBins-1:
		return math.Inf(1)
	}
	k, s := (i-fineSub)/finePerOct, (i-fineSub)%finePerOct
	return math.Ldexp(1+float64(s+1)/finePerOct, k)
}

// fineLower returns the lower edge of fine bin i.
func fineLower(i int) float64 {
	if i == 0 {
		return 0
	}
	return fineEdge(i - 1)
}

// Stats are the statistics of a sweep. They are plain data: Merge combines
// the Stats of disjoint input sets into exactly the Stats of their union,
// whatever the order (integer counts and sums, maxima with a fixed tie rule),
// so results do not depend on the number of cores or on sharding.
type Stats struct {
	N          uint64           // inputs measured
	CR         uint64           // results equal to the reference (both NaN counts as equal; −0 ≠ +0)
	MaxDist    uint32           // max Dist(got, want)
	ArgMaxDist Input            // the smallest input (Input order) reaching MaxDist
	DistCount  [distBins]uint64 // inputs with Dist = 0…15, and ≥ 16
	MaxErr     Ulps             // max Err(got, f(x))
	ArgMaxErr  Input            // the smallest input reaching MaxErr
	ErrSum     [2]uint64        // Σ Err·2^32 over inputs with Err < 2^31, rounded down, as {hi, lo}
	Huge       uint64           // inputs with Err ≥ 2^31 ulps (+Inf included)
	Fine       []uint64         // fine histogram of Err (see fineBin)
	Fallbacks  uint64           // reference evaluations that needed the oracle
	Abs        *AbsStats        `json:",omitempty"` // absolute error over an input interval, when asked
}

// AbsStats is the absolute error |got − f(x)| over the inputs whose first
// argument lies in [Lo, Hi].
type AbsStats struct {
	Lo, Hi float64
	N      uint64
	Max    Ulps // the error is absolute, not in ulps; Ulps only for ±Inf in JSON
	ArgMax Input
}

func newStats(abs *AbsStats) Stats {
	s := Stats{Fine: make([]uint64, fineBins)}
	if abs != nil {
		s.Abs = &AbsStats{Lo: abs.Lo, Hi: abs.Hi}
	}
	return s
}

// add records one measurement. With ordered, the caller promises that the
// inputs of this Stats arrive in increasing Input order (an exhaustive
// block), so that a tie never replaces an argmax.
func (s *Stats) add(in Input, got, want uint32, v DD, slow, ordered bool) {
	first := s.N == 0
	s.N++
	if slow {
		s.Fallbacks++
	}
	var d uint32
	if got == want {
		s.CR++
	} else {
		if f32.IsNaN(got) && f32.IsNaN(want) {
			s.CR++
		}
		d = Dist(got, want)
	}
	if d > s.MaxDist || first {
		s.MaxDist, s.ArgMaxDist = d, in
	} else if !ordered && d == s.MaxDist && in.Less(s.ArgMaxDist) {
		s.ArgMaxDist = in
	}
	s.DistCount[min(d, distBins-1)]++
	e := Err(got, v)
	if Ulps(e) > s.MaxErr || first {
		s.MaxErr, s.ArgMaxErr = Ulps(e), in
	} else if !ordered && Ulps(e) == s.MaxErr && in.Less(s.ArgMaxErr) {
		s.ArgMaxErr = in
	}
	s.Fine[fineBin(e)]++
	if e < hugeErr {
		var c uint64
		s.ErrSum[1], c = bits.Add64(s.ErrSum[1], uint64(int64(e*(1<<sumFracBits))), 0)
		s.ErrSum[0] += c
	} else {
		s.Huge++
	}
	if s.Abs != nil {
		s.Abs.add(in, got, v)
	}
}

func (a *AbsStats) add(in Input, got uint32, v DD) {
	if x := f64(in.X); x >= a.Lo && x <= a.Hi {
		a.N++
		ae := Ulps(AbsErr(got, v))
		if a.N == 1 || ae > a.Max || (ae == a.Max && in.Less(a.ArgMax)) {
			a.Max, a.ArgMax = ae, in
		}
	}
}

// addRun records the measurements of the inputs x0, x0+1, … (xs nil) or
// xs[0], xs[1], … (increasing, above every input added before) (got, want
// and val; slow of the reference evaluations fell back to the oracle) and
// stores Dist(got[i], want[i]) in dist[i] and Err(got[i], val[i]) in
// errs[i]: Stats.add with ordered inputs, for the hot loops of the unary
// sweeps, in passes over the batch with few live variables each.
func (s *Stats) addRun(x0 uint32, xs, got, want []uint32, val []DD, dist []uint32, errs []float64, slow uint64) {
	n := len(got)
	want, val, dist, errs = want[:n], val[:n], dist[:n], errs[:n]
	if n == 0 {
		return
	}
	at := func(i int) uint32 {
		if xs != nil {
			return xs[i]
		}
		return x0 + uint32(i)
	}
	if uniformRun(got, want, val) {
		s.addUniform(x0, xs, got[0], want[0], val[0], dist, errs, slow)
		return
	}
	d, e := s.addRunBody(got, want, val, dist, errs)
	if d >= 0 {
		s.ArgMaxDist = Input{X: at(d)}
	}
	if e >= 0 {
		s.ArgMaxErr = Input{X: at(e)}
	}
	if abs := s.Abs; abs != nil {
		for i, g := range got {
			abs.add(Input{X: at(i)}, g, val[i])
		}
	}
	s.N += uint64(n)
	s.Fallbacks += slow
}

// addRunBody is addRun's hot loops, apart from the inputs (which it does
// not see: fewer live values): it updates the statistics but N, Fallbacks,
// Abs, ArgMaxDist and ArgMaxErr, and returns the index in the batch of a
// new largest Dist and of a new largest Err, or −1 where the maximum did not
// change. got, want, val, dist and errs have one length.
func (s *Stats) addRunBody(got, want []uint32, val []DD, dist []uint32, errs []float64) (argDist, argErr int) {
	errRun(got, val, errs)

	// Dist and CR as in add, without a branch on g == w (as good as random),
	// and the largest Dist: the first input reaching it (the inputs are
	// ordered).
	cr := s.CR
	dc := &s.DistCount
	maxD, argI := s.MaxDist, -1
	if s.N == 0 {
		maxD, argI = 0, 0 // what add's first input sets when its Dist is 0
	}
	// DistCount[0] and [1] in registers: most inputs land there, and
	// consecutive increments of one counter in memory would serialise.
	d0, d1 := dc[0], dc[1]
	for i, g := range got {
		w := want[i]
		var d uint32
		if gn, wn := f32.IsNaN(g), f32.IsNaN(w); gn || wn {
			if gn && wn {
				cr++
			} else {
				d = math.MaxUint32
			}
		} else {
			k := f32.Key(g) - f32.Key(w)
			d = uint32(max(k, -k))
			cr += b2u(g == w)
		}
		dist[i] = d
		if d <= 1 {
			d0 += uint64(1 - d)
			d1 += uint64(d)
		} else {
			dc[min(d, distBins-1)]++
			if d > maxD {
				maxD, argI = d, i
			}
		}
	}
	dc[0], dc[1] = d0, d1
	s.CR = cr
	if maxD <= 1 { // the loop above skips Dist 1
		for i, d := range dist {
			if d > maxD {
				maxD, argI = d, i
				break
			}
		}
	}
	s.MaxDist, argDist = maxD, argI

	// The histogram, the sum and the largest Err. Most errors of a sweep lie
	// in fine bin 0 (below 1/256 ulp: exact special results, e^x = 1 for a
	// tiny x): their count is kept in a register, and their sum apart from
	// the 128-bit one, in 64 bits (each term is below 2^24 units).
	maxE, argE := s.MaxErr, -1
	if s.N == 0 {
		maxE, argE = Ulps(errs[0]), 0
	}
	huge := s.Huge
	sumHi, sumLo := s.ErrSum[0], s.ErrSum[1]
	fine := s.Fine[:fineBins]
	var zero, small uint64
	for i, e := range errs {
		if Ulps(e) > maxE {
			maxE, argE = Ulps(e), i
		}
		if e < 1.0/fineSub {
			// e·2^32 < 2^24, truncated as below: small < 2^64 for any
			// run shorter than 2^40 inputs.
			zero++
			small += uint64(int64(e * (1 << sumFracBits)))
			continue
		}
		fine[fineBin(e)]++
		if e < hugeErr {
			var c uint64
			sumLo, c = bits.Add64(sumLo, uint64(int64(e*(1<<sumFracBits))), 0) // < 2^63: one conversion
			sumHi += c
		} else {
			huge++
		}
	}
	var c uint64
	sumLo, c = bits.Add64(sumLo, small, 0)
	sumHi += c
	fine[0] += zero
	s.Huge, s.ErrSum = huge, [2]uint64{sumHi, sumLo}
	s.MaxErr = maxE
	return argDist, argE
}

// uniformRun reports whether every measurement of a run is the first one:
// the same result, reference result and value (bit for bit), as in the runs
// of an exhaustive sweep where f(x) overflows or underflows or x is a NaN.
func uniformRun(got, want []uint32, val []DD) bool {
	g, w := got[0], want[0]
	hi, lo := math.Float64bits(val[0].Hi), math.Float64bits(val[0].Lo)
	want, val = want[:len(got)], val[:len(got)]
	for i, gi := range got {
		if gi != g || want[i] != w || math.Float64bits(val[i].Hi) != hi || math.Float64bits(val[i].Lo) != lo {
			return false
		}
	}
	return true
}

// addUniform is addRun for a run of len(dist) identical measurements (got,
// want, v) at x0, x0+1, … (or xs[0], xs[1], …; x0 = xs[0]): Stats.add's
// counts times the run's length, the maxima at x0 (the first input reaching
// them), the sum of the identical truncated terms as one product.
func (s *Stats) addUniform(x0 uint32, xs []uint32, got, want uint32, v DD, dist []uint32, errs []float64, slow uint64) {
	n := uint64(len(dist))
	errs = errs[:n]
	var d uint32
	if got == want || f32.IsNaN(got) && f32.IsNaN(want) {
		s.CR += n
	}
	if got != want {
		d = Dist(got, want)
	}
	e := Err(got, v)
	for i := range dist {
		dist[i], errs[i] = d, e
	}
	if s.N == 0 || d > s.MaxDist {
		s.MaxDist, s.ArgMaxDist = d, Input{X: x0}
	}
	s.DistCount[min(d, distBins-1)] += n
	if s.N == 0 || Ulps(e) > s.MaxErr {
		s.MaxErr, s.ArgMaxErr = Ulps(e), Input{X: x0}
	}
	s.Fine[fineBin(e)] += n
	if e < hugeErr {
		hi, lo := bits.Mul64(uint64(int64(e*(1<<sumFracBits))), n)
		var c uint64
		s.ErrSum[1], c = bits.Add64(s.ErrSum[1], lo, 0)
		s.ErrSum[0] += hi + c
	} else {
		s.Huge += n
	}
	if abs := s.Abs; abs != nil {
		for i := range n {
			x := x0 + uint32(i)
			if xs != nil {
				x = xs[i]
			}
			abs.add(Input{X: x}, got, v)
		}
	}
	s.N += n
	s.Fallbacks += slow
}

func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

// Merge adds the statistics of a disjoint set of inputs to s.
func (s *Stats) Merge(o *Stats) {
	if o.N == 0 {
		return
	}
	if s.Fine == nil {
		s.Fine = make([]uint64, fineBins)
	}
	if s.N == 0 || o.MaxDist > s.MaxDist || (o.MaxDist == s.MaxDist && o.ArgMaxDist.Less(s.ArgMaxDist)) {
		s.MaxDist, s.ArgMaxDist = o.MaxDist, o.ArgMaxDist
	}
	if s.N == 0 || o.MaxErr > s.MaxErr || (o.MaxErr == s.MaxErr && o.ArgMaxErr.Less(s.ArgMaxErr)) {
		s.MaxErr, s.ArgMaxErr = o.MaxErr, o.ArgMaxErr
	}
	s.N += o.N
	s.CR += o.CR
	for i := range s.DistCount {
		s.DistCount[i] += o.DistCount[i]
	}
	var c uint64
	s.ErrSum[1], c = bits.Add64(s.ErrSum[1], o.ErrSum[1], 0)
	s.ErrSum[0] += o.ErrSum[0] + c
	s.Huge += o.Huge
	for i := range o.Fine {
		s.Fine[i] += o.Fine[i]
	}
	s.Fallbacks += o.Fallbacks
	if o.Abs != nil {
		if s.Abs == nil {
			s.Abs = &AbsStats{Lo: o.Abs.Lo, Hi: o.Abs.Hi}
		}
		a, b := s.Abs, o.Abs
		if b.N > 0 {
			if a.N == 0 || b.Max > a.Max || (b.Max == a.Max && b.ArgMax.Less(a.ArgMax)) {
				a.Max, a.ArgMax = b.Max, b.ArgMax
			}
			a.N += b.N
		}
	}
}

// Mean returns the mean Err over the inputs with Err < 2^31 ulps (exact to
// 2^-32 ulp: each error is truncated to a multiple of 2^-32 before summing).
func (s *Stats) Mean() float64 {
	n := s.N - s.Huge
	if n == 0 {
		return 0
	}
	sum := math.Ldexp(float64(s.ErrSum[0]), 64) + float64(s.ErrSum[1])
	return math.Ldexp(sum, -sumFracBits) / float64(n)
}

// Quantile returns an upper bound of the p-quantile of Err (0 < p ≤ 1): the
// upper edge of the fine-histogram bin holding it, so within 1/256 ulp below
// 1 ulp and within 1/64 relative above; +Inf when it lies in the last bin.
// It uses gonum's empirical quantile on the bins weighted by their counts.
func (s *Stats) Quantile(p float64) float64 {
	var xs, ws []float64
	for i, c := range s.Fine {
		if c != 0 {
			xs = append(xs, fineEdge(i))
			ws = append(ws, float64(c)) // exact: counts < 2^53
		}
	}
	if len(xs) == 0 {
		return 0
	}
	if math.IsInf(xs[len(xs)-1], 1) {
		// gonum needs finite sample values: stand the last bin in for +Inf.
		xs[len(xs)-1] = math.MaxFloat64
		q := stat.Quantile(p, stat.Empirical, xs, ws)
		if q == math.MaxFloat64 {
			return math.Inf(1)
		}
		return q
	}
	return stat.Quantile(p, stat.Empirical, xs, ws)
}

// Coarse returns the histogram of Err in bins of 0.25 ulp up to 32 ulps,
// plus a last bin for 32 ulps and more (+Inf included). Bin i holds errors in
// [i/4, (i+1)/4).
func (s *Stats) Coarse() []uint64 {
	h := make([]uint64, coarseBins)
	for i, c := range s.Fine {
		if c == 0 {
			continue
		}
		lo := fineLower(i)
		j := int(lo / coarseWidth)
		if lo >= coarseMax || j >= coarseBins-1 {
			j = coarseBins - 1
		}
		h[j] += c
	}
	return h
}

// CRShare returns the share of correctly rounded results.
func (s *Stats) CRShare() float64 {
	if s.N == 0 {
		return 0
	}
	return float64(s.CR) / float64(s.N)
}
