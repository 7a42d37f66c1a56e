//go:build ignore

// This file is part of the gen_trig_tables program (see gen_trig_tables.go):
// the device data files, the truncated squarer and the integer constraint
// solver.

package main

import (
	"bufio"
	"compress/gzip"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"sync"
)

// ---- Device data ----------------------------------------------------------
//
// gpu/mufu_dump.cu writes each dataset as <name>.d2: little-endian int32
// second differences d[i] = out[i] - 2·out[i-1] + out[i-2] of the uint32
// results (out[-1] = out[-2] = 0, arithmetic mod 2^32). The committed form,
// testdata/mufu/<name>.d2v.gz, holds the second differences of the committed
// (possibly subsampled) results as zigzag-encoded unsigned LEB128 varints,
// gzip-compressed; the gzip header's comment names the capture. This is the
// format of the other MUFU datasets in testdata/mufu (README.md there).

// readD2V reads a committed dataset and returns its results and the gzip
// comment (the provenance).
func readD2V(path string, count int) ([]uint32, string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, "", err
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		return nil, "", fmt.Errorf("%s: %w", path, err)
	}
	br := bufio.NewReaderSize(zr, 1<<16)
	out := make([]uint32, count)
	var p1, p2 uint32
	for i := range out {
		z, err := binary.ReadUvarint(br)
		if err != nil {
			return nil, "", fmt.Errorf("%s: element %d: %w", path, i, err)
		}
		d := uint32(z>>1) ^ -uint32(z&1)
		o := d + 2*p1 - p2
		out[i] = o
		p2, p1 = p1, o
	}
	if _, err := br.ReadByte(); err != io.EOF {
		return nil, "", fmt.Errorf("%s: more than %d elements", path, count)
	}
	return out, zr.Comment, nil
}

// readRawD2 reads a raw <name>.d2 file as gpu/mufu_dump.cu writes it.
func readRawD2(path string, count int) ([]uint32, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	if len(b) != 4*count {
		return nil, fmt.Errorf("%s: %d bytes, want %d", path, len(b), 4*count)
	}
	out := make([]uint32, count)
	var p1, p2 uint32
	for i := range out {
		o := binary.LittleEndian.Uint32(b[4*i:]) + 2*p1 - p2
		out[i] = o
		p2, p1 = p1, o
	}
	return out, nil
}

// writeD2V writes results in the committed form.
func writeD2V(path, comment string, out []uint32) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	zw, err := gzip.NewWriterLevel(f, gzip.BestCompression)
	if err != nil {
		return err
	}
	zw.Comment = comment
	zw.Name = filepath.Base(path[:len(path)-len(".gz")])
	bw := bufio.NewWriterSize(zw, 1<<16)
	var buf [binary.MaxVarintLen64]byte
	var p1, p2 uint32
	for _, o := range out {
		d := int32(o - 2*p1 + p2)
		z := uint64(uint32(d<<1) ^ uint32(d>>31))
		n := binary.PutUvarint(buf[:], z)
		if _, err := bw.Write(buf[:n]); err != nil {
			return err
		}
		p2, p1 = p1, o
	}
	return errors.Join(bw.Flush(), zw.Close(), f.Close())
}

// ---- Truncated squarer ----------------------------------------------------

// sqCols is the number of low columns of the squaring array that the MUFU's
// truncated squarer drops (PTXM's value for sm_5x to sm_75; the sin table
// of the H100 is feasible with it and with no other count from 15 to 23).
var sqCols = 19

// sq returns the truncated square of x as the folded partial-product array
// computes it: x_i at column 2i and x_i·x_j at column i+j+1 (i < j), less
// every bit in the lowest sqCols columns. Written out bit by bit; the
// package's kernels use the closed form mufuSquare (mufu.go), which
// TestTrigSquareMatchesArray checks against the same array.
func sq(x uint32) int64 {
	var lost int64
	for i := 0; i < 32; i++ {
		if x>>i&1 == 0 {
			continue
		}
		if 2*i < sqCols {
			lost += 1 << (2 * i)
		}
		for j := i + 1; j < 32; j++ {
			if x>>j&1 == 1 && i+j+1 < sqCols {
				lost += 1 << (i + j + 1)
			}
		}
	}
	return int64(x)*int64(x) - lost
}

// sqTable caches sq over the 17-bit xl of both units.
var sqTable = func() []int64 {
	t := make([]int64, 1<<lowBits)
	for x := range t {
		t[x] = sq(uint32(x))
	}
	return t
}()

// ---- Constraint solver ----------------------------------------------------
//
// Every device output of a segment says that the datapath's sum
//
//	S(xl) = K + C1·xl·2^c1Shift − C2·sq(xl),   K = C0·2^c0Shift + bias,
//
// lies in an integer interval [lo, hi): the sums that the output stage
// (normalization, truncation to 23 fraction bits) maps to that output. For
// fixed (C1, C2) the feasible K form the interval max(lo − t) ≤ K ≤
// min(hi − 1 − t), t = C1·xl·2^c1Shift − C2·sq(xl), so a segment is solved by
// enumerating integer (C1, C2) in a box around a least-squares estimate
// (host floating point only proposes the box; every accepted coefficient is
// checked in exact integer arithmetic against every point). The feasible set
// is convex: a solution on the box's edge means the box was too small, and
// the solver widens it.

// point is one constraint lo ≤ S(xl) < hi.
type point struct {
	xl     uint32
	lo, hi int64
}

// solution is a feasible (C1, C2) with its interval [klo, khi] of K.
type solution struct{ c1, c2, klo, khi int64 }

// kRange returns the interval of K for (c1, c2); klo > khi if empty.
func kRange(ps []point, c1, c2 int64) (klo, khi int64) {
	klo, khi = math.MinInt64, math.MaxInt64
	for _, p := range ps {
		t := c1*int64(p.xl)<<c1Shift - c2*sqTable[p.xl]
		if v := p.lo - t; v > klo {
			klo = v
		}
		if v := p.hi - 1 - t; v < khi {
			khi = v
		}
		if klo > khi {
			return
		}
	}
	return
}

// estimate fits S(xl) ≈ k + c1·xl·2^c1Shift − c2·xl² by least squares.
func estimate(ps []point) (c1, c2 float64) {
	var a [3][4]float64
	for _, p := range ps {
		t := float64(p.xl) / (1 << lowBits)
		y := (float64(p.lo) + float64(p.hi)) / 2
		v := [3]float64{1, t, t * t}
		for i := range 3 {
			for j := range 3 {
				a[i][j] += v[i] * v[j]
			}
			a[i][3] += v[i] * y
		}
	}
	for i := range 3 { // Gauss–Jordan with partial pivoting
		p := i
		for j := i + 1; j < 3; j++ {
			if math.Abs(a[j][i]) > math.Abs(a[p][i]) {
				p = j
			}
		}
		a[i], a[p] = a[p], a[i]
		for j := range 3 {
			if j != i && a[i][i] != 0 {
				f := a[j][i] / a[i][i]
				for k := i; k < 4; k++ {
					a[j][k] -= f * a[i][k]
				}
			}
		}
	}
	b, c := a[1][3]/a[1][1], a[2][3]/a[2][2]
	return b / (1 << lowBits) / (1 << c1Shift), -c / (1 << (2 * lowBits))
}

// spread reorders ps so that early points lie far apart, which makes
// infeasible candidates fail after a few points.
func spread(ps []point) []point {
	n := len(ps)
	if n < 3 {
		return ps
	}
	stride := n/2 + 1
	for gcd(stride, n) != 1 {
		stride++
	}
	out := make([]point, n)
	for i := range out {
		out[i] = ps[i*stride%n]
	}
	return out
}

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// solveSegment returns every integer (C1, C2) near the least-squares
// estimate for which some K satisfies all points; nil if none.
func solveSegment(ps []point) []solution {
	if len(ps) == 0 {
		return nil
	}
	ps = spread(ps)
	e1, e2 := estimate(ps)
	m1, m2 := int64(math.Round(e1)), int64(math.Round(e2))
	for _, w := range []int64{2, 6, 24} {
		var sols []solution
		edge := false
		for c1 := m1 - w; c1 <= m1+w; c1++ {
			for c2 := m2 - w; c2 <= m2+w; c2++ {
				if klo, khi := kRange(ps, c1, c2); klo <= khi {
					sols = append(sols, solution{c1, c2, klo, khi})
					edge = edge || c1 == m1-w || c1 == m1+w || c2 == m2-w || c2 == m2+w
				}
			}
		}
		if len(sols) > 0 && !edge {
			return sols
		}
	}
	return nil
}

// solveAll solves segments in parallel.
func solveAll(segs [][]point) [][]solution {
	out := make([][]solution, len(segs))
	var wg sync.WaitGroup
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	for i := range segs {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			out[i] = solveSegment(segs[i])
			<-sem
		}()
	}
	wg.Wait()
	return out
}

// biasResidues intersects, over unique solutions, the residues modulo
// 2^c0Shift of their K intervals: the values the bias can take. It returns
// the residue with the most trailing zero bits, or an error if the
// intersection is empty.
func biasResidue(sols []solution) (int64, error) {
	const mod = int64(1) << c0Shift
	// allowed is a set of residues kept as a bitmap over [0, mod) at a
	// coarse grain would lose values; instead intersect interval lists.
	type iv struct{ lo, hi int64 } // inclusive, within [0, mod)
	allowed := []iv{{0, mod - 1}}
	for _, s := range sols {
		var r []iv
		if s.khi-s.klo >= mod-1 {
			continue
		}
		lo, hi := s.klo&(mod-1), s.khi&(mod-1)
		if lo <= hi {
			r = []iv{{lo, hi}}
		} else {
			r = []iv{{0, hi}, {lo, mod - 1}}
		}
		var next []iv
		for _, a := range allowed {
			for _, b := range r {
				if l, h := max(a.lo, b.lo), min(a.hi, b.hi); l <= h {
					next = append(next, iv{l, h})
				}
			}
		}
		allowed = next
	}
	if len(allowed) == 0 {
		return 0, errors.New("no common bias: the K intervals of the segments have no common residue")
	}
	best, bestTz := int64(-1), -1
	for _, a := range allowed {
		for tz := c0Shift; tz >= 0; tz-- {
			m := int64(1) << tz
			if v := (a.lo + m - 1) / m * m; v <= a.hi {
				if tz > bestTz {
					best, bestTz = v, tz
				}
				break
			}
		}
	}
	return best, nil
}

// c0Of returns C0 = (K − bias)/2^c0Shift for the K of s that is congruent
// to bias; it fails if there is none or more than one.
func c0Of(s solution, bias int64) (int64, error) {
	const mod = int64(1) << c0Shift
	k := s.klo + ((bias-s.klo)%mod+mod)%mod
	if k > s.khi {
		return 0, fmt.Errorf("no K ≡ bias in [%#x, %#x]", s.klo, s.khi)
	}
	if k+mod <= s.khi {
		return 0, fmt.Errorf("C0 undetermined: K interval [%#x, %#x] wider than 2^%d", s.klo, s.khi, c0Shift)
	}
	return (k - bias) >> c0Shift, nil
}
