package oracle_test

import (
	"math"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/ALTree/bigfloat"

	"github.com/cudafp/cudafp/internal/oracle"
	"github.com/cudafp/cudafp/internal/testflag"
)

// overlap reports whether two enclosures intersect: each contains the exact
// value, so disjoint ones prove a bug in one of them.
func overlap(a, b oracle.Interval) bool { return a.Lo.Cmp(b.Hi) <= 0 && b.Lo.Cmp(a.Hi) <= 0 }

// width returns hi − lo as a float64.
func width(a oracle.Interval) float64 {
	w, _ := new(big.Float).Sub(a.Hi, a.Lo).Float64()
	return w
}

// TestEulerGamma checks the enclosure of γ against an independent
// computation: the asymptotic expansion of the digamma function at N = 1000
// (DLMF 5.11.2 with ψ(N) = H_{N−1} − γ),
//
//	γ = H_{N−1} − ln N + 1/(2N) + Σ_{k=1}^{m} B_2k/(2k·N^2k) + R,
//
// whose remainder is at most the first neglected term (DLMF 5.11(ii); m = 12
// gives |R| < 2^-230), with the Bernoulli numbers from their recurrence
// Σ_{j≤i} C(i+1, j)·B_j = 0 in exact rationals and ln N from bigfloat.Log.
func TestEulerGamma(t *testing.T) {
	const N, m, prec = 1000, 12, 400
	b := []*big.Rat{big.NewRat(1, 1)}
	for i := 1; i <= 2*m+2; i++ {
		s := new(big.Rat)
		for j := 0; j < i; j++ {
			s.Add(s, new(big.Rat).Mul(new(big.Rat).SetInt(new(big.Int).Binomial(int64(i+1), int64(j))), b[j]))
		}
		b = append(b, s.Quo(s.Neg(s), big.NewRat(int64(i+1), 1)))
	}
	sum := new(big.Rat)
	for j := 1; j < N; j++ {
		sum.Add(sum, big.NewRat(1, int64(j)))
	}
	sum.Add(sum, big.NewRat(1, 2*N))
	nk := big.NewRat(1, 1)
	for k := 1; k <= m; k++ {
		nk.Mul(nk, big.NewRat(N*N, 1))
		sum.Add(sum, new(big.Rat).Quo(b[2*k], new(big.Rat).Mul(big.NewRat(int64(2*k), 1), nk)))
	}
	rem := new(big.Rat).Quo(new(big.Rat).Abs(b[2*m+2]), new(big.Rat).Mul(big.NewRat(int64(2*m+2), 1), new(big.Rat).Mul(nk, big.NewRat(N*N, 1))))
	remF, _ := rem.Float64()
	if remF > 0x1p-230 {
		t.Fatalf("remainder bound %g", remF)
	}
	g := new(big.Float).SetPrec(prec).SetRat(sum)
	g.Sub(g, bigfloat.Log(new(big.Float).SetPrec(prec).SetInt64(N)))
	for _, p := range []uint{64, 160, 220} {
		e := oracle.EulerGamma(p)
		lo := new(big.Float).Sub(e.Lo, g)
		hi := new(big.Float).Sub(e.Hi, g)
		lf, _ := lo.Float64()
		hf, _ := hi.Float64()
		if lf > 0x1p-228 || hf < -0x1p-228 || width(e) > math.Ldexp(1, -int(p)+2) {
			t.Errorf("EulerGamma(%d) = [%s, %s]: the digamma expansion gives %s", p, e.Lo.Text('g', 70), e.Hi.Text('g', 70), g.Text('g', 70))
		}
	}
}

// TestBesselSeriesVsHankel compares the two methods where both apply: the
// power series (DLMF 10.2.2, 10.8.1, with γ) and Hankel's expansion (DLMF
// 10.17.3-4, with the reduction of ω) share no code but the interval
// arithmetic and the sin/cos of x, so enclosures of both at 200 bits must
// intersect and each be narrow.
func TestBesselSeriesVsHankel(t *testing.T) {
	seed := testflag.Seed()
	t.Logf("seed %d (CUDAFP_SEED)", seed)
	r := rand.New(rand.NewPCG(seed, 31))
	n := 40
	if testflag.Exhaustive() {
		n = 400
	}
	checked := 0
	for i := 0; i < n; i++ {
		order := []int{0, 1, 2, 3, 7, 20}[r.IntN(6)]
		x := new(big.Float).SetFloat64(float64(float32(90 + r.Float64()*120)))
		hj, hy, ok := oracle.BesselHankelInterval(order, x, 200)
		if !ok {
			t.Errorf("n=%d x=%s: Hankel's expansion does not reach 200 bits", order, x.Text('g', 10))
			continue
		}
		sj, sy := oracle.BesselSeriesInterval(order, x, 200)
		for _, c := range []struct {
			name   string
			hk, sr oracle.Interval
		}{{"J", hj, sj}, {"Y", hy, sy}} {
			if !overlap(c.hk, c.sr) || width(c.hk) > 0x1p-190 || width(c.sr) > 0x1p-190 {
				t.Errorf("%s_%d(%s): Hankel [%s, %s], series [%s, %s]", c.name, order, x.Text('g', 10),
					c.hk.Lo.Text('g', 60), c.hk.Hi.Text('g', 60), c.sr.Lo.Text('g', 60), c.sr.Hi.Text('g', 60))
			}
		}
		checked++
	}
	t.Logf("%d arguments", checked)
}

// TestBesselWronskian checks J_{n+1}(x)·Y_n(x) − J_n(x)·Y_{n+1}(x) = 2/(πx)
// (DLMF 10.5.2) on enclosures at 160 bits, over both methods' ranges.
func TestBesselWronskian(t *testing.T) {
	seed := testflag.Seed()
	t.Logf("seed %d (CUDAFP_SEED)", seed)
	r := rand.New(rand.NewPCG(seed, 32))
	n := 60
	if testflag.Exhaustive() {
		n = 600
	}
	const p = 160
	for i := 0; i < n; i++ {
		order := r.IntN(12)
		x := new(big.Float).SetFloat64(float64(float32(math.Ldexp(1+r.Float64(), r.IntN(40)-20))))
		jn, jn1 := oracle.BesselJInterval(order, x, p), oracle.BesselJInterval(order+1, x, p)
		yn, yn1 := oracle.BesselYInterval(order, x, p), oracle.BesselYInterval(order+1, x, p)
		mid := func(a oracle.Interval) *big.Float {
			return new(big.Float).SetPrec(2*p).SetMantExp(new(big.Float).SetPrec(2*p).Add(a.Lo, a.Hi), -1)
		}
		nf := func() *big.Float { return new(big.Float).SetPrec(2 * p) }
		w := nf().Sub(nf().Mul(mid(jn1), mid(yn)), nf().Mul(mid(jn), mid(yn1)))
		pi := mid(oracle.Pi(2 * p))
		want := nf().Quo(big.NewFloat(2), nf().Mul(pi, x))
		rel, _ := nf().Quo(nf().Sub(w, want), want).Float64()
		// The products are up to |Y_{n+1}|·|J_n| ≤ … ≈ 2^40 times the Wronskian
		// for the smallest x: allow 2^-100 relative.
		if math.Abs(rel) > 0x1p-100 {
			t.Errorf("n=%d x=%s: Wronskian off 2/(πx) by %g relative", order, x.Text('g', 10), rel)
		}
	}
}
