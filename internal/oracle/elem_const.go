package oracle

import (
	"math/big"
	"sync"
)

// Enclosures of π, ln 2 and ln 10 at any precision, from series whose
// remainders are bounded explicitly. They are computed on first use at a
// precision rounded up to a multiple of 256 bits and cached; an enclosure
// at a higher precision than asked is still an enclosure.

type constKey struct {
	name byte
	prec uint
}

var (
	constMu    sync.Mutex
	constCache = map[constKey]ival{}
)

func cachedConst(name byte, prec uint, compute func(p uint) ival) ival {
	p := (prec + 255) &^ 255
	k := constKey{name, p}
	constMu.Lock()
	v, ok := constCache[k]
	constMu.Unlock()
	if ok {
		return v
	}
	v = compute(p + 32)
	constMu.Lock()
	constCache[k] = v
	constMu.Unlock()
	return v
}

// atanhInv returns an enclosure of atanh(1/n) = Σ_{k≥0} 1/((2k+1)·n^(2k+1))
// for an integer n ≥ 2.
//
// After the terms k = 0…K the remainder is positive and at most
//
//	Σ_{j>K} n^-(2j+1)/(2j+1) ≤ n^-(2K+3)/((2K+3)(1-n^-2)) = n^-(2K+1)/((2K+3)(n²-1)),
//
// and n^-(2K+1) ≤ pw.hi, the upper end of the running power.
func atanhInv(n int64, p uint) ival {
	n2 := exactInt(n * n)
	pw := recipInt(n, p) // n^-(2k+1)
	sum := pt(new(big.Float))
	eps := pow2(-int(p) - 8)
	k := int64(0)
	for {
		sum = sum.add(pw.divInt(2*k+1, p), p)
		if pw.hi.Cmp(eps) < 0 {
			break
		}
		pw = ival{down(p).Quo(pw.lo, n2), up(p).Quo(pw.hi, n2)}
		k++
	}
	tail := up(p).Quo(pw.hi, exactInt((n*n-1)*(2*k+3)))
	return sum.widenUp(tail, p)
}

// atanInv returns an enclosure of atan(1/n) = Σ_{k≥0} (-1)^k/((2k+1)·n^(2k+1))
// for an integer n ≥ 2. The terms decrease in magnitude and alternate, so
// the remainder after term K lies between 0 and the next term, whose
// magnitude is at most n^-(2K+3)/(2K+3) ≤ pw.hi/(n²(2K+3)); the enclosure is
// widened by that much on both sides.
func atanInv(n int64, p uint) ival {
	n2 := exactInt(n * n)
	pw := recipInt(n, p)
	sum := pt(new(big.Float))
	eps := pow2(-int(p) - 8)
	k := int64(0)
	for {
		t := pw.divInt(2*k+1, p)
		if k%2 == 0 {
			sum = sum.add(t, p)
		} else {
			sum = sum.sub(t, p)
		}
		if pw.hi.Cmp(eps) < 0 {
			break
		}
		pw = ival{down(p).Quo(pw.lo, n2), up(p).Quo(pw.hi, n2)}
		k++
	}
	tail := up(p).Quo(pw.hi, exactInt(n*n*(2*k+3)))
	return sum.widen(tail, p)
}

// piIval returns an enclosure of π of relative width about 2^-prec, by
// Machin's formula π = 16·atan(1/5) − 4·atan(1/239).
func piIval(prec uint) ival {
	return cachedConst('p', prec, func(p uint) ival {
		return atanInv(5, p).scale(4).sub(atanInv(239, p).scale(2), p)
	})
}

// ln2Ival returns an enclosure of ln 2 = 2·atanh(1/3).
func ln2Ival(prec uint) ival {
	return cachedConst('2', prec, func(p uint) ival {
		return atanhInv(3, p).scale(1)
	})
}

// ln10Ival returns an enclosure of ln 10 = 3·ln 2 + 2·atanh(1/9), since
// (1 + 1/9)/(1 − 1/9) = 10/8.
func ln10Ival(prec uint) ival {
	return cachedConst('a', prec, func(p uint) ival {
		l2 := ln2Ival(p)
		return l2.mulExact(exactInt(3), p).add(atanhInv(9, p).scale(1), p)
	})
}

// Pi returns an enclosure of π whose width is at most about 2^-prec.
func Pi(prec uint) Interval { return piIval(prec).exported() }

// Ln2 returns an enclosure of ln 2 whose width is at most about 2^-prec.
func Ln2(prec uint) Interval { return ln2Ival(prec).exported() }

// Ln10 returns an enclosure of ln 10 whose width is at most about 2^-prec.
func Ln10(prec uint) Interval { return ln10Ival(prec).exported() }
