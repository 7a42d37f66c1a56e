package reports

import (
	"bytes"
	"fmt"
	"image/color"
	"math"
	"regexp"
	"slices"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgsvg"

	"github.com/cudafp/cudafp/internal/f32"
	"github.com/cudafp/cudafp/internal/spec"
	"github.com/cudafp/cudafp/ulp"
)

// Plot size in points.
const (
	plotW = 470
	plotH = 260
)

// palette colours the rows of one function in the order of their flags.
var palette = []color.RGBA{
	{0x1f, 0x77, 0xb4, 0xff}, // blue
	{0xd6, 0x27, 0x28, 0xff}, // red
	{0x2c, 0xa0, 0x2c, 0xff}, // green
	{0x94, 0x67, 0xbd, 0xff}, // purple
	{0xff, 0x7f, 0x0e, 0xff}, // orange
	{0x8c, 0x56, 0x4b, 0xff}, // brown
}

func colorOf(i int) color.RGBA { return palette[i%len(palette)] }

func cssColor(c color.RGBA) string { return fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B) }

var sans = font.Font{Typeface: "Liberation", Variant: "Sans"}

// newPlot returns a plot with the report's fonts.
func newPlot(title, xlabel, ylabel string) *plot.Plot {
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text = xlabel
	p.Y.Label.Text = ylabel
	p.Title.TextStyle.Font = font.From(sans, 11)
	for _, a := range []*plot.Axis{&p.X, &p.Y} {
		a.Label.TextStyle.Font = font.From(sans, 9)
		a.Tick.Label.Font = font.From(sans, 8)
	}
	p.Title.Padding = 6
	return p
}

// seriesStyle returns the colour and width of series i: the first is thin
// and drawn last, the others wide and translucent beneath it.
func seriesStyle(c color.RGBA, i int) (color.Color, vg.Length) {
	if i == 0 {
		return c, 1.1
	}
	return color.NRGBA{c.R, c.G, c.B, 0x80}, 3.2
}

// errFloor is the smallest error drawn: smaller ones (0 included) sit on it.
const errFloor = -8 // log2 ulps

// series is one row in a function's plots.
type series struct {
	color color.RGBA
	row   *Row
}

// errorPlot draws the largest fractional error per bin of the input axis,
// on a log2 scale, with the documented ulp bound where it applies.
func errorPlot(ss []series, t spec.Type) ([]byte, error) {
	p := newPlot("largest error per input bin", axisLabel(t), "max error (ulp)")
	top := 1.0 // log2 of the largest finite error, at least 2 ulps
	anyInf := false
	for _, s := range ss {
		for i, n := range s.row.Extra.BinN {
			if n == 0 {
				continue
			}
			e := float64(s.row.Extra.BinMax[i])
			if math.IsInf(e, 1) || e != e {
				anyInf = true
			} else if e > 0 {
				top = max(top, math.Ceil(math.Log2(e)))
			}
		}
	}
	top = min(top, 128)
	step := 2
	for (int(top)-errFloor)/step > 8 {
		step *= 2
	}
	infAt := top + float64(step)
	pos := func(e float64) float64 {
		switch {
		case math.IsInf(e, 1) || e != e:
			return infAt
		case e <= 0:
			return errFloor
		}
		return max(min(math.Log2(e), top), errFloor)
	}
	// The documented ulp bound of each series, in segments where it
	// applies, dashed in the series' colour (once per distinct bound).
	if t == spec.F32 {
		var drawn []spec.Bound
		for _, s := range ss {
			b := s.row.bound
			if b.CR || b.ULP == 0 || slices.ContainsFunc(drawn, func(d spec.Bound) bool { return d == b }) {
				continue
			}
			drawn = append(drawn, b)
			var seg plotter.XYs
			flush := func() error {
				if len(seg) > 1 {
					l, err := plotter.NewLine(seg)
					if err != nil {
						return err
					}
					l.Color = s.color
					l.Dashes = []vg.Length{4, 3}
					l.Width = 1
					p.Add(l)
				}
				seg = nil
				return nil
			}
			for i := 0; i <= Bins; i++ {
				u := b.ULPAt(f32to64(binEdgeF32(i)))
				if math.IsInf(u, 0) || u != u {
					if err := flush(); err != nil {
						return nil, err
					}
					continue
				}
				seg = append(seg, plotter.XY{X: float64(i), Y: pos(u)})
			}
			if err := flush(); err != nil {
				return nil, err
			}
		}
	}
	// The first series is drawn last and thinnest, so that every series
	// stays visible where they coincide.
	for i := len(ss) - 1; i >= 0; i-- {
		s := ss[i]
		var seg plotter.XYs
		flush := func() error {
			if len(seg) == 0 {
				return nil
			}
			if len(seg) == 1 { // a lone bin: a short flat segment
				seg = append(seg, plotter.XY{X: seg[0].X + 1, Y: seg[0].Y})
				seg[0].X--
			}
			l, err := plotter.NewLine(seg)
			if err != nil {
				return err
			}
			l.Color, l.Width = seriesStyle(s.color, i)
			p.Add(l)
			seg = nil
			return nil
		}
		for b, n := range s.row.Extra.BinN {
			if n == 0 {
				if err := flush(); err != nil {
					return nil, err
				}
				continue
			}
			seg = append(seg, plotter.XY{X: float64(b) + 0.5, Y: pos(float64(s.row.Extra.BinMax[b]))})
		}
		if err := flush(); err != nil {
			return nil, err
		}
	}
	p.X.Min, p.X.Max = 0, Bins
	p.X.Tick.Marker = plot.ConstantTicks(axisTicks(t))
	p.Y.Min, p.Y.Max = errFloor, top+0.5
	if anyInf {
		p.Y.Max = infAt + 0.5
	}
	p.Y.Tick.Marker = plot.ConstantTicks(log2Ticks(errFloor, int(top), anyInf, infAt))
	p.Add(plotter.NewGrid())
	return renderSVG(p)
}

// log2Ticks labels powers of two from 2^lo to 2^hi at multiples of a step
// that keeps about eight labels, and "inf/NaN" at infAt.
func log2Ticks(lo, hi int, inf bool, infAt float64) []plot.Tick {
	step := 2
	for (hi-lo)/step > 8 {
		step *= 2
	}
	minor := max(1, step/4)
	var ts []plot.Tick
	for k := lo; k <= hi; k++ {
		switch {
		case k == lo:
			ts = append(ts, plot.Tick{Value: float64(k), Label: "≤" + pow2Label(k)})
		case k%step == 0 && k-lo >= step/2 && (!inf || infAt-float64(k) >= float64(step)/2):
			ts = append(ts, plot.Tick{Value: float64(k), Label: pow2Label(k)})
		case k%minor == 0:
			ts = append(ts, plot.Tick{Value: float64(k)})
		}
	}
	if inf {
		ts = append(ts, plot.Tick{Value: infAt, Label: "inf/NaN"})
	}
	return ts
}

func pow2Label(k int) string {
	switch {
	case k >= 0 && k <= 12:
		return strconv.Itoa(1 << k)
	case k < 0 && k >= -8:
		return "1/" + strconv.Itoa(1<<-k)
	}
	return "2^" + strconv.Itoa(k)
}

// Histogram bins of the fractional error: [0, 1/64), [1/64, 1/32), …,
// [1/2, 1), then one per octave [2^k, 2^(k+1)) up to 2^32, and ≥ 2^32.
const histBins = 7 + 32 + 1

// Layout of ulp.Stats.Fine (ulp/stats.go): 256 bins of 1/256 ulp on [0, 1),
// 64 bins per octave for 2^0 … 2^32, a last bin for 2^32 and more.
const (
	fineSub    = 256
	finePerOct = 64
	fineBins   = fineSub + 32*finePerOct + 1
)

// histogram regroups the fine error histogram of a result into histBins
// bins; ok is false when the result's layout is not the one above.
func histogram(res *ulp.Result) (h [histBins]uint64, ok bool) {
	if len(res.Fine) != fineBins {
		return h, false
	}
	for i, c := range res.Fine {
		var j int
		switch {
		case i < 4:
			j = 0
		case i < fineSub:
			// [2^(k-8), 2^(k-7)) for i in [2^k, 2^(k+1)), k = 2…7.
			j = bitsLen(i) - 2
		default:
			j = 7 + (i-fineSub)/finePerOct
		}
		h[j] += c
	}
	return h, true
}

func bitsLen(i int) int {
	n := 0
	for ; i > 0; i >>= 1 {
		n++
	}
	return n
}

// histEdgeLabel labels the lower edge of histogram bin j.
func histEdgeLabel(j int) string {
	switch {
	case j == 0:
		return "0"
	case j < 7:
		return "1/" + strconv.Itoa(1<<(7-j))
	}
	return pow2Label(j - 7)
}

// histPlot draws the error histograms of the series, counts on a log10
// scale.
func histPlot(ss []series) ([]byte, error) {
	p := newPlot("error histogram", "fractional error (ulp), bins of one octave", "inputs")
	const zero = -0.6
	top := 1.0
	for i := len(ss) - 1; i >= 0; i-- {
		s := ss[i]
		h, ok := histogram(s.row.Result)
		if !ok {
			return nil, fmt.Errorf("reports: %s: unexpected error histogram layout", s.row.Function)
		}
		pts := make(plotter.XYs, 0, histBins+1)
		for j, c := range h {
			y := zero
			if c > 0 {
				y = math.Log10(float64(c))
				top = max(top, math.Ceil(y))
			}
			pts = append(pts, plotter.XY{X: float64(j), Y: y})
		}
		pts = append(pts, plotter.XY{X: histBins, Y: pts[histBins-1].Y})
		l, err := plotter.NewLine(pts)
		if err != nil {
			return nil, err
		}
		l.StepStyle = plotter.PostStep
		l.Color, l.Width = seriesStyle(s.color, i)
		p.Add(l)
	}
	p.X.Min, p.X.Max = 0, histBins
	var xt []plot.Tick
	for j := 0; j <= histBins; j++ {
		t := plot.Tick{Value: float64(j)}
		switch j {
		case 0, 3, 5, 7, 10, 13, 17, 23, 29, 35:
			t.Label = histEdgeLabel(j)
		case histBins - 1:
			t.Label = "2^32+"
		}
		xt = append(xt, t)
	}
	p.X.Tick.Marker = plot.ConstantTicks(xt)
	p.Y.Min, p.Y.Max = zero, top+0.3
	var yt []plot.Tick
	step := 1
	for int(top)/step > 8 {
		step++
	}
	for k := 0; k <= int(top); k++ {
		t := plot.Tick{Value: float64(k)}
		if k%step == 0 {
			t.Label = pow10Label(k)
		}
		yt = append(yt, t)
	}
	yt = append(yt, plot.Tick{Value: zero, Label: "0"})
	p.Y.Tick.Marker = plot.ConstantTicks(yt)
	p.Add(plotter.NewGrid())
	return renderSVG(p)
}

func pow10Label(k int) string {
	if k <= 3 {
		return strconv.Itoa(int(math.Pow10(k)))
	}
	return "1e" + strconv.Itoa(k)
}

// axisLabel names the input axis of a function's error plot.
func axisLabel(t spec.Type) string {
	switch t {
	case spec.F32:
		return "x (first argument) on the ordered binary32 line"
	case spec.F64:
		return "x on the ordered binary64 line"
	}
	return "x (" + t.C() + ")"
}

// binEdgeF32 returns the binary32 encoding at the lower edge of bin i of a
// float axis (+Inf for i = Bins).
func binEdgeF32(i int) uint32 {
	k := int64(i)*(2*keyLimit+1)/Bins - keyLimit
	return f32.FromKey(min(k, keyLimit))
}

// axisTicks returns the ticks of the input axis, in bin units.
func axisTicks(t spec.Type) []plot.Tick {
	var ts []plot.Tick
	switch t {
	case spec.F32:
		pos := func(u uint32) float64 { return float64(f32.Key(u)+keyLimit) * Bins / (2*keyLimit + 1) }
		labels := map[float64]string{0: "0", 1: "1", 1e-30: "1e-30", 1e-15: "1e-15", 1e15: "1e15", 1e30: "1e30"}
		for _, v := range []float64{-1e30, -1e15, -1, -1e-15, -1e-30, 0, 1e-30, 1e-15, 1, 1e15, 1e30} {
			l := labels[math.Abs(v)]
			if v < 0 {
				l = "-" + l
			}
			ts = append(ts, plot.Tick{Value: pos(math.Float32bits(float32(v))), Label: l})
		}
		for e := -45; e <= 38; e += 5 {
			for _, s := range []float64{-1, 1} {
				ts = append(ts, plot.Tick{Value: pos(math.Float32bits(float32(s * math.Pow10(e))))})
			}
		}
		ts = append(ts, plot.Tick{Value: 0, Label: "-inf"}, plot.Tick{Value: Bins, Label: "inf"})
	case spec.F64:
		pos := func(v float64) float64 {
			const lim = 0x7ff0000000000000
			return float64(uint64(key64(math.Float64bits(v))+lim)) / float64(2*lim) * Bins
		}
		for _, v := range []float64{-1e200, -1e100, -1, 0, 1, 1e100, 1e200} {
			ts = append(ts, plot.Tick{Value: pos(v), Label: strconv.FormatFloat(v, 'g', -1, 64)})
		}
		ts = append(ts, plot.Tick{Value: 0, Label: "-inf"}, plot.Tick{Value: Bins, Label: "inf"})
	case spec.I32, spec.I64:
		w := "31"
		if t == spec.I64 {
			w = "63"
		}
		ts = append(ts, plot.Tick{Value: 0, Label: "-2^" + w}, plot.Tick{Value: Bins / 4}, plot.Tick{Value: Bins / 2, Label: "0"},
			plot.Tick{Value: 3 * Bins / 4}, plot.Tick{Value: Bins, Label: "2^" + w})
	default:
		w := "32"
		if t == spec.U64 {
			w = "64"
		}
		ts = append(ts, plot.Tick{Value: 0, Label: "0"}, plot.Tick{Value: Bins / 4}, plot.Tick{Value: Bins / 2},
			plot.Tick{Value: 3 * Bins / 4}, plot.Tick{Value: Bins, Label: "2^" + w})
	}
	return ts
}

var (
	svgProlog = regexp.MustCompile(`(?s)^<\?xml[^>]*\?>\s*(<!--.*?-->\s*)?`)
	svgNS     = regexp.MustCompile(`\s+xmlns(:xlink)?="[^"]*"`)
	svgFont   = regexp.MustCompile(`font-family:Liberation Sans;`)
)

// renderSVG draws p as an SVG element for inline use in HTML: no XML
// prolog, no namespace declarations, fonts with fallbacks.
func renderSVG(p *plot.Plot) ([]byte, error) {
	c := vgsvg.New(plotW, plotH)
	p.Draw(draw.New(c))
	var buf bytes.Buffer
	if _, err := c.WriteTo(&buf); err != nil {
		return nil, err
	}
	b := svgProlog.ReplaceAll(buf.Bytes(), nil)
	b = svgNS.ReplaceAll(b, nil)
	b = svgFont.ReplaceAll(b, []byte("font-family:'Liberation Sans',Arial,Helvetica,sans-serif;"))
	return bytes.TrimSpace(b), nil
}
