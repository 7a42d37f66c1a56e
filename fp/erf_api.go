package fp

// The error functions and the normal distribution. Their kernels are in
// erf.go.

func (fl Flags) Erff(x float32) float32 { return fromBits(erff(toBits(x), fl.FTZ)) }

func Erff(x float32) float32 { return fromBits(erff(toBits(x), false)) }

func (fl Flags) Erfcf(x float32) float32 { return fromBits(erfcf(toBits(x), fl.FTZ)) }

func Erfcf(x float32) float32 { return fromBits(erfcf(toBits(x), false)) }

func (fl Flags) Erfcxf(x float32) float32 { return fromBits(erfcxf(toBits(x), fl.FTZ, !fl.NoFMAD)) }

func Erfcxf(x float32) float32 { return fromBits(erfcxf(toBits(x), false, true)) }

func (fl Flags) Erfinvf(x float32) float32 { return fromBits(erfinvf(toBits(x), fl.FTZ)) }

func Erfinvf(x float32) float32 { return fromBits(erfinvf(toBits(x), false)) }

func (fl Flags) Erfcinvf(x float32) float32 { return fromBits(erfcinvf(toBits(x), fl.FTZ)) }

func Erfcinvf(x float32) float32 { return fromBits(erfcinvf(toBits(x), false)) }

func (fl Flags) Normcdff(x float32) float32 { return fromBits(normcdff(toBits(x), fl.FTZ)) }

func Normcdff(x float32) float32 { return fromBits(normcdff(toBits(x), false)) }

func (fl Flags) Normcdfinvf(x float32) float32 { return fromBits(normcdfinvf(toBits(x), fl.FTZ)) }

func Normcdfinvf(x float32) float32 { return fromBits(normcdfinvf(toBits(x), false)) }
