package ptx

// MufuSquare exports the truncated squarer for TestMufuSquare.
var MufuSquare = mufuSquare

// MufuSquarerCols is the number of low columns the squarer drops.
const MufuSquarerCols = mufuSquarerCols

// MulRNFTZ exports the division forms' FMUL.FTZ on host floating point.
var MulRNFTZ = mulRNFTZ
