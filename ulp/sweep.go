package ulp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"math/bits"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"

	"github.com/cudafp/cudafp/rounding"
)

// Reference is what a sweep measures against: Ref implements it.
type Reference interface {
	Name() string
	Arity() int
	// Eval returns f(in) rounded in mode m, a double-double value of f(in),
	// and whether the evaluation needed the slow path.
	Eval(in Input, m rounding.Mode) (want uint32, v DD, slow bool)
}

// Measurer is a Reference that also evaluates the measured function: a
// sampled sweep (SampledInputs) given one as its reference calls Measure
// once per input and not its f, saving a call and the caller's pairing of
// the two (a report's probe records its own statistics there).
type Measurer interface {
	Reference
	// Measure returns the measured function's result at in, then Eval's
	// results.
	Measure(in Input, m rounding.Mode) (got, want uint32, v DD, slow bool)
}

// Interval is a closed interval [Lo, Hi] of real inputs.
type Interval struct {
	Lo, Hi float64
}

// Options configure a sweep. The zero value measures against the RN
// reference on every core, unsharded, without checkpoint.
type Options struct {
	Func  string        // name of the measured function, recorded in the Result ("expf", "__expf")
	Flags string        // flag set it was measured under, recorded in the Result ("-use_fast_math")
	Mode  rounding.Mode // rounding mode of the reference for Dist and CR (RN: CUDA's metric)
	// Abs, when set, adds absolute-error statistics over the inputs whose
	// first argument lies in the interval (NVIDIA's bounds for __sinf on
	// [−π, π], __logf on [0.5, 2]).
	Abs *Interval
	// Shard and Shards select shard Shard of Shards (0 ≤ Shard < Shards): the
	// blocks b with b mod Shards = Shard. The Results of all shards merge into
	// exactly the Result of the unsharded sweep. Shards 0 or 1: everything.
	Shard, Shards int
	// Checkpoint, when set, is a file recording the finished blocks and their
	// merged statistics, rewritten atomically (temporary file and rename)
	// after each block. A sweep started with an existing checkpoint of the
	// same sweep skips the blocks it records.
	Checkpoint string
	// Workers is the number of goroutines; 0 means runtime.GOMAXPROCS(0).
	Workers int
	// Quiet suppresses the progress bar, which is otherwise drawn on stderr
	// when stderr is a terminal.
	Quiet bool
	// Blocks is the number of blocks of an exhaustive sweep: a power of two
	// in [1, 2^16]; 0 means 256 (block k holds inputs k·2^24 … (k+1)·2^24−1,
	// the golden data's blocks).
	Blocks int

	// Observe, when set, is called by Exhaustive and SampledShared with
	// each batch of inputs they have measured, after adding them to the
	// statistics, on the goroutine measuring their block: a caller gathers
	// statistics of its own (reports' bound checks and per-bin maxima)
	// without evaluating f or the reference again. The batches of a block
	// arrive in the sweep's order (Batch.Ordered says whether that is
	// increasing input order). Observe must not modify the Batch's slices
	// (the shared sweeps hand the same Want and Val to the Observe of every
	// function); they are reused once it returns.
	Observe func(b *Batch)

	only func(block int) bool // tests: restrict a sweep to some blocks
}

// BatchLen is the largest number of inputs in a Batch.
const BatchLen = 512

// Batch is a run of inputs of a unary sweep with their measurements (see
// Options.Observe): element i is input Lo+i of an exhaustive sweep, X[i] of
// a sampled one (SampledShared).
type Batch struct {
	Lo uint32
	X  []uint32 // the inputs, or nil for Lo, Lo+1, …
	// Ordered reports that the inputs increase, and exceed every input of
	// the block's earlier batches: a tie with an earlier maximum keeps the
	// earlier input. Otherwise (a sampled sweep's special values) a tie
	// goes to the smaller input, as in Stats.
	Ordered bool
	Got     []uint32  // the measured function's results
	Want    []uint32  // the reference's results, rounded in the sweep's mode
	Val     []DD      // the reference's values
	Dist    []uint32  // Dist(Got[i], Want[i])
	Err     []float64 // Err(Got[i], Val[i])
}

// At returns input i of the batch.
func (b *Batch) At(i int) uint32 {
	if b.X != nil {
		return b.X[i]
	}
	return b.Lo + uint32(i)
}

// batchBuf holds the measurements of one batch.
type batchBuf struct {
	x, got, want, dist [BatchLen]uint32
	val                [BatchLen]DD
	slow               [BatchLen]bool
	err                [BatchLen]float64
	batch              Batch // what Observe sees
}

// Result is the outcome of a sweep: plain data, JSON-serialisable, mergeable
// across shards (Merge).
type Result struct {
	Func   string // measured function
	Flags  string // its flag set
	Ref    string // reference ("exp")
	Mode   string // rounding mode of the reference ("RN")
	Arity  int
	Sweep  string   // "exhaustive", "sampled" or "special"
	Desc   string   // what the sweep covers ("all 2^32 inputs", "1048576 samples from …")
	Blocks int      // number of blocks of the whole sweep
	Done   []uint64 // bitmap of the finished blocks
	Stats

	// Derived from Stats by Finalize.
	MeanErr Ulps     // Stats.Mean
	Q999    Ulps     // Stats.Quantile(0.999)
	CRRate  float64  // Stats.CRShare
	Hist    []uint64 // Stats.Coarse: 0.25-ulp bins up to 32 ulps, then ≥ 32
}

// Complete reports whether every block of the sweep is done.
func (r *Result) Complete() bool { return r.doneCount() == r.Blocks }

func (r *Result) doneCount() int {
	n := 0
	for _, w := range r.Done {
		n += bits.OnesCount64(w)
	}
	return n
}

func (r *Result) isDone(b int) bool { return r.Done[b/64]>>(b%64)&1 != 0 }
func (r *Result) setDone(b int)     { r.Done[b/64] |= 1 << (b % 64) }

// Finalize recomputes the derived fields from Stats.
func (r *Result) Finalize() {
	r.MeanErr = Ulps(r.Mean())
	r.Q999 = Ulps(r.Quantile(0.999))
	r.CRRate = r.CRShare()
	r.Hist = r.Coarse()
}

// Merge adds the result of a disjoint part of the same sweep (another shard,
// or the blocks of an interrupted run) to r.
func (r *Result) Merge(o *Result) error {
	if r.Func != o.Func || r.Flags != o.Flags || r.Ref != o.Ref || r.Mode != o.Mode ||
		r.Sweep != o.Sweep || r.Desc != o.Desc || r.Blocks != o.Blocks || len(r.Done) != len(o.Done) {
		return fmt.Errorf("ulp: cannot merge results of different sweeps (%s %s %s vs %s %s %s)", r.Func, r.Flags, r.Desc, o.Func, o.Flags, o.Desc)
	}
	for i := range r.Done {
		if r.Done[i]&o.Done[i] != 0 {
			return errors.New("ulp: merged results share blocks")
		}
	}
	for i := range r.Done {
		r.Done[i] |= o.Done[i]
	}
	r.Stats.Merge(&o.Stats)
	r.Finalize()
	return nil
}

// sweep is what the engine runs: nblocks blocks of one or more functions
// (one Result each, all of the same blocks), of which run evaluates one.
type sweep struct {
	res  []*Result
	opts []Options // opts[i] configures res[i]; opts[0] the engine
	size func(b int) uint64
	// run measures block b of the functions rows into st (st[j] for
	// rows[j]), adding progress as it goes; it returns false when ctx was
	// cancelled (st is then discarded).
	run func(ctx context.Context, b int, rows []int, st []Stats, prog *atomic.Uint64) bool
}

const chunk = 1 << 16 // inputs between cancellation checks and progress updates

// Exhaustive measures the unary function f on all 2^32 inputs against ref.
// It uses every core, shows a progress bar when stderr is a terminal, stops
// early (returning the partial Result and ctx.Err()) when ctx is cancelled,
// and honours Options.Shard/Shards and Options.Checkpoint.
func Exhaustive(ctx context.Context, f func(x uint32) uint32, ref Reference, opt Options) (*Result, error) {
	rs, err := ExhaustiveShared(ctx, []Run32{RunOf(f)}, ref, []Options{opt})
	if rs == nil {
		return nil, err
	}
	return rs[0], err
}

// A Run32 evaluates a unary function of 32-bit encodings on consecutive
// inputs: out[i] = f(x0 + i) (x0 + i wraps past 2^32 − 1). An exhaustive
// sweep calls it once per batch of BatchLen inputs. RunOf's loop calls f
// per input; a Run32 whose loop calls the function's own code saves the
// calls of whatever wraps it in f (spec.Func.Run32 gives one for every
// catalogued unary function with a direct 32-bit form).
type Run32 func(x0 uint32, out []uint32)

// RunOf returns the Run32 of f: a loop calling f.
func RunOf(f func(x uint32) uint32) Run32 {
	return func(x0 uint32, out []uint32) {
		for i := range out {
			out[i] = f(x0 + uint32(i))
		}
	}
}

// ExhaustiveShared measures each of the unary functions fs on all 2^32
// inputs against ref, fs[i] under opts[i], and returns their Results in
// order: exactly the Results of Exhaustive(ctx, f, ref, opts[i]) for the
// f that fs[i] runs, but the reference is evaluated once per input for all
// of them (a report's rows of one function under several flag sets). The
// options must agree on Mode, Blocks, Shard and Shards; Workers and Quiet
// are opts[0]'s. Each function keeps its own Func, Flags, Abs, Observe and
// Checkpoint: a block is measured for the functions whose checkpoint does
// not record it.
func ExhaustiveShared(ctx context.Context, fs []Run32, ref Reference, opts []Options) ([]*Result, error) {
	if len(fs) == 0 || len(fs) != len(opts) {
		return nil, fmt.Errorf("ulp: %d functions with %d options", len(fs), len(opts))
	}
	opt := opts[0]
	for _, o := range opts[1:] {
		if o.Mode != opt.Mode || o.Blocks != opt.Blocks || o.Shard != opt.Shard || o.Shards != opt.Shards {
			return nil, errors.New("ulp: the functions of a shared sweep differ in mode, blocks or shard")
		}
	}
	nb := opt.Blocks
	if nb == 0 {
		nb = 256
	}
	if nb < 1 || nb > 1<<16 || nb&(nb-1) != 0 {
		return nil, fmt.Errorf("ulp: Blocks = %d, want a power of two in [1, 65536]", nb)
	}
	if ref.Arity() != 1 {
		return nil, fmt.Errorf("ulp: exhaustive sweep of a unary function against the %d-ary reference %s", ref.Arity(), ref.Name())
	}
	per := uint64(1<<32) / uint64(nb)
	m := opt.Mode
	// evalRun fills want and val for the inputs x0, x0+1, … and returns the
	// number of oracle fallbacks.
	evalRun := func(x0 uint32, want []uint32, val []DD) (slow uint64) {
		for i := range want {
			var s bool
			want[i], val[i], s = ref.Eval(Input{X: x0 + uint32(i)}, m)
			if s {
				slow++
			}
		}
		return slow
	}
	if r, ok := ref.(*Ref); ok {
		evalRun = func(x0 uint32, want []uint32, val []DD) uint64 { return r.evalRun1(x0, m, want, val) }
	}
	s := sweep{
		opts: opts,
		size: func(int) uint64 { return per },
		run: func(ctx context.Context, b int, rows []int, st []Stats, prog *atomic.Uint64) bool {
			buf := new(batchBuf)
			lo := uint64(b) * per
			for base := lo; base < lo+per; base += chunk {
				if ctx.Err() != nil {
					return false
				}
				end := min(base+chunk, lo+per)
				for x := base; x < end; x += BatchLen {
					n := int(min(end-x, BatchLen))
					x0 := uint32(x)
					want, val := buf.want[:n], buf.val[:n]
					slow := evalRun(x0, want, val)
					for j, i := range rows {
						got, dist, errs := buf.got[:n], buf.dist[:n], buf.err[:n]
						fs[i](x0, got)
						st[j].addRun(x0, nil, got, want, val, dist, errs, slow)
						if observe := opts[i].Observe; observe != nil {
							buf.batch = Batch{Lo: x0, Ordered: true, Got: got, Want: want, Val: val, Dist: dist, Err: errs}
							observe(&buf.batch)
						}
					}
				}
				prog.Add((end - base) * uint64(len(rows)))
			}
			return true
		},
	}
	for _, o := range opts {
		s.res = append(s.res, o.newResult(ref, "exhaustive", "all 2^32 inputs", nb))
	}
	return s.execute(ctx)
}

// SampleBlock is the number of inputs per block of a sampled sweep.
const SampleBlock = 1 << 16

// Sampled measures f on the n inputs gen(0) … gen(n−1) against ref. desc
// describes the generator in the Result ("uniform bits, seed 1"). It has
// Exhaustive's parallelism, cancellation, sharding and checkpoints; its
// blocks hold SampleBlock consecutive indices.
func Sampled(ctx context.Context, f Func, ref Reference, gen Generator, n uint64, desc string, opt Options) (*Result, error) {
	return SampledInputs(ctx, func(in Input) uint32 { return f(in.X, in.Y, in.Z) }, ref, func(i uint64) Input {
		x, y, z := gen(i)
		return Input{X: x, Y: y, Z: z}
	}, n, desc, opt)
}

// SampledInputs is Sampled for functions of any arity (up to MaxArgs
// arguments): f and gen take and give whole Inputs. When ref is a
// Measurer, its Measure gives the measured results and f is not called.
func SampledInputs(ctx context.Context, f func(Input) uint32, ref Reference, gen func(i uint64) Input, n uint64, desc string, opt Options) (*Result, error) {
	nb, size, err := sampleBlocks(n)
	if err != nil {
		return nil, err
	}
	m := opt.Mode
	s := sweep{
		res:  []*Result{opt.newResult(ref, "sampled", fmt.Sprintf("%d samples: %s", n, desc), nb)},
		opts: []Options{opt},
		size: size,
		run: func(ctx context.Context, b int, _ []int, sts []Stats, prog *atomic.Uint64) bool {
			st := &sts[0]
			if ctx.Err() != nil {
				return false
			}
			lo := uint64(b) * SampleBlock
			if mr, ok := ref.(Measurer); ok {
				for i := lo; i < lo+size(b); i++ {
					in := gen(i)
					got, want, v, slow := mr.Measure(in, m)
					st.add(in, got, want, v, slow, false)
				}
			} else {
				for i := lo; i < lo+size(b); i++ {
					in := gen(i)
					want, v, slow := ref.Eval(in, m)
					st.add(in, f(in), want, v, slow, false)
				}
			}
			prog.Add(size(b))
			return true
		},
	}
	return s.execute1(ctx)
}

// sampleBlocks returns the number of blocks of a sampled sweep of n inputs
// and the size of each.
func sampleBlocks(n uint64) (int, func(b int) uint64, error) {
	nb := int((n + SampleBlock - 1) / SampleBlock)
	if uint64(nb)*SampleBlock < n || nb > math.MaxInt32 {
		return 0, nil, fmt.Errorf("ulp: too many samples: %d", n)
	}
	return nb, func(b int) uint64 { return min(n, uint64(b+1)*SampleBlock) - uint64(b)*SampleBlock }, nil
}

// SampledShared measures each of the unary functions fs on the n inputs
// xs(0) … xs(n−1) against ref, fs[i] under opts[i], and returns their
// Results in order: exactly the Results of SampledInputs(ctx, fs[i], ref,
// xs, n, desc, opts[i]) on those inputs, with the reference evaluated once
// per input for all the functions and the statistics gathered a batch at a
// time (the loop of ExhaustiveShared, on listed inputs). The options must
// agree as ExhaustiveShared's do (Blocks is not read: the blocks hold
// SampleBlock indices each). A stretch of inputs that increases, as the
// stratified samples of a report do, takes the batched statistics; the
// others (special values appended to the samples) are added one by one.
func SampledShared(ctx context.Context, fs []func(x uint32) uint32, ref Reference, xs func(i uint64) uint32, n uint64, desc string, opts []Options) ([]*Result, error) {
	if len(fs) == 0 || len(fs) != len(opts) {
		return nil, fmt.Errorf("ulp: %d functions with %d options", len(fs), len(opts))
	}
	opt := opts[0]
	for _, o := range opts[1:] {
		if o.Mode != opt.Mode || o.Shard != opt.Shard || o.Shards != opt.Shards {
			return nil, errors.New("ulp: the functions of a shared sweep differ in mode or shard")
		}
	}
	if ref.Arity() != 1 {
		return nil, fmt.Errorf("ulp: sampled unary sweep against the %d-ary reference %s", ref.Arity(), ref.Name())
	}
	nb, size, err := sampleBlocks(n)
	if err != nil {
		return nil, err
	}
	m := opt.Mode
	s := sweep{
		opts: opts,
		size: size,
		run: func(ctx context.Context, b int, rows []int, st []Stats, prog *atomic.Uint64) bool {
			if ctx.Err() != nil {
				return false
			}
			buf := new(batchBuf)
			lo := uint64(b) * SampleBlock
			end := lo + size(b)
			var last uint32 // the largest input of the block so far
			for i0 := lo; i0 < end; i0 += BatchLen {
				n := int(min(end-i0, BatchLen))
				x := buf.x[:n]
				ordered := true
				for k := range x {
					x[k] = xs(i0 + uint64(k))
					if x[k] <= last && (k > 0 || i0 > lo) {
						ordered = false
					}
					last = max(last, x[k])
				}
				want, val, slowAt := buf.want[:n], buf.val[:n], buf.slow[:n]
				var slow uint64
				for k, xk := range x {
					want[k], val[k], slowAt[k] = ref.Eval(Input{X: xk}, m)
					slow += b2u(slowAt[k])
				}
				for j, i := range rows {
					got, dist, errs := buf.got[:n], buf.dist[:n], buf.err[:n]
					f := fs[i]
					for k, xk := range x {
						got[k] = f(xk)
					}
					if ordered {
						st[j].addRun(x[0], x, got, want, val, dist, errs, slow)
					} else {
						for k, xk := range x {
							st[j].add(Input{X: xk}, got[k], want[k], val[k], slowAt[k], false)
							dist[k], errs[k] = Dist(got[k], want[k]), Err(got[k], val[k])
						}
					}
					if observe := opts[i].Observe; observe != nil {
						buf.batch = Batch{Lo: x[0], X: x, Ordered: ordered, Got: got, Want: want, Val: val, Dist: dist, Err: errs}
						observe(&buf.batch)
					}
				}
			}
			prog.Add(size(b) * uint64(len(rows)))
			return true
		},
	}
	for _, o := range opts {
		s.res = append(s.res, o.newResult(ref, "sampled", fmt.Sprintf("%d samples: %s", n, desc), nb))
	}
	return s.execute(ctx)
}

// Special measures f on the listed inputs (a special-value grid) against
// ref, in one block.
func Special(ctx context.Context, f Func, ref Reference, inputs []Input, opt Options) (*Result, error) {
	in := append([]Input(nil), inputs...)
	m := opt.Mode
	s := sweep{
		res:  []*Result{opt.newResult(ref, "special", fmt.Sprintf("%d special inputs", len(in)), 1)},
		opts: []Options{opt},
		size: func(int) uint64 { return uint64(len(in)) },
		run: func(ctx context.Context, _ int, _ []int, sts []Stats, prog *atomic.Uint64) bool {
			st := &sts[0]
			if ctx.Err() != nil {
				return false
			}
			for _, a := range in {
				want, v, slow := ref.Eval(a, m)
				st.add(a, f(a.X, a.Y, a.Z), want, v, slow, false)
			}
			prog.Add(uint64(len(in)))
			return true
		},
	}
	return s.execute1(ctx)
}

func (opt Options) newResult(ref Reference, kind, desc string, nblocks int) *Result {
	r := &Result{
		Func: opt.Func, Flags: opt.Flags, Ref: ref.Name(), Mode: opt.Mode.String(), Arity: ref.Arity(),
		Sweep: kind, Desc: desc, Blocks: nblocks, Done: make([]uint64, (nblocks+63)/64),
		Stats: newStats(nil),
	}
	if opt.Abs != nil {
		r.Stats.Abs = &AbsStats{Lo: opt.Abs.Lo, Hi: opt.Abs.Hi}
	}
	return r
}

// execute1 is execute for a sweep of one function.
func (s sweep) execute1(ctx context.Context) (*Result, error) {
	rs, err := s.execute(ctx)
	if rs == nil {
		return nil, err
	}
	return rs[0], err
}

// execute runs the blocks of s that belong to this shard and are not yet in
// the checkpoints of every function, on opts[0].Workers goroutines, merging
// each finished block into the results and the checkpoints.
func (s sweep) execute(ctx context.Context) ([]*Result, error) {
	opt := s.opts[0]
	shards := max(opt.Shards, 1)
	if opt.Shard < 0 || opt.Shard >= shards {
		return nil, fmt.Errorf("ulp: shard %d of %d", opt.Shard, shards)
	}
	keys := make([]string, len(s.res))
	for i, res := range s.res {
		keys[i] = fmt.Sprintf("%s|%s|%s|%s|%s|%s|%d|shard %d/%d", res.Func, res.Flags, res.Ref, res.Mode, res.Sweep, res.Desc, res.Blocks, opt.Shard, shards)
		if c := s.opts[i].Checkpoint; c != "" {
			if err := loadCheckpoint(c, keys[i], res); err != nil {
				return nil, err
			}
		}
	}
	// A task is a block with the functions that still need it.
	type task struct {
		b    int
		rows []int
	}
	var pending []task
	var total uint64
	for b := opt.Shard; b < s.res[0].Blocks; b += shards {
		if opt.only != nil && !opt.only(b) {
			continue
		}
		var rows []int
		for i, res := range s.res {
			if !res.isDone(b) {
				rows = append(rows, i)
			}
		}
		if rows != nil {
			pending = append(pending, task{b, rows})
			total += s.size(b) * uint64(len(rows))
		}
	}
	workers := opt.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	var prog atomic.Uint64
	stopBar := opt.progress(ctx, s.res, total, &prog)
	defer stopBar()

	type done struct {
		t  task
		st []Stats
	}
	out := make(chan done, workers)
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(workers, len(pending)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1) - 1)
				if i >= len(pending) || ctx.Err() != nil {
					return
				}
				t := pending[i]
				st := make([]Stats, len(t.rows))
				for j, r := range t.rows {
					st[j] = newStats(s.res[r].Stats.Abs)
				}
				if !s.run(ctx, t.b, t.rows, st, &prog) {
					return
				}
				out <- done{t, st}
			}
		}()
	}
	go func() { wg.Wait(); close(out) }()
	var werr error
	for d := range out {
		for j, r := range d.t.rows {
			res := s.res[r]
			res.Stats.Merge(&d.st[j])
			res.setDone(d.t.b)
			if c := s.opts[r].Checkpoint; c != "" && werr == nil {
				werr = saveCheckpoint(c, keys[r], res)
			}
		}
	}
	for _, res := range s.res {
		res.Finalize()
	}
	if werr != nil {
		return s.res, werr
	}
	return s.res, ctx.Err()
}

// progress starts a progress bar on stderr when it is a terminal and
// returns the function that stops it.
func (opt Options) progress(ctx context.Context, rs []*Result, total uint64, prog *atomic.Uint64) func() {
	if opt.Quiet || total == 0 || !term.IsTerminal(int(os.Stderr.Fd())) {
		return func() {}
	}
	bar := progressbar.NewOptions64(int64(total),
		progressbar.OptionSetWriter(os.Stderr),
		progressbar.OptionSetDescription(fmt.Sprintf("%s vs %s (%s)", funcNames(rs), rs[0].Ref, rs[0].Sweep)),
		progressbar.OptionShowIts(),
		progressbar.OptionSetItsString("inputs"),
		progressbar.OptionThrottle(100*time.Millisecond),
		progressbar.OptionSetPredictTime(true),
		progressbar.OptionClearOnFinish(),
	)
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		t := time.NewTicker(200 * time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-stop:
				return
			case <-ctx.Done():
				return
			case <-t.C:
				_ = bar.Set64(int64(prog.Load()))
			}
		}
	}()
	return func() {
		close(stop)
		wg.Wait()
		_ = bar.Set64(int64(prog.Load()))
		_ = bar.Exit()
	}
}

// funcNames returns the names of the functions of rs, comma-separated.
func funcNames(rs []*Result) string {
	names := make([]string, len(rs))
	for i, r := range rs {
		names[i] = r.Func
	}
	return strings.Join(names, ", ")
}

// checkpoint is the file format of Options.Checkpoint.
type checkpoint struct {
	Version int
	Key     string // identifies the sweep and the shard
	Result  *Result
}

const checkpointVersion = 1

func loadCheckpoint(path, key string, res *Result) error {
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	var c checkpoint
	if err := json.Unmarshal(b, &c); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if c.Version != checkpointVersion || c.Key != key || c.Result == nil {
		return fmt.Errorf("%s: checkpoint of another sweep (%q, want %q)", path, c.Key, key)
	}
	if len(c.Result.Done) != len(res.Done) || len(c.Result.Fine) != fineBins {
		return fmt.Errorf("%s: malformed checkpoint", path)
	}
	*res = *c.Result
	return nil
}

func saveCheckpoint(path, key string, res *Result) error {
	res.Finalize()
	b, err := json.Marshal(checkpoint{Version: checkpointVersion, Key: key, Result: res})
	if err != nil {
		return err
	}
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	f, err := os.CreateTemp(dir, base+".tmp*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	_, err = f.Write(b)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
	}
	return err
}
