#!/usr/bin/env bash
# Captures golden data on a GPU machine (H100, CUDA 13.0): builds the harness
# once per flag set of gpu/flagsets_gen.sh and writes, for every catalogued
# function captured under that flag set, OUT/<flagset>/<id>.txt.gz
# (format: internal/golden/doc.go). gzip -n keeps the files byte-identical
# from run to run.
#
#   gpu/capture.sh OUT [ID ...]
#
# CUDAFP_COMMIT names the cudafp commit for the provenance header (default:
# git rev-parse HEAD, or "unknown"). Regenerate funcs_gen.cuh first
# (go generate ./internal/spec) if the catalog changed.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=${1:?usage: capture.sh OUT [ID ...]}
shift
mkdir -p "$out"
out=$(cd "$out" && pwd)
commit=${CUDAFP_COMMIT:-$(git -C "$here" rev-parse HEAD 2>/dev/null || echo unknown)}
driver=$(nvidia-smi --query-gpu=driver_version --format=csv,noheader | head -n1)
cuda=$(nvcc --version | sed -n 's/.*release [0-9.]*, V\([0-9.]*\).*/\1/p')
build=${CUDAFP_BUILD:-$out/.build}
mkdir -p "$build"
source "$here/flagsets_gen.sh"

for entry in "${FLAGSETS[@]}"; do
  IFS='|' read -r k name flags <<<"$entry"
  [ -x "$build/harness_$k" ] && continue
  # shellcheck disable=SC2086 # flags are separate words
  nvcc -arch=sm_90 -O3 $flags -DCUDAFP_FLAGSET="$k" -I"$here" -o "$build/harness_$k" "$here/harness.cu" &
done
wait
for entry in "${FLAGSETS[@]}"; do
  IFS='|' read -r k name flags <<<"$entry"
  [ -x "$build/harness_$k" ] || { echo "capture.sh: harness for flag set $name did not build" >&2; exit 1; }
done

for entry in "${FLAGSETS[@]}"; do
  IFS='|' read -r k name flags <<<"$entry"
  mkdir -p "$out/$name"
  "$build/harness_$k" --out "$out/$name" --commit "$commit" --driver "$driver" --cuda "$cuda" "$@"
done
find "$out" -name '*.txt' -print0 | xargs -0 -r -n 16 -P "$(nproc)" gzip -n -9 -f
echo "capture.sh: wrote $(find "$out" -name '*.txt.gz' | wc -l) files under $out"
