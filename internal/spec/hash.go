package spec

// The block hash and the input generators are written twice, here and in
// gpu/harness.cu; the golden files record the first generated inputs so that
// a test proves both sides agree (golden.TestGeneratorsMatchDevice).

// Gamma is splitmix64's increment, the golden ratio in 64-bit fixed point.
const Gamma uint64 = 0x9e3779b97f4a7c15

// Mix64 is the splitmix64 finaliser (Steele, Lea and Flood, 2014).
func Mix64(z uint64) uint64 {
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// Draw returns output n (from 0) of splitmix64 seeded with seed. Being a
// function of n alone, it lets a GPU thread draw its inputs independently.
func Draw(seed, n uint64) uint64 { return Mix64(seed + (n+1)*Gamma) }

// ElemHash is the contribution of result out at position i to its block
// hash; a block hash is the sum of its elements' contributions mod 2^64, so
// it is independent of evaluation order and can be reduced in parallel.
// Results of 32 bits use Mix64(i<<32 | out); 64-bit results (and two packed
// results) use Mix64(i<<32 ^ Mix64(out)).
func ElemHash(i uint64, out uint64, wide bool) uint64 {
	if wide {
		return Mix64(i<<32 ^ Mix64(out))
	}
	return Mix64(i<<32 | out&0xffffffff)
}

// PairFold is the one word that stands for two results which do not fit
// one 64-bit word together (Func.PairWide: a double and a second result),
// in the block hashes and as the value of such a function's Kernel; the
// golden files record both results in full.
func PairFold(r0, r1 uint64) uint64 { return r0 ^ Mix64(r1) }

// Capture geometry.
const (
	Blocks       = 256     // hash blocks per function and flag set
	GenCount     = 1 << 24 // generated inputs of a non-exhaustive function
	GenBlockSize = GenCount / Blocks
	ExhBlockSize = 1 << 32 / Blocks // 2^24 inputs per block of an exhaustive function
	Recorded     = 4096             // explicit outputs of a generated function
	SampleCount  = 1024             // explicit outputs of an exhaustive function: one random input per 2^22
	GenShown     = 16               // generated inputs recorded in each golden file

	SubBlockSize = 1 << 16 // inputs per sub-block hash of an exhaustive function (QuickSubBlocks)

	GenSeed    uint64 = 0x6375646166702d31 // "cudafp-1"
	SampleSeed uint64 = 0x6375646166702d32 // "cudafp-2"
)

// QuickSubBlocks names the sub-blocks of an exhaustive function whose hashes
// the golden files record besides the 256 block hashes, so that the quick
// tier checks every region where a kernel's special cases live in 2^20
// evaluations instead of 2^24 per block. Sub-block s holds the inputs
// s·2^16 … s·2^16+2^16−1; the entries are those starts' top 16 bits.
var QuickSubBlocks = [...]uint16{
	0x0000, // +0 and the smallest positive subnormals
	0x007f, // the largest positive subnormals
	0x0080, // the smallest positive normals
	0x3f80, // [1, 1+2^-7)
	0x3fff, // just below 2
	0x4049, // π
	0x42b1, // 88.5 … 89: where expf overflows
	0x4b00, // 2^23: every float is an integer from here
	0x7f7f, // the largest finite floats
	0x7f80, // +Inf and signalling NaNs
	0x7fc0, // quiet NaNs
	0x8000, // −0 and the smallest negative subnormals
	0xbf80, // (−1−2^-7, −1]
	0xc2ce, // −103 … −103.5: where expf reaches the smallest subnormals
	0xcf00, // −2^31: the int32 conversion boundary
	0xffff, // negative NaNs up to 0xffffffff
}
