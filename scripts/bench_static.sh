#!/usr/bin/env bash
# Static builds of the adjoint benchmark, for a many-core host that has none of our compilers.
#
#   scripts/bench_static.sh [--kernels "conv1d lbm"] [--target-s 0.15] [--out bench/work/static16.tar.xz]
#
# Here (where gcc and adrace are), for each kernel below, it generates and builds every variant that
# scripts/bench_adjoint.sh compares:
#   primal       the kernel (its driver's `time-primal` mode)
#   formad, reduction, atomic   `adrace adjoint --strategy ...`
#   handwritten  bench/handwritten/<kernel>_b_parallel.c, where there is one
# each as a static, stripped binary (gcc -O3 -march=x86-64-v3 -static -fopenmp), checks each gradient
# here (the driver's `check`, at 1 and 2 threads: a wrong adjoint is not packed), calibrates how many
# calls one run makes so that a run takes about TARGET seconds at 1 thread here (0.15 s by default;
# the issue asks for 0.1-0.3 s on the target), and packs the binaries with run.sh and the manifest into
# bench/work/static16.tar.xz.
#
# There (plain sh, no python):   tar xJf static16.tar.xz && cd static16 && ./run.sh > results.csv 2> run.stderr
#   ./run.sh [--scale D] [THREADS...]   (default threads: 1 2 4 8 16; --scale D divides every run's
#                                        calls by D, for a quick check of the script itself)
# prints the `lscpu` model line to stderr and the CSV (kernel,variant,threads,seconds) to stdout,
# seconds = the median over 3 rounds of one call's time, then to stderr the memory each adjoint
# allocates at the largest thread count (`# memory KERNEL VARIANT MIB`). Then, back here:
#   python3 scripts/bench_static_table.py results.csv "MACHINE LINE" run.stderr > bench/static16.md
# (./run.sh > results.csv 2> run.stderr there keeps both.)
# Problem sizes N are those of scripts/bench_adjoint.sh (the issue compares against its figures).
set -euo pipefail
cd "$(dirname "$0")/.."

kernels_wanted=""
target_s=0.15
archive=bench/work/static16.tar.xz
while (($#)); do
  case "$1" in
    --kernels) kernels_wanted=$2; shift ;;
    --target-s) target_s=$2; shift ;;
    --out) archive=$2; shift ;;
    -h|--help) awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$0"; exit 0 ;;
    *) echo "bench_static.sh: unknown argument '$1' (try --help)" >&2; exit 2 ;;
  esac
  shift
done

# kernel|problem size N (the driver's `time N`), as in scripts/bench_adjoint.sh
kernel_table=(
  "stencil_compact3|1000000"
  "stencil_gather3|1000000"
  "green_gauss|100000"
  "stencil2d_nonlinear|1000"
  "lbm|16"
  "stencil3d7|100"
  "conv1d|1000000"
  "lulesh_stress|48"
)
build=${ADRACE_BUILD_DIR:-build}
adrace=$build/adrace
cc=${CC:-gcc}
cflags=(-O3 -march=x86-64-v3 -static -fopenmp -Wno-unknown-pragmas)
fail() { echo "bench_static.sh: $*" >&2; exit 1; }
# compile ARGS...: $cc with cflags, quiet unless it fails (a static libgomp always warns that its
# offloading plugins' dlopen needs the same glibc at run time: it never loads one here)
compile() {
  "$cc" "${cflags[@]}" "$@" 2> "$stage/compile.log" || { cat "$stage/compile.log" >&2; fail "$cc failed"; }
}
[ -x "$adrace" ] || fail "no $adrace: build it first (ninja -C $build adrace)"
command -v "$cc" > /dev/null || fail "no C compiler '$cc'"

stage=bench/work/static16
rm -rf "$stage" && mkdir -p "$stage/bin" "$stage/src"
manifest=$stage/manifest.txt # kernel variant mode N calls, one build a line, in the order run.sh times them
: > "$manifest"
export OMP_DYNAMIC=false OMP_PROC_BIND=close OMP_PLACES=cores

# calls_for BINARY MODE N: how many calls make one run last about target_s seconds here at 1 thread,
# from the time of one call (the second of two runs, after the first has touched every page)
calls_for() {
  local per_call
  per_call=$(OMP_NUM_THREADS=1 "$1" "$2" "$3" 2 --calls 1 2> /dev/null | tail -1)
  awk -v t="$per_call" -v target="$target_s" 'BEGIN { c = int(target / t + 0.5); print (c < 1 ? 1 : c) }'
}

for entry in "${kernel_table[@]}"; do
  IFS='|' read -r kernel n <<< "$entry"
  if [ -n "$kernels_wanted" ] && [[ " $kernels_wanted " != *" $kernel "* ]]; then continue; fi
  line=$(grep "^$kernel|" tests/ad/kernels.txt | head -1) || fail "$kernel is not in tests/ad/kernels.txt"
  IFS='|' read -r _ functions active extents _ <<< "$line"
  extent_args=()
  [ "$extents" != "-" ] && extent_args=(--extent "$extents")
  dir=corpus/$kernel
  echo "== $kernel (N = $n)" >&2
  # the primal build links the reference adjoint, which it never calls
  compile "$dir/$kernel.c" "$dir/${kernel}_b_reference.c" "$dir/driver.c" -lm -o "$stage/bin/$kernel.primal"
  variants=(primal)
  for strategy in formad reduction atomic; do
    generated=$stage/src/${kernel}_b.$strategy.c
    if ! "$adrace" adjoint "$dir/$kernel.c" --function "$functions" --active "$active" --strategy "$strategy" \
      "${extent_args[@]}" -o "$generated" 2> "$generated.err"; then
      echo "   $strategy: adrace adjoint refused: $(grep -m1 . "$generated.err")" >&2
      continue
    fi
    compile -Iruntime "$dir/$kernel.c" "$generated" "$dir/driver.c" -lm -o "$stage/bin/$kernel.$strategy"
    variants+=("$strategy")
  done
  handwritten=bench/handwritten/${kernel}_b_parallel.c
  if [ -f "$handwritten" ]; then
    compile "$dir/$kernel.c" "$handwritten" "$dir/driver.c" -lm -o "$stage/bin/$kernel.handwritten"
    variants+=(handwritten)
  fi
  for variant in "${variants[@]}"; do
    binary=$stage/bin/$kernel.$variant
    strip "$binary"
    mode=time
    if [ "$variant" = primal ]; then
      mode=time-primal
    else
      for threads in 1 2; do
        OMP_NUM_THREADS=$threads "$binary" check > "$binary.check" 2>&1 ||
          fail "$kernel $variant: gradient check failed at $threads threads: $(cat "$binary.check")"
      done
      rm "$binary.check"
    fi
    calls=$(calls_for "$binary" "$mode" "$n")
    echo "   $variant: gradient ok, $calls calls per run" >&2
    echo "$kernel $variant $mode $n $calls" >> "$manifest"
  done
done

rm -f "$stage/compile.log"
cp scripts/bench_static_run.sh "$stage/run.sh"
chmod +x "$stage/run.sh"
mkdir -p "$(dirname "$archive")"
tar -C "$(dirname "$stage")" -cJf "$archive" "$(basename "$stage")"
echo "== $archive: $(du -h "$archive" | cut -f1), $(wc -l < "$manifest") builds" >&2
