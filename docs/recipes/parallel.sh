#!/bin/bash
# cudafp's exhaustive report and verification in shards on one machine with GNU parallel (docs/batch.md):
# SHARDS shards, JOBS at a time, each on its share of the cores. A shard that finished stays done: run the
# script again after an interruption and the report's shards resume from their checkpoints.
# Run from a cudafp checkout, with cudafp on PATH: docs/recipes/parallel.sh
set -euo pipefail
OUT=${CUDAFP_OUT:-$PWD/cudafp-results}  # no spaces: parallel passes the command through a shell
SHARDS=${SHARDS:-16}
JOBS=${JOBS:-2}
mkdir -p "$OUT"
GOMAXPROCS=$(( $(nproc) / JOBS > 0 ? $(nproc) / JOBS : 1 ))
export GOMAXPROCS
seq 0 $((SHARDS - 1)) | parallel --jobs "$JOBS" --halt now,fail=1 cudafp report --exhaustive --shard {}/"$SHARDS" --out "$OUT"
seq 0 $((SHARDS - 1)) | parallel --jobs "$JOBS" --halt now,fail=1 cudafp verify --exhaustive --shard {}/"$SHARDS" --out "$OUT"
"$(dirname "$0")"/merge.sh
