package reports

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"time"

	"github.com/cudafp/cudafp/fp"
	"github.com/cudafp/cudafp/internal/spec"
	"github.com/cudafp/cudafp/ulp"
)

// Sample sizes. A default report samples every function; --exhaustive
// measures unary functions on all 2^32 inputs and the others on
// ExhaustiveGenerated inputs of the device capture's generators.
const (
	// DefaultSamples is the number of stratified bit patterns of a unary
	// function in a default report (plus its special values).
	DefaultSamples = 1 << 22
	// DefaultGenerated is the number of generated inputs of a binary,
	// ternary or 64-bit-argument function in a default report (plus its
	// special-value grid).
	DefaultGenerated = 1 << 20
	// ExhaustiveGenerated is the number of generated inputs of those
	// functions in an exhaustive report: the spec.GenCount inputs the
	// device capture covers, and three times as many more from the same
	// generators.
	ExhaustiveGenerated = 4 * spec.GenCount
	// exhaustiveBlocks is the number of blocks of a 2^32 sweep: the unit of
	// parallelism, sharding, checkpointing and progress (2^20 inputs).
	exhaustiveBlocks = 1 << 12
	// sampleSeed seeds the stratified samples of unary functions.
	sampleSeed = 0x6375646166702d72 // "cudafp-r"
)

// Config selects what a report measures.
type Config struct {
	// Funcs lists the functions to measure, in catalog order; nil means
	// every function of the catalog that has a float result and a
	// reference. Functions without are left out and listed as such.
	Funcs []*spec.Func
	// Flags lists the flag sets; nil means the default and -use_fast_math.
	Flags []fp.Flags
	// Type restricts the functions (of Funcs, or of the catalog) to one
	// type: TypeF64 (a double argument or result) or TypeF32 (the others);
	// "" keeps every type.
	Type string
	// Exhaustive measures unary functions on all 2^32 inputs.
	Exhaustive bool
	// Timing records in each row the worker time spent measuring it
	// (Row.Seconds). Off, the report depends only on its inputs: two runs
	// give the same bytes beyond the provenance.
	Timing bool
	// Samples and Generated override DefaultSamples and DefaultGenerated
	// (or ExhaustiveGenerated) when nonzero.
	Samples, Generated uint64
	// Shard and Shards select the blocks b with b mod Shards = Shard of
	// every sweep; Shards 0 or 1 means all of them.
	Shard, Shards int
	// Checkpoints, when set, is a directory of per-sweep checkpoint files:
	// a run started again with the same directory skips the blocks they
	// record. It must exist.
	Checkpoints string
	// Workers is the number of blocks measured at once; 0 means
	// runtime.GOMAXPROCS(0).
	Workers int
	// Progress, when set, is called after each finished block with the
	// number of inputs done and to do in this run.
	Progress func(done, total uint64)

	only func(sweep, block int) bool // tests: restrict the blocks measured
}

// sweep is the measurement of one row: one result of one function under one
// set of effective flags.
type sweep struct {
	row     *Row
	f       *spec.Func
	comp    component
	chk     check
	newDist func(memo *refMemo) func(in ulp.Input) uint64 // an integer result's distance to the exact integer
	eff     fp.Flags
	blocks  int
	size    func(b int) uint64
	run     func(ctx context.Context, b int, pr *probe) (*ulp.Result, error) // a sampled sweep's block, input by input (a unary function's goes through newUnary and ulp.SampledShared)
	gen     func(i uint64) ulp.Input                                         // a sampled sweep's i-th input, i < n: drawn inputs, then the special grid
	n       uint64
	desc    string // a sampled sweep's description of its inputs
	// newGot and newUnary give the measured function (of a sampled input;
	// of an exhaustive sweep's input): a new one for each probe, because
	// each owns the argument array the kernel reads, and probes run
	// concurrently. (A Kernel's argument escapes, being an indirect call:
	// an array per input was the report's largest source of garbage.)
	// The memo, when not nil, evaluates the exact result of an integer or
	// binary64 row (component.iref) once for the sweeps of a group.
	newGot   func(memo *refMemo) func(in ulp.Input) uint32
	opt      ulp.Options // the options of its ulp sweeps, but the blocks
	newUnary func() func(uint32) uint32
	// newRun is newUnary on the consecutive inputs of an exhaustive
	// sweep's batches (spec.Func.Run32 where the function has one).
	newRun  func() ulp.Run32
	key     string // identifies the sweep and the shard in its checkpoint
	ckpt    string // checkpoint file, or ""
	saved   time.Time
	dirty   bool
	pending []int
	// exhaustive: a sweep of all 2^32 inputs of unary, whose blocks
	// measureBlock measures together with the other exhaustive sweeps of
	// the same reference and mode (run is nil).
	exhaustive bool
}

// Measurable returns the functions of the catalog a report can measure (a
// float result, a reference) and the others with the reason.
func Measurable() (in []*spec.Func, out []LeftOut) {
	for _, f := range spec.All() {
		if _, why := components(f); why != "" {
			out = append(out, LeftOut{Function: f.Name, ID: f.ID, Reason: why})
			continue
		}
		in = append(in, f)
	}
	return in, out
}

// CanMeasure returns why f cannot be measured, or "".
func CanMeasure(f *spec.Func) string {
	_, why := components(f)
	return why
}

// Run measures the functions and flag sets of cfg and returns the report
// (without provenance). When ctx is cancelled it stops, saves the
// checkpoints, and returns ctx.Err(); a run with the same configuration and
// checkpoint directory then resumes.
func Run(ctx context.Context, cfg Config) (*Report, error) {
	shards := max(cfg.Shards, 1)
	if cfg.Shard < 0 || cfg.Shard >= shards {
		return nil, fmt.Errorf("reports: shard %d of %d", cfg.Shard, shards)
	}
	rep, sweeps, err := plan(cfg)
	if err != nil {
		return nil, err
	}
	// Pending blocks, after the checkpoints. The exhaustive sweeps of one
	// reference and mode (a function under several flag sets; a function
	// and its intrinsic) form a group whose blocks are measured together,
	// the reference evaluated once for all of them (ulp.ExhaustiveShared):
	// a task is one block of one group, with the sweeps that still need it.
	type task struct {
		b    int
		rows []int // indices in sweeps
	}
	var tasks []task
	var total uint64
	left := make([]int, len(sweeps)) // blocks of each sweep still to measure in this run
	for _, s := range sweeps {
		if cfg.Checkpoints != "" {
			s.ckpt = filepath.Join(cfg.Checkpoints, checkpointName(s, cfg.Shard, shards))
			if err := s.load(); err != nil {
				return nil, err
			}
		}
	}
	for _, g := range groups(sweeps) {
		for b := cfg.Shard; b < sweeps[g[0]].blocks; b += shards {
			var rows []int
			for _, i := range g {
				s := sweeps[i]
				if cfg.only != nil && !cfg.only(i, b) {
					continue
				}
				if s.row.Result != nil && isDone(s.row.Result, b) {
					continue
				}
				rows = append(rows, i)
				total += s.size(b)
				left[i]++
			}
			if rows != nil {
				tasks = append(tasks, task{b, rows})
			}
		}
	}
	workers := cfg.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	type done struct {
		t       task
		res     []*ulp.Result
		ex      []*Extra
		seconds float64
		err     error
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	next := make(chan task)
	out := make(chan done)
	go func() {
		defer close(next)
		for _, t := range tasks {
			select {
			case next <- t:
			case <-ctx.Done():
				return
			}
		}
	}()
	nw := min(workers, len(tasks))
	for range nw {
		go func() {
			for t := range next {
				start := time.Now()
				res, ex, err := measureBlock(ctx, sweeps, t.rows, t.b)
				out <- done{t, res, ex, time.Since(start).Seconds(), err}
			}
			out <- done{t: task{b: -1}}
		}()
	}
	if cfg.Progress != nil {
		cfg.Progress(0, total)
	}
	var firstErr error
	var progress uint64
	for live := nw; live > 0; {
		d := <-out
		if d.t.b < 0 {
			live--
			continue
		}
		if d.err != nil {
			if firstErr == nil && !errors.Is(d.err, context.Canceled) {
				firstErr = d.err
				cancel()
			}
			continue
		}
		for j, i := range d.t.rows {
			s := sweeps[i]
			s.row.Seconds += d.seconds / float64(len(d.t.rows))
			if err := s.add(d.res[j], d.ex[j]); err != nil && firstErr == nil {
				firstErr = err
				cancel()
			}
			progress += s.size(d.t.b)
			if cfg.Progress != nil {
				cfg.Progress(progress, total)
			}
			left[i]--
			if s.ckpt != "" && (left[i] == 0 || time.Since(s.saved) > 2*time.Second) {
				if err := s.save(); err != nil && firstErr == nil {
					firstErr = err
					cancel()
				}
			}
		}
	}
	for _, s := range sweeps {
		if s.ckpt != "" && s.dirty {
			if err := s.save(); err != nil && firstErr == nil {
				firstErr = err
			}
		}
	}
	if firstErr != nil {
		return nil, firstErr
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if shards > 1 {
		rep.Shard = &ShardInfo{Index: cfg.Shard, Count: shards}
	}
	if cfg.Funcs == nil && (cfg.Type == "" || cfg.Type == TypeHalf) && cfg.Shard == 0 {
		flags := cfg.Flags
		if len(flags) == 0 {
			flags = []fp.Flags{spec.Default, spec.FastMath}
		}
		half, err := halfSection(ctx, flags, cfg.Exhaustive, cfg.Workers)
		if err != nil {
			return nil, err
		}
		rep.Half = half
	}
	if !cfg.Timing {
		for _, row := range rep.Rows {
			row.Seconds = 0
		}
	}
	rep.finish()
	return rep, nil
}

// groups partitions the sweeps (indices, in order) into the groups whose
// blocks are measured together: the exhaustive sweeps of one reference and
// mode, and the sampled sweeps of one function's component (its rows under
// several effective flag sets: the same inputs, the same reference).
func groups(sweeps []*sweep) [][]int {
	type key struct {
		ref     ulp.Reference
		mode    string
		sampled string // the function, component and sample of a sampled sweep
	}
	var gs [][]int
	at := map[key]int{}
	for i, s := range sweeps {
		k := key{s.comp.ref, s.opt.Mode.String(), ""}
		if !s.exhaustive {
			k.sampled = fmt.Sprintf("%s|%s|%d", s.f.ID, s.comp.name, s.n)
		}
		if g, ok := at[k]; ok {
			gs[g] = append(gs[g], i)
			continue
		}
		at[k] = len(gs)
		gs = append(gs, []int{i})
	}
	return gs
}

// measureBlock measures block b of the sweeps rows (one group) and returns
// each one's result and Extra.
func measureBlock(ctx context.Context, sweeps []*sweep, rows []int, b int) ([]*ulp.Result, []*Extra, error) {
	newProbe := func(s *sweep, memo *refMemo) *probe {
		pr := &probe{ref: s.comp.ref, got: s.newGot(nil), chk: &s.chk, axis: Axis{s.f.In[0]}, ex: newExtra()}
		if memo == nil {
			if s.newDist != nil {
				pr.dist = s.newDist(nil)
			}
			return pr
		}
		if s.comp.iref == nil {
			pr.ref = memoRef{s.comp.ref, memo}
			return pr
		}
		pr.got = s.newGot(memo)
		pr.dist = s.newDist(memo)
		return pr
	}
	if s := sweeps[rows[0]]; !s.exhaustive && s.newUnary == nil {
		// One function's component under each effective flag set: the
		// first sweep records the reference, the others replay it.
		var memo *refMemo
		if len(rows) > 1 {
			memo = getMemo()
			defer putMemo(memo)
		}
		res := make([]*ulp.Result, len(rows))
		exs := make([]*Extra, len(rows))
		for j, i := range rows {
			if j > 0 {
				memo.rewind()
			}
			pr := newProbe(sweeps[i], memo)
			r, err := sweeps[i].run(ctx, b, pr)
			if err != nil {
				return nil, nil, err
			}
			res[j], exs[j] = r, pr.ex
		}
		return res, exs, nil
	}
	// A unary function's sweeps, exhaustive or sampled: the shared sweeps
	// of package ulp, which evaluate the reference once per input and
	// gather the statistics a batch at a time.
	first := sweeps[rows[0]]
	fs := make([]func(uint32) uint32, len(rows))
	runs := make([]ulp.Run32, len(rows))
	opts := make([]ulp.Options, len(rows))
	exs := make([]*Extra, len(rows))
	for j, i := range rows {
		s := sweeps[i]
		pr := newProbe(s, nil)
		if first.exhaustive {
			runs[j] = s.newRun()
		} else {
			fs[j] = s.newUnary()
		}
		exs[j] = pr.ex
		o := s.opt
		o.Blocks, o.Shard, o.Shards = s.blocks, b, s.blocks
		o.Observe = pr.observe
		opts[j] = o
	}
	if !first.exhaustive {
		gen := first.gen
		xs := func(i uint64) uint32 { return gen(i).X }
		res, err := ulp.SampledShared(ctx, fs, first.comp.ref, xs, first.n, first.desc, opts)
		return res, exs, err
	}
	res, err := ulp.ExhaustiveShared(ctx, runs, first.comp.ref, opts)
	return res, exs, err
}

func isDone(r *ulp.Result, b int) bool { return b/64 < len(r.Done) && r.Done[b/64]>>(b%64)&1 != 0 }

// add merges the result of one block into the sweep.
func (s *sweep) add(res *ulp.Result, ex *Extra) error {
	s.dirty = true
	if s.row.Result == nil {
		s.row.Result, s.row.Extra = res, ex
		return nil
	}
	if err := s.row.Result.Merge(res); err != nil {
		return err
	}
	return s.row.Extra.Merge(ex)
}

// plan expands cfg into the report's rows and their sweeps.
func plan(cfg Config) (*Report, []*sweep, error) {
	flags := cfg.Flags
	if len(flags) == 0 {
		flags = []fp.Flags{spec.Default, spec.FastMath}
	}
	rep := &Report{Schema: Schema, Exhaustive: cfg.Exhaustive}
	for _, fl := range flags {
		rep.Flags = append(rep.Flags, fl.String())
	}
	funcs := cfg.Funcs
	if funcs == nil {
		funcs, rep.LeftOut = Measurable()
	}
	if cfg.Type != "" {
		if cfg.Type != TypeF32 && cfg.Type != TypeF64 && cfg.Type != TypeHalf {
			return nil, nil, fmt.Errorf("reports: type %q: want %q, %q or %q", cfg.Type, TypeF32, TypeF64, TypeHalf)
		}
		funcs = slices.DeleteFunc(slices.Clone(funcs), func(f *spec.Func) bool { return !ofType(f, cfg.Type) })
		rep.LeftOut = slices.DeleteFunc(rep.LeftOut, func(l LeftOut) bool {
			f, ok := spec.Lookup(l.ID)
			return ok && !ofType(f, cfg.Type)
		})
	}
	var sweeps []*sweep
	for _, f := range funcs {
		comps, why := components(f)
		if why != "" {
			return nil, nil, fmt.Errorf("reports: %s: %s, nothing to measure", f.Name, why)
		}
		// Flag sets with the same effective flags share one row.
		var groups []fp.Flags
		members := map[fp.Flags][]fp.Flags{}
		for _, fl := range flags {
			e := f.Sens.Effective(fl)
			if _, ok := members[e]; !ok {
				groups = append(groups, e)
			}
			members[e] = append(members[e], fl)
		}
		for _, c := range comps {
			for _, e := range groups {
				s, err := newSweep(cfg, f, c, e, members[e])
				if err != nil {
					return nil, nil, err
				}
				rep.Rows = append(rep.Rows, s.row)
				sweeps = append(sweeps, s)
			}
		}
	}
	return rep, sweeps, nil
}

func newSweep(cfg Config, f *spec.Func, c component, eff fp.Flags, req []fp.Flags) (*sweep, error) {
	k, ok := f.Impl(eff)
	if !ok {
		return nil, fmt.Errorf("reports: %s is not implemented", f.Name)
	}
	if f.PairWide() {
		// The kernel folds both results into one word: measure the
		// component's own result instead.
		p, ok := f.Pair(eff)
		if !ok {
			return nil, fmt.Errorf("reports: %s has no unfolded kernel", f.Name)
		}
		second := c.second
		k = func(in *spec.Args) uint64 {
			r0, r1 := p(in)
			if second {
				return r1
			}
			return r0
		}
	}
	// newKernel returns the kernel as a function of a sampled input, with
	// an argument array of its own (sweep.newGot).
	newKernel := func(*refMemo) func(ulp.Input) uint64 {
		var a spec.Args
		return func(in ulp.Input) uint64 {
			a = kernelArgs(f.In, in)
			return k(&a)
		}
	}
	pick := c.pick
	if c.iref != nil {
		// An integer result: the sweep measures the indicator of an
		// inexact result against zeroRef (0), the probe the distance.
		ir, pickInt, result := c.iref, c.pickInt, newKernel
		newKernel = func(memo *refMemo) func(ulp.Input) uint64 {
			res := result(nil)
			return func(in ulp.Input) uint64 {
				if sameResult(ir.out, pickInt(res(in)), memo.intRef(ir.f, in)) {
					return 0
				}
				return 1
			}
		}
		pick = lowHalf
	}
	row := &Row{
		Function: f.Name, ID: f.ID, Component: c.name, Go: f.Go, Kind: f.Kind.String(),
		EffectiveFlags: eff.String(), Reference: c.ref.Name(), RefKind: c.kind, Mode: f.Mode.String(),
	}
	for _, t := range f.In {
		row.Args = append(row.Args, t.String())
	}
	for _, fl := range req {
		row.Flags = append(row.Flags, fl.String())
	}
	s := &sweep{row: row, f: f, comp: c, eff: eff, chk: check{b: componentBound(f, c, eff), floatArg: f.In[0] == spec.F32}}
	if ir := c.iref; ir != nil {
		k0, pickInt := k, c.pickInt
		s.newDist = func(memo *refMemo) func(ulp.Input) uint64 {
			var a spec.Args
			return func(in ulp.Input) uint64 {
				a = kernelArgs(f.In, in)
				return intDist(ir.out, pickInt(k0(&a)), memo.intRefAgain(ir.f, in))
			}
		}
	}
	row.bound = s.chk.b
	opt := ulp.Options{Func: f.Name, Flags: eff.String(), Mode: f.Mode, Workers: 1, Quiet: true}
	s.opt = opt
	if f.Exhaustive() {
		direct := c.name == "" && c.iref == nil
		if u, ok := f.DirectUnary32(eff); ok && direct {
			s.newUnary = func() func(uint32) uint32 { return u }
		} else {
			s.newUnary = func() func(uint32) uint32 {
				kn := newKernel(nil)
				return func(x uint32) uint32 { return pick(kn(ulp.Input{X: x})) }
			}
		}
		if run, ok := f.Run32(eff); ok && direct {
			s.newRun = func() ulp.Run32 { return run }
		} else {
			s.newRun = func() ulp.Run32 { return ulp.RunOf(s.newUnary()) }
		}
		s.newGot = func(*refMemo) func(ulp.Input) uint32 {
			u := s.newUnary()
			return func(in ulp.Input) uint32 { return u(in.X) }
		}
	} else {
		s.newGot = func(memo *refMemo) func(ulp.Input) uint32 {
			kn := newKernel(memo)
			return func(in ulp.Input) uint32 { return pick(kn(in)) }
		}
	}
	if cfg.Exhaustive && f.Exhaustive() {
		s.blocks = exhaustiveBlocks
		s.size = func(int) uint64 { return 1 << 32 / exhaustiveBlocks }
		s.exhaustive = true
		s.key = fmt.Sprintf("%s|%s|%s|%s|exhaustive|%d", f.ID, c.name, eff.String(), f.Mode, s.blocks)
		return s, nil
	}
	var gen func(i uint64) ulp.Input
	var n uint64
	var desc string
	grid := f.Grid()
	if f.Exhaustive() {
		n = orDefault(cfg.Samples, DefaultSamples)
		stretch := uint64(1<<32) / n
		if n > 1<<32 || n&(n-1) != 0 {
			return nil, fmt.Errorf("reports: %d samples: want a power of two up to 2^32", n)
		}
		drawn := n // gen's split point: n grows by the grid below
		gen = func(i uint64) ulp.Input {
			if i < drawn {
				return ulp.Input{X: uint32(i*stretch + spec.Draw(sampleSeed, i)%stretch)}
			}
			return ulp.Input{X: uint32(grid[i-drawn])}
		}
		desc = fmt.Sprintf("%s stratified bit patterns (one in each stretch of %s encodings, seed %#x) and %d special values", pow2(n), pow2(stretch), uint64(sampleSeed), len(grid))
		n += uint64(len(grid))
	} else {
		def := uint64(DefaultGenerated)
		switch {
		case isBinary64Row(f) && cfg.Exhaustive:
			def = ExhaustiveGenerated64
		case isBinary64Row(f) && slowRef64(f):
			def = DefaultGeneratedSlow64
		case isBinary64Row(f):
			def = DefaultGenerated64
		case cfg.Exhaustive:
			def = ExhaustiveGenerated
		}
		n = orDefault(cfg.Generated, def)
		gn := uint64(f.GridLen())
		drawn := n // gen's split point: n grows by the grid below
		gen = func(i uint64) ulp.Input {
			var a spec.Args
			if i < drawn {
				a = f.Input(i)
			} else {
				a = f.GridPoint(grid, int(i-drawn))
			}
			return inputOf(f.In, foldArray(f, a))
		}
		desc = fmt.Sprintf("%s generated inputs (spec.Input, the device capture's generators) and %d special-value grid points", pow2(n), gn)
		if f.Array && f.In[1] == spec.F64 {
			desc += ", counts above 4 folded into 1 to 4 (a sweep input holds four doubles)"
		}
		n += gn
	}
	s.gen, s.n, s.desc = gen, n, desc
	s.blocks = int((n + ulp.SampleBlock - 1) / ulp.SampleBlock)
	s.size = func(b int) uint64 { return min(n, uint64(b+1)*ulp.SampleBlock) - uint64(b)*ulp.SampleBlock }
	s.run = func(ctx context.Context, b int, pr *probe) (*ulp.Result, error) {
		o := opt
		o.Shard, o.Shards = b, s.blocks
		return ulp.SampledInputs(ctx, pr.measure, pr, gen, n, desc, o)
	}
	s.key = fmt.Sprintf("%s|%s|%s|%s|sampled|%d|%s", f.ID, c.name, eff.String(), f.Mode, n, desc)
	return s, nil
}

func orDefault(v, def uint64) uint64 {
	if v != 0 {
		return v
	}
	return def
}

// pow2 spells a power of two as 2^k, other numbers in decimal.
func pow2(n uint64) string {
	if n != 0 && n&(n-1) == 0 {
		k := 0
		for n > 1 {
			n >>= 1
			k++
		}
		return fmt.Sprintf("2^%d", k)
	}
	return fmt.Sprint(n)
}

// Checkpoints.

// ErrCheckpoint is wrapped by the errors of Run about a checkpoint file it
// cannot use.
var ErrCheckpoint = errors.New("reports: unusable checkpoint")

type checkpointFile struct {
	Version int
	Key     string
	Bound   string // the bound the Extra was checked against (describeBound's reading and the text)
	Result  *ulp.Result
	Extra   *Extra
}

func (s *sweep) boundKey() string {
	d := describeBound(s.chk.b)
	return d.Reading + " | " + d.Text
}

const checkpointVersion = 1

func checkpointName(s *sweep, shard, shards int) string {
	name := s.f.ID + "." + s.eff.Name()
	if s.comp.name != "" {
		name += "." + s.comp.name
	}
	if shards > 1 {
		name += fmt.Sprintf(".shard-%d-of-%d", shard, shards)
	}
	return name + ".json"
}

func (s *sweep) load() error {
	b, err := os.ReadFile(s.ckpt)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	var c checkpointFile
	if err := json.Unmarshal(b, &c); err != nil {
		return fmt.Errorf("%w %s: %v", ErrCheckpoint, s.ckpt, err)
	}
	if c.Version != checkpointVersion || c.Key != s.key || c.Bound != "" && c.Bound != s.boundKey() {
		return fmt.Errorf("%w %s: it records another sweep (%q, want %q): remove it or use another directory", ErrCheckpoint, s.ckpt, c.Key, s.key)
	}
	if c.Result == nil || c.Extra == nil || c.Result.Blocks != s.blocks || len(c.Result.Done) != (s.blocks+63)/64 || len(c.Extra.BinN) != Bins || len(c.Extra.BinMax) != Bins {
		return fmt.Errorf("%w %s: malformed", ErrCheckpoint, s.ckpt)
	}
	s.row.Result, s.row.Extra = c.Result, c.Extra
	s.saved = time.Now()
	return nil
}

func (s *sweep) save() error {
	if s.row.Result == nil {
		return nil
	}
	b, err := json.Marshal(checkpointFile{Version: checkpointVersion, Key: s.key, Bound: s.boundKey(), Result: s.row.Result, Extra: s.row.Extra})
	if err != nil {
		return err
	}
	if err := WriteFileAtomic(s.ckpt, b); err != nil {
		return err
	}
	s.saved, s.dirty = time.Now(), false
	return nil
}

// WriteFileAtomic writes data to path through a temporary file in the same
// directory and a rename, so that path never holds a partial file.
func WriteFileAtomic(path string, data []byte) error {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	f, err := os.CreateTemp(dir, "."+base+".tmp*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	_, err = f.Write(data)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp, 0o644)
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
	}
	return err
}
