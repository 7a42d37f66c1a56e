#!/usr/bin/env bash
# Captures the golden data of the 16-bit catalog (spec.All16: __half and
# __nv_bfloat16) on a GPU machine (H100, CUDA 13.0): builds gpu/harness16.cu
# once per flag set of gpu/flagsets_gen.sh (nvcc -arch=sm_90 -O3 FLAGS, the six
# builds in parallel), runs each into OUT/.raw/<flagset>, then packs the raw
# files with gpu/pack16.go into OUT/<flagset>/<id>.txt.gz (format 16,
# internal/golden/doc.go: whole tables delta-coded, a file whose data equals
# the same function's under an earlier flag set stored as a reference to it;
# gzip from Go's stdlib, the same bytes from run to run).
#
# On the device, from the repository root (needs nvcc, bash and Go; IDs
# restrict the capture to those functions of spec.All16):
#
#   gpu/capture16.sh OUT [ID ...]
#
# e.g. the whole catalog, then its golden files into the repository:
#
#   gpu/capture16.sh _scratch/g16 && mkdir -p testdata/golden16 &&
#     for d in default ftz precdiv0 precsqrt0 fmad0 fast; do cp -r _scratch/g16/$d testdata/golden16/; done
#
# (the raw files in OUT/.raw and the builds in OUT/.build are not golden
# data). CUDAFP_COMMIT names the cudafp commit for the provenance header
# (default: git rev-parse HEAD, or "unknown"). Regenerate funcs16_gen.cuh
# first (go generate ./internal/spec) if the catalog changed.
#
# Without nvcc (or with CUDAFP_CHECK=1) it captures nothing and checks the
# capture path instead, with a C++ compiler (CXX, default g++) and the
# host-only stand-in gpu/cuda_stub.h + cuda_stub16.h: it compiles the harness
# of every flag set (-fsyntax-only), prints the nvcc commands a GPU machine
# runs, and, for the IDs given, builds and runs a host-stub harness (outputs
# are hashes of the arguments, not GPU results; a pairs or wide32 function
# runs 2^32 inputs on one CPU core) into OUT/hoststub, packs it and checks
# every grid point, table entry, recorded input and hash against
# internal/spec (go run gpu/stubcheck.go; CUDAFP_CHECK_QUICK=1: the hashes
# of the quick tier only).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=${1:?usage: capture16.sh OUT [ID ...]}
shift
mkdir -p "$out"
out=$(cd "$out" && pwd)
commit=${CUDAFP_COMMIT:-$(git -C "$here" rev-parse HEAD 2>/dev/null || echo unknown)}
source "$here/flagsets_gen.sh"

if [ "${CUDAFP_CHECK:-0}" = 1 ] || ! command -v nvcc >/dev/null 2>&1; then
  cxx=${CXX:-g++}
  echo "capture16.sh: check mode (no nvcc, or CUDAFP_CHECK=1): nothing is captured" >&2
  for entry in "${FLAGSETS[@]}"; do
    IFS='|' read -r k name flags <<<"$entry"
    "$cxx" -std=c++17 -fsyntax-only -x c++ -include "$here/cuda_stub.h" -DCUDAFP_FLAGSET="$k" -I"$here" "$here/harness16.cu"
    echo "capture16.sh: harness16 for flag set $name compiles with $cxx and the stub; on a GPU machine:"
    echo "  nvcc -arch=sm_90 -O3 $flags -DCUDAFP_FLAGSET=$k -I$here -o BUILD/harness16_$k $here/harness16.cu"
    echo "  BUILD/harness16_$k --out OUT/.raw/$name --commit $commit --driver DRIVER --cuda CUDA $*"
  done
  if [ $# -gt 0 ]; then
    only=""
    for id in "$@"; do only="$only X(F_$id)"; done
    mkdir -p "$out/hoststub/.raw/default" "$out/hoststub/.build"
    "$cxx" -std=c++17 -O2 -x c++ -include "$here/cuda_stub.h" -DCUDAFP_FLAGSET=0 -DCUDAFP_HOST_STUB \
      "-DCUDAFP_ONLY_FUNCS(X)=$only" -I"$here" -o "$out/hoststub/.build/harness16_0" "$here/harness16.cu"
    "$out/hoststub/.build/harness16_0" --out "$out/hoststub/.raw/default" --commit "$commit" --driver "host stub" --cuda "none"
    (cd "$here/.." && go run ./gpu/pack16.go "$out/hoststub/.raw" "$out/hoststub" &&
      go run ./gpu/stubcheck.go ${CUDAFP_CHECK_QUICK:+-quick} "$out"/hoststub/default/*.txt.gz)
  fi
  exit 0
fi
driver=$(nvidia-smi --query-gpu=driver_version --format=csv,noheader | head -n1)
cuda=$(nvcc --version | sed -n 's/.*release [0-9.]*, V\([0-9.]*\).*/\1/p')
build=${CUDAFP_BUILD:-$out/.build}
mkdir -p "$build"

for entry in "${FLAGSETS[@]}"; do
  IFS='|' read -r k name flags <<<"$entry"
  [ -x "$build/harness16_$k" ] && continue
  # shellcheck disable=SC2086 # flags are separate words
  nvcc -arch=sm_90 -O3 $flags -DCUDAFP_FLAGSET="$k" -I"$here" -o "$build/harness16_$k" "$here/harness16.cu" &
done
wait
for entry in "${FLAGSETS[@]}"; do
  IFS='|' read -r k name flags <<<"$entry"
  [ -x "$build/harness16_$k" ] || { echo "capture16.sh: harness16 for flag set $name did not build" >&2; exit 1; }
done

for entry in "${FLAGSETS[@]}"; do
  IFS='|' read -r k name flags <<<"$entry"
  mkdir -p "$out/.raw/$name"
  "$build/harness16_$k" --out "$out/.raw/$name" --commit "$commit" --driver "$driver" --cuda "$cuda" "$@"
done
(cd "$here/.." && go run ./gpu/pack16.go "$out/.raw" "$out")
echo "capture16.sh: wrote $(find "$out" -path "$out/.raw" -prune -o -name '*.txt.gz' -print | wc -l) files under $out"
