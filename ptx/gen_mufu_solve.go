//go:build ignore

// This file is part of the gen_mufu_tables program (see gen_mufu_tables.go):
// the device data files and the integer constraint solver.

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
	"sort"
	"sync"
)

// ---- Device data ----------------------------------------------------------
//
// gpu/mufu_dump.cu writes each dataset as <name>.d2: little-endian int32
// second differences d[i] = out[i] - 2·out[i-1] + out[i-2] of the uint32
// results (out[-1] = out[-2] = 0, arithmetic mod 2^32). The committed form,
// testdata/mufu/<name>.d2v.gz, holds the same second differences as
// zigzag-encoded unsigned LEB128 varints, gzip-compressed (they are small
// numbers, so most take one byte); the gzip header's comment names the
// capture. decodeD2V and encodeD2V convert.

// readD2V reads testdata/mufu/<name>.d2v.gz and returns the results.
func readD2V(path string, count int) ([]uint32, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	br := bufio.NewReaderSize(zr, 1<<16)
	out := make([]uint32, count)
	var p1, p2 uint32
	for i := range out {
		z, err := binary.ReadUvarint(br)
		if err != nil {
			return nil, fmt.Errorf("%s: element %d: %w", path, i, err)
		}
		d := uint32(z>>1) ^ -uint32(z&1)
		o := d + 2*p1 - p2
		out[i] = o
		p2, p1 = p1, o
	}
	if _, err := br.ReadByte(); err != io.EOF {
		return nil, fmt.Errorf("%s: more than %d elements", path, count)
	}
	return out, nil
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

// ---- Constraint solver ----------------------------------------------------
//
// Every device output of one table segment says that the datapath's sum,
//
//	S(xl) = K + a(xl)·c1 + b(xl)·c2,   K = C0·2^A0 + bias,
//
// lies in an integer interval [lo, hi] (the sums that the output stage maps to
// that output). a and b are known integers (±xl·2^A1 and ±sq(xl)); K, c1, c2
// are the unknowns. For fixed (c1, c2) the feasible K form the interval
// [max(lo - a·c1 - b·c2), min(hi - a·c1 - b·c2)], so a segment is solved by
// enumerating (c1, c2) around a least-squares estimate, on a subsample first
// and then on every point. The feasible set is convex, so a candidate on the
// edge of the searched rectangle means the rectangle was too small: the
// solver then fails instead of guessing.

// point is one constraint lo ≤ K + a·c1 + b·c2 ≤ hi.
type point struct{ a, b, lo, hi int64 }

// candidate is a feasible (c1, c2) with its interval of K.
type candidate struct{ c1, c2, klo, khi int64 }

func kRange(ps []point, c1, c2 int64) (lo, hi int64) {
	lo, hi = math.MinInt64, math.MaxInt64
	for _, p := range ps {
		t := p.a*c1 + p.b*c2
		lo = max(lo, p.lo-t)
		hi = min(hi, p.hi-t)
	}
	return lo, hi
}

// estimate fits K + a·c1 + b·c2 to the interval midpoints by least squares.
// Host floating point only centres the search; it decides nothing.
func estimate(ps []point) (c1, c2 float64) {
	var sa, sb float64 = 1, 1
	for _, p := range ps {
		sa = max(sa, math.Abs(float64(p.a)))
		sb = max(sb, math.Abs(float64(p.b)))
	}
	var m [3][4]float64
	for _, p := range ps {
		v := [3]float64{1, float64(p.a) / sa, float64(p.b) / sb}
		y := float64(p.lo)/2 + float64(p.hi)/2
		for i := range 3 {
			for j := range 3 {
				m[i][j] += v[i] * v[j]
			}
			m[i][3] += v[i] * y
		}
	}
	for i := range 3 {
		piv := i
		for r := i + 1; r < 3; r++ {
			if math.Abs(m[r][i]) > math.Abs(m[piv][i]) {
				piv = r
			}
		}
		m[i], m[piv] = m[piv], m[i]
		for r := range 3 {
			if r != i {
				f := m[r][i] / m[i][i]
				for c := i; c < 4; c++ {
					m[r][c] -= f * m[i][c]
				}
			}
		}
	}
	return m[1][3] / m[1][1] / sa, m[2][3] / m[2][2] / sb
}

// Search rectangle half-widths around the estimate. The device data pins c1
// and c2 to within a unit or two of it.
const (
	searchC1 = 64
	searchC2 = 16
	subCount = 2048 // points of the subsample
)

// solveSegment returns every feasible (c1, c2) of one segment, ordered by c2
// then c1, each with its K interval.
func solveSegment(ps []point) ([]candidate, error) {
	if len(ps) == 0 {
		return nil, errors.New("no data")
	}
	step := max(1, len(ps)/subCount)
	var sub []point
	for i := 0; i < len(ps); i += step {
		sub = append(sub, ps[i])
	}
	sub = append(sub, ps[len(ps)-1])
	e1, e2 := estimate(ps)
	c1c, c2c := int64(math.Round(e1)), int64(math.Round(e2))
	var out []candidate
	for c2 := c2c - searchC2; c2 <= c2c+searchC2; c2++ {
		for c1 := c1c - searchC1; c1 <= c1c+searchC1; c1++ {
			if lo, hi := kRange(sub, c1, c2); lo > hi {
				continue
			}
			if c2 == c2c-searchC2 || c2 == c2c+searchC2 || c1 == c1c-searchC1 || c1 == c1c+searchC1 {
				return nil, fmt.Errorf("feasible set reaches the edge of the search rectangle at c1=%d c2=%d", c1, c2)
			}
			if lo, hi := kRange(ps, c1, c2); lo <= hi {
				out = append(out, candidate{c1, c2, lo, hi})
			}
		}
	}
	return out, nil
}

// solveAll solves the segments in parallel.
func solveAll(segs [][]point) ([][]candidate, error) {
	res := make([][]candidate, len(segs))
	errs := make([]error, len(segs))
	var wg sync.WaitGroup
	next := make(chan int)
	for range max(1, numWorkers()) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for s := range next {
				res[s], errs[s] = solveSegment(segs[s])
				if errs[s] == nil && len(res[s]) == 0 {
					errs[s] = errors.New("infeasible: no coefficients of this structure reproduce the data")
				}
				if errs[s] != nil {
					errs[s] = fmt.Errorf("segment %d: %w", s, errs[s])
				}
			}
		}()
	}
	for s := range segs {
		next <- s
	}
	close(next)
	wg.Wait()
	return res, errors.Join(errs...)
}

// interval is a closed interval of residues.
type interval struct{ lo, hi int64 }

// residues returns the residues mod 2^shift of the K allowed by the
// candidates, as sorted disjoint closed intervals in [0, 2^shift).
func residues(cands []candidate, shift uint) []interval {
	mod := int64(1) << shift
	var iv []interval
	for _, c := range cands {
		if c.khi-c.klo+1 >= mod {
			return []interval{{0, mod - 1}}
		}
		lo, hi := c.klo&(mod-1), c.khi&(mod-1)
		if lo <= hi {
			iv = append(iv, interval{lo, hi})
		} else {
			iv = append(iv, interval{0, hi}, interval{lo, mod - 1})
		}
	}
	sort.Slice(iv, func(i, j int) bool { return iv[i].lo < iv[j].lo })
	var out []interval
	for _, v := range iv {
		if n := len(out); n > 0 && v.lo <= out[n-1].hi+1 {
			out[n-1].hi = max(out[n-1].hi, v.hi)
			continue
		}
		out = append(out, v)
	}
	return out
}

func intersect(a, b []interval) []interval {
	var out []interval
	for _, x := range a {
		for _, y := range b {
			if lo, hi := max(x.lo, y.lo), min(x.hi, y.hi); lo <= hi {
				out = append(out, interval{lo, hi})
			}
		}
	}
	return out
}

// roundest returns the value in the intervals with the most trailing zero
// bits (the smallest such value on ties): the canonical choice of a rounding
// constant that the data leaves free within an interval.
func roundest(iv []interval) int64 {
	best, bestTZ := int64(-1), -1
	for _, v := range iv {
		for tz := 62; tz >= 0; tz-- {
			step := int64(1) << tz
			c := (v.lo + step - 1) &^ (step - 1)
			if c <= v.hi {
				if tz > bestTZ || tz == bestTZ && c < best {
					best, bestTZ = c, tz
				}
				break
			}
		}
	}
	return best
}
