package ptx

// Exports of the sin/cos and tanh models' tables for the reference model of
// trig_test.go.

// TrigCoef is one segment of a MUFU coefficient table.
type TrigCoef struct{ C0, C1, C2 uint32 }

// SinTable returns the coefficients of the sine table's segment i.
func SinTable(i int) TrigCoef {
	c := sinTable[i]
	return TrigCoef{c.c0, c.c1, c.c2}
}

// TanhSegment returns, for binade bexp of tanh's table range, its number of
// index bits, the weight of 1 in S and the coefficients of its segment i.
func TanhSegment(bexp uint32, i int) (indexBits, sumOne int, c TrigCoef) {
	b := tanhBinades[bexp-tanhMinBexp]
	t := tanhTable[int(b.first)+i]
	return int(b.indexBits), int(b.sumOne), TrigCoef{t.c0, t.c1, t.c2}
}

// Constants of the trig models.
const (
	SinIndexBits = sinIndexBits
	SinSumOne    = sinSumOne
	SinBias      = sinBias
	TanhMinBexp  = tanhMinBexp
	TanhMaxBexp  = tanhMaxBexp
	TanhBias     = tanhBias
	TrigLowBits  = trigLowBits
	TrigC0Shift  = trigC0Shift
	TrigC1Shift  = trigC1Shift
	InvTwoPiBits = invTwoPiBits
)

// SinRevolutions exports the fused FMUL.RZ and fixed-point conversion of
// sin.approx and cos.approx.
var SinRevolutions = sinRevolutions

// SinSum returns MUFU.SIN's datapath sum S for the first-quadrant argument
// g (23 bits), as SinApprox computes it.
func SinSum(g uint32) uint64 {
	c := &sinSegs[g>>sinLowBits&(1<<sinIndexBits-1)]
	xl := g & (1<<sinLowBits - 1)
	return c.k0 + c.k1*uint64(xl) + c.k2*mufuSquare(xl)
}
