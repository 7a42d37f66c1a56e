#!/usr/bin/env bash
# Captures the kernel corpus on a GPU machine (H100, CUDA 13.0): compiles
# every gpu/kernels/*.cu under each flag set of gpu/flagsets_gen.sh, keeps
# its PTX, SASS and cubin, and runs every case of gpu/kernels/cases.txt with
# the driver-API runner (gpu/kernels/runner.cu), twice, recording whether the
# two runs agree. Run from anywhere (paths are relative to this script):
#
#   gpu/kernels/capture.sh OUTDIR
#
# OUTDIR gets:
#   FLAGSET/SOURCE.ptx.xz, .sass.xz, .cubin.xz   nvcc -arch=sm_90 -O3 FLAGS -ptx / -cubin,
#                                               cuobjdump -sass of the cubin (xz -9)
#   FLAGSET/CASE/argN.npy                       every buffer argument after the launch (run 1)
#   FLAGSET/determinism.txt                     per case: the two runs' outputs identical or not
#   VERSION                                     nvcc, GPU, driver, cudafp commit, date, source hashes
#   FAILURES.txt                                compile and run failures (empty if none)
#   SHA256SUMS                                  of every file above
# FLAGSET is default ftz precdiv0 precsqrt0 fmad0 fast. A failure is printed,
# listed in FAILURES.txt and skipped; the script exits 0 unless no case ran.
# CUDAFP_COMMIT names the cudafp commit (default: git rev-parse HEAD);
# CUDAFP_BUILD the scratch directory (default OUTDIR/.build, removed at the
# end); CUDAFP_JOBS the parallel compiles and runs (default: nproc, at most 16).
#
# Without nvcc (or with CUDAFP_CHECK=1) it captures nothing and checks instead,
# with a C++ compiler (CXX, default g++): runner.cu compiles against the
# host stand-in cuda_driver_stub.h (-fsyntax-only -Wall, then a real build);
# host_test.cpp (npy.h, args.h) passes; cases.txt is consistent (each source
# exists and declares the kernel, the instantiation of a template kernel
# exists, the --arg count equals the kernel's parameter count, every input
# file exists and every input file is used); and the stub runner runs every
# case into OUTDIR/hoststub, whose outputs must equal the inputs (the stub
# launches nothing) or be zeros. Nothing it writes is device data.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
out=${1:?usage: capture.sh OUTDIR}
mkdir -p "$out"
out=$(cd "$out" && pwd)
manifest=$here/cases.txt
inputs=$root/testdata/kernels/inputs
commit=${CUDAFP_COMMIT:-$(git -C "$root" rev-parse HEAD 2>/dev/null || echo unknown)}
jobs=${CUDAFP_JOBS:-$(nproc)}
if [ "$jobs" -gt 16 ]; then jobs=16; fi
source "$here/../flagsets_gen.sh"
# The sources the manifest names, in order of first use (without .cu).
mapfile -t sources < <(awk '!/^#/ && NF { sub(/\.cu$/, "", $2); if (!seen[$2]++) print $2 }' "$manifest")

# Manifest: parallel arrays, one entry per case.
case_name=() case_src=() case_kernel=() case_rest=() case_orderdep=()
while IFS= read -r line || [ -n "$line" ]; do
  line=${line%$'\r'}
  [[ -z "${line// /}" || $line == \#* ]] && continue
  dep=0
  if [[ $line == *" # order-dependent" ]]; then
    dep=1
    line=${line% # order-dependent}
  fi
  read -r name src kernel rest <<<"$line"
  case_name+=("$name") case_src+=("$src") case_kernel+=("$kernel") case_rest+=("$rest") case_orderdep+=("$dep")
done <"$manifest"
ncases=${#case_name[@]}
[ "$ncases" -gt 0 ] || { echo "capture.sh: no cases in $manifest" >&2; exit 1; }

# runner_args I prints (NUL-separated) the runner's flags for case I, with
# @FILE made relative to the case's input directory.
runner_args() {
  local i=$1 tok words
  read -ra words <<<"${case_rest[$i]}"
  for tok in "${words[@]}"; do
    case $tok in
      @*) tok="@$inputs/${case_name[$i]}/${tok#@}" ;;
      f16:@* | bf16:@*) tok="${tok%%@*}@$inputs/${case_name[$i]}/${tok#*@}" ;;
    esac
    printf '%s\0' "$tok"
  done
}

# spawn runs a command in the background, at most $jobs at a time.
spawn() {
  while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n || true; done
  "$@" &
}

if [ "${CUDAFP_CHECK:-0}" = 1 ] || ! command -v nvcc >/dev/null 2>&1; then
  cxx=${CXX:-g++}
  echo "capture.sh: check mode (no nvcc, or CUDAFP_CHECK=1): nothing is captured" >&2
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  "$cxx" -std=c++17 -fsyntax-only -Wall -Wextra -Werror -x c++ -include "$here/cuda_driver_stub.h" "$here/runner.cu"
  "$cxx" -std=c++17 -O2 -Wall -Wextra -Werror -x c++ -include "$here/cuda_driver_stub.h" -o "$tmp/runner" "$here/runner.cu"
  echo "capture.sh: runner.cu compiles with $cxx against cuda_driver_stub.h"
  "$cxx" -std=c++17 -O2 -Wall -Wextra -Werror -o "$tmp/host_test" "$here/host_test.cpp"
  mkdir -p "$tmp/ht"
  "$tmp/host_test" "$tmp/ht"

  bad=0
  complain() { echo "capture.sh: cases.txt: $*" >&2; bad=1; }
  declare -A used=()
  stub_funcs=""
  for ((i = 0; i < ncases; i++)); do
    name=${case_name[$i]} src=${case_src[$i]} kernel=${case_kernel[$i]}
    [ -f "$here/$src" ] || { complain "$name: no source $src"; continue; }
    # The identifier the source declares: from a mangled _Z<len><name>..., or
    # the demangled name without template arguments and namespaces.
    if [[ $kernel =~ ^_Z([0-9]+)(.*)$ ]]; then
      base=${BASH_REMATCH[2]:0:${BASH_REMATCH[1]}}
    else
      base=${kernel%%<*}
      base=${base##*::}
    fi
    decl=$(tr '\n' ' ' <"$here/$src" | grep -oE "__global__ void $base *\([^)]*\)" | head -n1 || true)
    [ -n "$decl" ] || { complain "$name: $src declares no __global__ void $base(...)"; continue; }
    if [[ $kernel == *"<"* ]] && ! grep -qF "template __global__ void $kernel(" "$here/$src"; then
      complain "$name: $src does not instantiate $kernel"
    fi
    params=${decl#*(}
    params=${params%)}
    commas=${params//[^,]/}
    nparams=$((${#commas} + 1))
    if [ -z "${params// /}" ]; then nparams=0; fi
    mapfile -d '' rargs < <(runner_args "$i")
    nargs=0
    for ((k = 0; k < ${#rargs[@]}; k++)); do
      [ "${rargs[$k]}" = --arg ] || continue
      a=${rargs[$((k + 1))]}
      if [[ $a == *@* ]]; then
        f=${a#*@}
        [ -f "$f" ] || complain "$name: argument $nargs: no file $f"
        used[$f]=1
      fi
      nargs=$((nargs + 1))
    done
    [ "$nargs" = "$nparams" ] || complain "$name: $nargs --arg for $base's $nparams parameters"
    if [[ $kernel =~ ^[A-Za-z_][A-Za-z0-9_]*$ ]]; then stub_funcs="$stub_funcs $kernel"; fi
  done
  while IFS= read -r -d '' f; do
    [ -n "${used[$f]:-}" ] || complain "input file $f is not used by any case"
  done < <(find "$inputs" -type f -print0)
  [ "$bad" = 0 ] || { echo "capture.sh: cases.txt is inconsistent" >&2; exit 1; }
  echo "capture.sh: cases.txt: $ncases cases consistent with the sources and $inputs"

  # Run every case on the stub; it launches nothing, so each output is its
  # input or zeros. The templated and namespaced kernels' symbols (Itanium
  # ABI, as g++ and nvcc mangle them) exercise the runner's demangling.
  export CUDAFP_STUB_FUNCS="$stub_funcs _Z10reduce_sumIfEvPKT_PS0_i _Z10reduce_sumIdEvPKT_PS0_i
    _Z12matmul_tiledIfEvPKT_S2_PS0_iii _Z12matmul_tiledIdEvPKT_S2_PS0_iii _ZN4apps5daxpyExdPKdPd"
  CUDAFP_STUB_FUNCS=${CUDAFP_STUB_FUNCS//$'\n'/ }
  rm -rf "$out/hoststub"
  mkdir -p "$out/hoststub"
  : >"$tmp/module.cubin"
  declare -A zd=([f32]='<f4' [f64]='<f8' [f16]='<f2' [bf16]='<u2' [s8]='|i1' [u8]='|u1' [s16]='<i2' [u16]='<u2'
    [s32]='<i4' [u32]='<u4' [s64]='<i8' [u64]='<u8')
  for ((i = 0; i < ncases; i++)); do
    name=${case_name[$i]}
    mapfile -d '' rargs < <(runner_args "$i")
    "$tmp/runner" "$tmp/module.cubin" --kernel "${case_kernel[$i]}" "${rargs[@]}" --out "$out/hoststub/$name"
    n=0
    for ((k = 0; k < ${#rargs[@]}; k++)); do
      [ "${rargs[$k]}" = --arg ] || continue
      a=${rargs[$((k + 1))]} o="$out/hoststub/$name/arg$n.npy"
      case $a in
        *@*) "$tmp/host_test" same "$o" "${a#*@}" ;;
        zeros:*)
          IFS=: read -r _ t c <<<"$a"
          "$tmp/host_test" zero "$o" "${zd[$t]}" "$c"
          ;;
        *) [ ! -e "$o" ] || { echo "capture.sh: $name: scalar argument $n produced $o" >&2; exit 1; } ;;
      esac
      n=$((n + 1))
    done
  done
  echo "capture.sh: the stub runner ran all $ncases cases into $out/hoststub (not device data); outputs check"
  echo "capture.sh: on a GPU machine this script runs, per flag set and source:"
  for entry in "${FLAGSETS[@]}"; do
    IFS='|' read -r _ fs flags <<<"$entry"
    echo "  nvcc -arch=sm_90 -O3 $flags -cubin -o BUILD/$fs/SOURCE.cubin gpu/kernels/SOURCE.cu   # and -ptx, cuobjdump -sass"
  done
  exit 0
fi

# ---- Device mode ----
build=${CUDAFP_BUILD:-$out/.build}
rm -rf "$build"
mkdir -p "$build/fail"
failures=$out/FAILURES.txt
: >"$failures"

# fail ID TEXT records one failure (one file per ID, so parallel jobs never
# interleave) and prints it.
fail() {
  printf '%s\n' "$2" >"$build/fail/$1"
  echo "capture.sh: FAILED: $2" >&2
}

echo "capture.sh: building the runner" >&2
if ! nvcc -O2 -o "$build/runner" "$here/runner.cu" -lcuda 2>"$build/runner.log"; then
  # Some installs keep libcuda.so only among the toolkit's link stubs.
  stubs=$(dirname "$(command -v nvcc)")/../lib64/stubs
  if ! nvcc -O2 -o "$build/runner" "$here/runner.cu" -L"$stubs" -lcuda 2>>"$build/runner.log"; then
    cat "$build/runner.log" >&2
    { echo "runner: nvcc failed:"; cat "$build/runner.log"; } >"$failures"
    echo "capture.sh: the runner did not build; nothing ran" >&2
    exit 1
  fi
fi

# compile FLAGSET SOURCE FLAGS...: cubin, PTX and SASS of one source.
compile() {
  local fs=$1 src=$2
  shift 2
  local cubin=$build/$fs/$src.cubin log=$build/$fs/$src.log
  if nvcc -arch=sm_90 -O3 "$@" -cubin -o "$cubin" "$here/$src.cu" >"$log" 2>&1 &&
    nvcc -arch=sm_90 -O3 "$@" -ptx -o "$out/$fs/$src.ptx" "$here/$src.cu" >>"$log" 2>&1 &&
    cuobjdump -sass "$cubin" >"$out/$fs/$src.sass" 2>>"$log"; then
    xz -9 -T1 -f "$out/$fs/$src.ptx" "$out/$fs/$src.sass"
    xz -9 -T1 -c "$cubin" >"$out/$fs/$src.cubin.xz"
  else
    rm -f "$cubin" "$out/$fs/$src.ptx" "$out/$fs/$src.sass"
    fail "compile-$fs-$src" "$fs $src.cu: compile failed: $(tr '\n' ' ' <"$log" | cut -c1-2000)"
  fi
}

echo "capture.sh: compiling ${#sources[@]} sources under ${#FLAGSETS[@]} flag sets" >&2
for entry in "${FLAGSETS[@]}"; do
  IFS='|' read -r _ fs flags <<<"$entry"
  rm -rf "${out:?}/$fs"
  mkdir -p "$out/$fs" "$build/$fs"
  read -ra fl <<<"$flags"
  for src in "${sources[@]}"; do spawn compile "$fs" "$src" "${fl[@]}"; done
done
wait

# run_case FLAGSET I RUN DIR: one run of case I on the flag set's cubin.
run_case() {
  local fs=$1 i=$2 run=$3 dir=$4 name=${case_name[$2]} src=${case_src[$2]%.cu}
  local cubin=$build/$fs/$src.cubin log=$build/$fs/$name.run$3.log
  if [ ! -f "$cubin" ]; then
    fail "run-$fs-$name-$run" "$fs $name: not run: $src.cu did not compile"
    return
  fi
  local rargs
  mapfile -d '' rargs < <(runner_args "$i")
  rm -rf "$dir"
  mkdir -p "$(dirname "$dir")"
  if ! "$build/runner" "$cubin" --kernel "${case_kernel[$i]}" "${rargs[@]}" --out "$dir" >"$log" 2>&1; then
    fail "run-$fs-$name-$run" "$fs $name (run $run): $(tr '\n' ' ' <"$log" | cut -c1-2000)"
    rm -rf "$dir"
  fi
}

echo "capture.sh: running $ncases cases twice under each flag set" >&2
for entry in "${FLAGSETS[@]}"; do
  IFS='|' read -r _ fs _ <<<"$entry"
  for ((i = 0; i < ncases; i++)); do
    spawn run_case "$fs" "$i" 1 "$out/$fs/${case_name[$i]}"
    spawn run_case "$fs" "$i" 2 "$build/run2/$fs/${case_name[$i]}"
  done
done
wait

ran=0
for entry in "${FLAGSETS[@]}"; do
  IFS='|' read -r _ fs _ <<<"$entry"
  det=$out/$fs/determinism.txt
  {
    echo "# Run 1 (CASE/argN.npy) against run 2 of each case under flag set $fs: identical, or which files differ."
    for ((i = 0; i < ncases; i++)); do
      name=${case_name[$i]} a=$out/$fs/${case_name[$i]} b=$build/run2/$fs/${case_name[$i]}
      tag=""
      if [ "${case_orderdep[$i]}" = 1 ]; then tag=" (order-dependent)"; fi
      if [ ! -d "$a" ] || [ ! -d "$b" ]; then
        echo "$name not compared: a run failed$tag"
        continue
      fi
      diffs=""
      for f in "$a"/*.npy; do
        cmp -s "$f" "$b/$(basename "$f")" || diffs="$diffs $(basename "$f")"
      done
      if [ -z "$diffs" ]; then
        echo "$name identical$tag"
      elif [ "${case_orderdep[$i]}" = 1 ]; then
        echo "$name differ:$diffs$tag"
      else
        echo "$name differ:$diffs (UNEXPECTED: not marked order-dependent)"
      fi
    done
  } >"$det"
  ran=$((ran + $(find "$out/$fs" -mindepth 1 -maxdepth 1 -type d | wc -l)))
done

cat "$build"/fail/* 2>/dev/null | sort >"$failures" || true

{
  echo "cudafp commit: $commit"
  if git -C "$root" rev-parse HEAD >/dev/null 2>&1; then
    echo "uncommitted changes under gpu/kernels and testdata/kernels: $(git -C "$root" status --porcelain --untracked-files=all -- gpu/kernels testdata/kernels | wc -l) files"
  fi
  echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "gpu: $(nvidia-smi --query-gpu=name,driver_version,compute_cap --format=csv,noheader | head -n1)"
  echo "flag sets:"
  for entry in "${FLAGSETS[@]}"; do
    IFS='|' read -r _ fs flags <<<"$entry"
    echo "  $fs: nvcc -arch=sm_90 -O3 $flags"
  done
  echo "nvcc --version:"
  nvcc --version | sed 's/^/  /'
  echo "sources (sha256):"
  (cd "$root" && sha256sum gpu/kernels/*.cu gpu/kernels/*.h gpu/kernels/cases.txt) | sed 's/^/  /'
  echo "inputs (sha256 of the sorted SHA-256 list of testdata/kernels/inputs):"
  echo "  $(cd "$root" && find testdata/kernels/inputs -type f | LC_ALL=C sort | xargs sha256sum | sha256sum | cut -d' ' -f1)"
} >"$out/VERSION"

rm -rf "$build"
(cd "$out" && find . -type f ! -name SHA256SUMS -print0 | LC_ALL=C sort -z | xargs -0 sha256sum) >"$out/SHA256SUMS"
nfail=$(wc -l <"$failures")
echo "capture.sh: $ran case outputs under $out ($nfail failures listed in FAILURES.txt)"
[ "$ran" -gt 0 ] || exit 1
