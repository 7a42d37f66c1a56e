package fp_test

import (
	"encoding/binary"
	"math/big"
	"testing"

	"github.com/cudafp/cudafp/fp"
)

// atanInv returns atan(1/n)·2^prec in fixed point (truncated series).
func atanInv(n int64, prec uint) *big.Int {
	one := new(big.Int).Lsh(big.NewInt(1), prec)
	nn := big.NewInt(n * n)
	term := new(big.Int).Quo(one, big.NewInt(n)) // 1/n
	sum := new(big.Int).Set(term)
	for k := int64(1); term.Sign() != 0; k++ {
		term.Quo(term, nn)
		t := new(big.Int).Quo(term, big.NewInt(2*k+1))
		if k%2 == 1 {
			sum.Sub(sum, t)
		} else {
			sum.Add(sum, t)
		}
	}
	return sum
}

// TestI2opi recomputes the Payne–Hanek table from π: Machin's formula
// π = 16·atan(1/5) - 4·atan(1/239) in 400-bit fixed point, then the first
// 192 bits of the fraction of 2/π, least significant 32-bit word first.
func TestI2opi(t *testing.T) {
	const prec = 400
	pi := new(big.Int).Mul(atanInv(5, prec), big.NewInt(16))
	pi.Sub(pi, new(big.Int).Mul(atanInv(239, prec), big.NewInt(4))) // π·2^prec, error < 2^-380 relative
	// 2/π · 2^192 = 2^(193+prec) / (π·2^prec); 2/π < 1, so this is the fraction.
	num := new(big.Int).Lsh(big.NewInt(1), 193+prec)
	frac := new(big.Int).Quo(num, pi)
	if frac.BitLen() > 192 {
		t.Fatalf("2/π·2^192 has %d bits", frac.BitLen())
	}
	var be [24]byte
	frac.FillBytes(be[:]) // big-endian
	var got [6]uint32
	for i := range got {
		got[i] = binary.BigEndian.Uint32(be[20-4*i:])
	}
	if got != fp.I2opi {
		t.Errorf("2/π table: have %08x, π gives %08x", fp.I2opi, got)
	}
}
