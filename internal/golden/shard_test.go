package golden_test

import (
	"cmp"
	"context"
	"path/filepath"
	"reflect"
	"slices"
	"testing"

	"github.com/cudafp/cudafp/internal/golden"
)

// TestVerifyShards verifies three files (an exhaustive function, a binary
// one, a two-result one) in 3 shards of the quick tier and checks that the
// shards' Results sum to the unsharded Results, field by field, and that
// only shard 0 checks the explicit outputs. A broken emulation is simulated
// by corrupting one recorded hash, so that the mismatch spans are compared
// too.
func TestVerifyShards(t *testing.T) {
	var files []*golden.File
	for _, name := range []string{"default/expf.txt.gz", "default/op_div.txt.gz", "fast/sincosf.txt.gz"} {
		f, err := golden.Load(filepath.Join(root, name))
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	files[1].Hashes[17] ^= 1   // block 17: a quick block of a generated-input function
	files[0].SubHashes[3] ^= 1 // a quick sub-block of expf
	want := golden.Verify(context.Background(), files, golden.Options{Tier: golden.Quick})
	const n = 3
	sum := make([]golden.Result, len(files))
	for s := range n {
		part := golden.Verify(context.Background(), files, golden.Options{Tier: golden.Quick, Shard: s, Shards: n})
		for i, r := range part {
			if s != 0 && (r.ExplicitInputs != 0 || r.First != nil) {
				t.Errorf("shard %d of %s checked explicit outputs", s, r.ID)
			}
			if s == 0 {
				sum[i] = r
				continue
			}
			m := &sum[i]
			m.Inputs += r.Inputs
			m.Mismatches += r.Mismatches
			m.HashesChecked += r.HashesChecked
			m.BadSpans = append(m.BadSpans, r.BadSpans...)
		}
	}
	for i := range sum {
		slices.SortFunc(sum[i].BadSpans, func(a, b golden.Span) int { return cmp.Compare(a.First, b.First) })
		if !reflect.DeepEqual(sum[i], want[i]) {
			t.Errorf("%s %s: shards sum to\n%+v\nwant\n%+v", want[i].ID, want[i].FlagSet, sum[i], want[i])
		}
	}
	if want[0].Mismatches == 0 || want[1].Mismatches == 0 {
		t.Errorf("the corrupted hashes were not noticed: %d, %d mismatches", want[0].Mismatches, want[1].Mismatches)
	}
}
