// Package golden reads the device's golden data (testdata/golden) and
// verifies the emulation against it.
//
// # Format 2
//
// One gzip-compressed text file per function and flag set,
// testdata/golden/<flagset>/<id>.txt.gz, written by gpu/harness.cu. Lines
// starting with '#' are provenance (GPU, driver, CUDA, nvcc flags, harness
// commit) and are kept verbatim; the data lines follow in this order, fields
// separated by single spaces, encodings in lowercase hex (8 digits for 32-bit
// values, 16 for 64-bit ones):
//
//	format 2
//	func <id>                          catalog ID (internal/spec)
//	flagset <name>                     default, ftz, precdiv0, precsqrt0, fmad0 or fast
//	types <in,...> -> <out,...>        f32, f64, i32, u32, i64, u64
//	grid <n> <v0> … <vn-1>             the special-value axis
//	special <points>                   spec.Func.GridLen() grid points, last argument fastest
//	s <k> <out_k> … <out_k+15>         16 outputs per line
//	inputs exhaustive 4294967296 sample-seed <seed>      (unary 32-bit argument)
//	inputs generated 16777216 seed <seed>                (all others)
//	g <i> <arg0> … <arg(arity-1)>      the first 16 inputs, to prove the generators agree
//	recorded <count>                   1024 sampled inputs (exhaustive) or the first 4096 generated
//	o <k> <out_k> … <out_k+15>
//	hashes 256 <block size>
//	h <b> <hash>                       block hash b, 16 hex digits
//	subhashes 16 65536                 exhaustive functions only:
//	u <start> <hash>                   the sub-blocks of spec.QuickSubBlocks, in order
//	end
//
// A grid point takes argument j from the part spec.Func.GridSpan(j) of the
// axis: the whole axis (n^arity points) for the functions of up to three
// arguments and for norm4df (the 16 values of the ternary subset for each
// argument; the axis continues with the float specials of its generators);
// jnf and ynf take their order from the axis's orders and x from its floats;
// normf and rnormf (arguments: a count d and eight array elements, of which
// the first d are read; the others are written as 0) take d from 1…8 and
// elements 1-4 from the grid's eight element values, elements 5-8 repeat
// 1-4 (spec.Func.GridPoint).
//
// Outputs are packed as in spec.Kernel: a 32-bit result in 8 digits, a 64-bit
// result or two results (first<<32 | second) in 16; the two results of a
// pair-wide function (spec.Func.PairWide: a double and a second result) in
// 32, the first result's 16 digits then the second's, and its hashes sum
// spec.ElemHash(i, spec.PairFold(first, second)). Block b of an exhaustive
// function holds inputs b·2^24 … (b+1)·2^24−1; block b of a generated
// function holds generated inputs b·2^16 … (b+1)·2^16−1. A block hash is
// Σ spec.ElemHash(i, out_i) mod 2^64 over the block, i being the input
// encoding (exhaustive) or the generated index. A sub-block hash is the same
// sum over the 2^16 inputs start … start+2^16−1.
//
// Load rejects a file whose syntax, order, counts, catalog entry, types,
// grid or generated inputs disagree with this package and the catalog, with
// an error naming the file and line.
//
// # Format 16
//
// The 16-bit catalog (spec.All16: __half and __nv_bfloat16), one file per
// function and flag set, testdata/golden16/<flagset>/<id>.txt.gz, written by
// gpu/harness16.cu and packed by gpu/pack16.go (Pack16). The same
// provenance and line syntax as format 2; encodings have the digits of
// their type (spec.Type.Digits: 4 for a 16-bit value, 8 for a half2 or a
// 32-bit one, 16 for a 64-bit one, 1 for a bool):
//
//	format 16
//	func <id>                          ID in spec.All16 ("f16_hexp")
//	flagset <name>
//	types <in,...> -> <out>            also f16, bf16, i16, u16, bool, f16x2, bf16x2
//	shape <shape>                      spec.Func.Shape: table, pairs, triples, wide32, gen64
//	grid <n> <v0> … <vn-1>             the special-value axis (lane values for a vector function)
//	special <points>                   spec.Func.Grid16Len() points, spec.Func.Grid16Point
//	s <k> <out_k> … <out_k+15>
//
// A packed file whose data equals the same function's under an earlier flag
// set of spec.FlagSets holds, after its header lines (provenance, format,
// func, flagset, types, shape), only
//
//	same <flagset>                     the data is that flag set's file's (Load copies it)
//	end
//
// The other files continue, for the table shape (one 16-bit argument), with
// the whole table in one of three forms:
//
//	table 65536                        as the harness writes it:
//	t <k> <out_k> … <out_k+63>         64 outputs a line, for the arguments 0 … 65535
//	table 65536 delta                  packed:
//	d <k> <z_k> … <z_k+63>             z_i = zigzag(out_i − out_i−1 mod 2^64) in hex without
//	                                   leading zeros (out_−1 = 0; zigzag maps 0, −1, 1, −2 … to 0, 1, 2, 3 …)
//	table 65536 same <flagset>         the packing of harness adcecc1 (testdata/golden16 as
//	                                   captured): the table of that flag set's file (Load copies it)
//
// and for the other shapes the sections of format 2: "inputs exhaustive
// 4294967296 sample-seed …" (pairs, wide32: all 2^32 indices; 1,024 sampled
// recorded; 256 block hashes of 2^24 indices; 16 sub-block hashes) or
// "inputs generated 16777216 seed …" (triples, gen64: 4,096 recorded, 256
// block hashes of 2^16 generated inputs), then "g", "recorded", "o",
// "hashes", "h", "subhashes", "u" lines as in format 2, and "end". The
// index of a pairs-shaped function is i = x<<16 | y, its arguments
// spec.Func.PairIndexArgs(i): f(x, y); one vector with lane 0 y and lane 1
// x; two vectors (x, y) and (y, x). Its sub-blocks are the rows x of
// spec.QuickRows16 (all y). The generated inputs of the triples shape are
// spec.Func.Input16 (gen16: eight strata; lane 1 of a vector takes triple
// i + 2^24), those of gen64 spec.Func.Input. Block hashes as in format 2:
// Σ spec.ElemHash(i, out_i) over the block's indices or generated inputs.
//
// # Tiers
//
// Verify checks the special grid, the recorded outputs and the whole tables
// of format 16 in every tier. The
// quick tier (go test ./..., cudafp verify) adds, for an exhaustive function,
// the 16 sub-blocks of spec.QuickSubBlocks (2^20 inputs) and, for the others,
// the 16 hash blocks of QuickBlocks (2^20 generated inputs); the exhaustive
// tier (CUDAFP_EXHAUSTIVE=1, cudafp verify --exhaustive) checks all 256 blocks.
//
// Format 1 (golden data before the sub-block hashes) is no longer read.
package golden
