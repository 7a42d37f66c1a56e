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
#
# Without nvcc (or with CUDAFP_CHECK=1) it captures nothing and checks the
# capture path instead, with a C++ compiler (CXX, default g++) and the
# host-only CUDA stand-in gpu/cuda_stub.h: it compiles the harness of every
# flag set (-fsyntax-only), prints the nvcc commands a GPU machine runs, and,
# for the IDs given (any catalogued function; every one evaluates
# cuda_stub.h's cudafp_stub_eval, a hash of its arguments: an exhaustive
# function runs all 2^32 inputs on one CPU core), builds and runs a
# host-stub harness into
# OUT/hoststub/default and checks every grid point and generated input it
# wrote against internal/spec (go run gpu/stubcheck.go). Its files are not
# golden data: the stub's outputs are hashes of the arguments.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=${1:?usage: capture.sh OUT [ID ...]}
shift
mkdir -p "$out"
out=$(cd "$out" && pwd)
commit=${CUDAFP_COMMIT:-$(git -C "$here" rev-parse HEAD 2>/dev/null || echo unknown)}

if [ "${CUDAFP_CHECK:-0}" = 1 ] || ! command -v nvcc >/dev/null 2>&1; then
  cxx=${CXX:-g++}
  source "$here/flagsets_gen.sh"
  echo "capture.sh: check mode (no nvcc, or CUDAFP_CHECK=1): nothing is captured" >&2
  for entry in "${FLAGSETS[@]}"; do
    IFS='|' read -r k name flags <<<"$entry"
    "$cxx" -std=c++17 -fsyntax-only -x c++ -include "$here/cuda_stub.h" -DCUDAFP_FLAGSET="$k" -I"$here" "$here/harness.cu"
    echo "capture.sh: harness for flag set $name compiles with $cxx and the stub; on a GPU machine:"
    echo "  nvcc -arch=sm_90 -O3 $flags -DCUDAFP_FLAGSET=$k -I$here -o BUILD/harness_$k $here/harness.cu"
    echo "  BUILD/harness_$k --out OUT/$name --commit $commit --driver DRIVER --cuda CUDA $*"
  done
  if [ $# -gt 0 ]; then
    only=""
    for id in "$@"; do only="$only X(F_$id)"; done
    mkdir -p "$out/hoststub/default" "$out/hoststub/.build"
    "$cxx" -std=c++17 -O2 -x c++ -include "$here/cuda_stub.h" -DCUDAFP_FLAGSET=0 -DCUDAFP_HOST_STUB \
      "-DCUDAFP_ONLY_FUNCS(X)=$only" -I"$here" -o "$out/hoststub/.build/harness_0" "$here/harness.cu"
    "$out/hoststub/.build/harness_0" --out "$out/hoststub/default" --commit "$commit" --driver "host stub" --cuda "none"
    (cd "$here/.." && go run gpu/stubcheck.go "$out"/hoststub/default/*.txt)
  fi
  exit 0
fi
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
