package fp

// API of the inverse trigonometric and hyperbolic functions and log1pf
// (kernels in atan.go and log1p.go).

func (fl Flags) Asinf(x float32) float32     { return fromBits(asinf(toBits(x), fl.FTZ)) }
func (fl Flags) Acosf(x float32) float32     { return fromBits(acosf(toBits(x), fl.FTZ)) }
func (fl Flags) Atanf(x float32) float32     { return fromBits(atanf(toBits(x), fl.FTZ)) }
func (fl Flags) Atan2f(y, x float32) float32 { return fromBits(atan2f(toBits(y), toBits(x), fl.FTZ)) }
func (fl Flags) Asinhf(x float32) float32    { return fromBits(asinhf(toBits(x), fl.FTZ)) }
func (fl Flags) Acoshf(x float32) float32    { return fromBits(acoshf(toBits(x), fl.FTZ)) }
func (fl Flags) Atanhf(x float32) float32    { return fromBits(atanhf(toBits(x), fl.FTZ)) }
func (fl Flags) Log1pf(x float32) float32    { return fromBits(log1pf(toBits(x), fl.FTZ)) }
