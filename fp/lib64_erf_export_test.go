package fp

// RsqrtApprox64 is erfcinv's rsqrt.approx.f64, for TestRsqrtApprox64Device.
var RsqrtApprox64 = rsqrtApprox64
