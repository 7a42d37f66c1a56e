package ulp

import (
	"context"
	"math"
	"runtime"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/cudafp/cudafp/internal/f32"
	"github.com/cudafp/cudafp/internal/testflag"
)

// Stand-ins for the CUDA emulations, which this package cannot import (it
// sits below them in the layer table; package reports sweeps the real
// ones): the host's float64 function rounded to float32 (round-to-nearest
// conversion). They time this package's sweep engine end to end (measured
// function + reference + statistics) on functions of realistic cost.
var standIns = []struct {
	name string
	ref  *Ref
	f    func(uint32) uint32
	abs  *Interval
}{
	{"float32(math.Exp)", Exp, func(x uint32) uint32 {
		return math.Float32bits(float32(math.Exp(float64(math.Float32frombits(x)))))
	}, nil},
	{"float32(math.Log)", Log, func(x uint32) uint32 {
		return math.Float32bits(float32(math.Log(float64(math.Float32frombits(x)))))
	}, &Interval{0.5, 2}},
	{"float32(math.Sin)", Sin, func(x uint32) uint32 {
		return math.Float32bits(float32(math.Sin(float64(math.Float32frombits(x)))))
	}, &Interval{-math.Pi, math.Pi}},
}

func cpuTime() time.Duration {
	var r syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &r); err != nil {
		return 0
	}
	return time.Duration(r.Utime.Nano() + r.Stime.Nano())
}

// TestExhaustiveStandIns sweeps the stand-ins of expf, logf and sinf against
// the certified references and logs the time it took (wall and CPU), the
// result and the fallback count, and the CPU time of the stand-in alone over
// the same inputs (the rest is the reference and the statistics). The
// exhaustive tier covers all 2^32 inputs (about a minute each on 2 idle
// cores); the default tier 16 blocks of 2^16 inputs spread over the
// encodings (~1 s).
func TestExhaustiveStandIns(t *testing.T) {
	for _, s := range standIns {
		t.Run(s.ref.name, func(t *testing.T) {
			opt := Options{Func: s.name, Abs: s.abs, Quiet: true}
			want := uint64(1 << 32)
			if !testflag.Exhaustive() {
				opt.Blocks = 1 << 16
				opt.only = func(b int) bool { return b%4099 == 0 }
				want = 16 << 16
			}
			w0, c0 := time.Now(), cpuTime()
			res, err := Exhaustive(context.Background(), s.f, s.ref, opt)
			if err != nil {
				t.Fatal(err)
			}
			wall, cpu := time.Since(w0), cpuTime()-c0
			logResult(t, res)
			t.Logf("time: wall %v, cpu %v (%.1f ns/input of CPU)", wall.Round(time.Millisecond), cpu.Round(time.Millisecond), float64(cpu.Nanoseconds())/float64(want))
			c1 := cpuTime()
			standInOnly(s.f, opt)
			sc := cpuTime() - c1
			t.Logf("the stand-in alone: cpu %v (%.1f ns/input); reference + statistics: %.1f ns/input",
				sc.Round(time.Millisecond), float64(sc.Nanoseconds())/float64(want), float64((cpu-sc).Nanoseconds())/float64(want))
			if res.N != want || res.Complete() != testflag.Exhaustive() {
				t.Errorf("covered %d inputs, complete=%v; want %d", res.N, res.Complete(), want)
			}
		})
	}
}

var sinkSum atomic.Uint32

// standInOnly evaluates f on the inputs of an exhaustive sweep with opt's
// blocks, on every core, and nothing else.
func standInOnly(f func(uint32) uint32, opt Options) {
	nb := opt.Blocks
	if nb == 0 {
		nb = 256
	}
	per := uint64(1<<32) / uint64(nb)
	var next atomic.Int64
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var acc uint32
			for {
				b := int(next.Add(1) - 1)
				if b >= nb {
					break
				}
				if opt.only != nil && !opt.only(b) {
					continue
				}
				for x := uint64(b) * per; x < uint64(b+1)*per; x++ {
					acc += f(uint32(x))
				}
			}
			sinkSum.Add(acc)
		}()
	}
	wg.Wait()
}

func logResult(t *testing.T, r *Result) {
	t.Helper()
	t.Logf("%s vs %s (%s, %s): %d inputs, max Dist %d at %s, max Err %.9g ulp at %s, mean %.4g, q0.999 ≤ %.4g, CR %.6f%%, fallbacks %d",
		r.Func, r.Ref, r.Mode, r.Desc, r.N, r.MaxDist, r.ArgMaxDist.Format(r.Arity), float64(r.MaxErr), r.ArgMaxErr.Format(r.Arity),
		float64(r.MeanErr), float64(r.Q999), 100*r.CRRate, r.Fallbacks)
	if a := r.Abs; a != nil {
		t.Logf("  absolute error on [%g, %g]: %d inputs, max %.4g (2^%.2f) at %s", a.Lo, a.Hi, a.N, float64(a.Max), math.Log2(float64(a.Max)), f32.Format(a.ArgMax.X))
	}
}
