package fp

// Kernels on encodings, for the tests of package fp_test.
var (
	SinfBits    = sinfBits
	CosfBits    = cosfBits
	SincosfBits = sincosfBits
)

var (
	SinpifBits    = sinpifBits
	CospifBits    = cospifBits
	SincospifBits = sincospifBits
)

// I2opi is the 2/π table of the Payne–Hanek reduction.
var I2opi = i2opi

var (
	TanfBits  = tanfBits
	TanhfBits = tanhfBits
)

var (
	FmaRN       = fmaRN
	MulRN       = mulRN
	NegRN       = negRN
	CvtRNIS32   = cvtRNIS32
	CvtRNF32S32 = cvtRNF32S32
	TwiceRN     = twiceRN
	NegSubRN    = negSubRN
	RintRN      = rintRN
	IsIntegral  = isIntegral
	AbsAbove    = absAbove
)
