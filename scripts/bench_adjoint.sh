#!/usr/bin/env bash
# Benchmark of the generated adjoints, after docs/design.md [FormAD] §7 (figures 3-10).
#
#   scripts/bench_adjoint.sh [--quick] [--threads "1 2 4"] [--kernels "green_gauss lbm"] [--out DIR]
#
# For each kernel it builds, with gcc -O3 -march=native:
#   primal-serial   the kernel compiled without -fopenmp
#   adjoint-serial  `adrace adjoint --strategy serial`, without -fopenmp
#   primal          the kernel with -fopenmp
#   formad, atomic, reduction   `adrace adjoint --strategy ...` with -fopenmp
#   handwritten     bench/handwritten/<kernel>_b_parallel.c, where there is one: the limit (for the
#                   stencils, a gather-form adjoint: plain stores, no atomics, no reduction copies)
#   adolc-tape, adolc-reuse   the ADOL-C peer bench/adolc/<kernel>_b_adolc.cpp (g++, serial, linked
#                   with libadolc), taping on every call / reusing the tape; timed on a smaller problem
#                   (ADOLC_N below: its tape takes ~100 bytes per operation) beside the serial primal at
#                   that size (adolc-primal), so that their ratio compares equal problems
# A variant that cannot be made (`adrace adjoint` refuses the kernel, no ADOL-C) is skipped, and
# results.md says which and why (OUT/skipped.csv).
# checks each build's gradient (driver `check`), then times the serial builds at 1 thread and the
# OpenMP builds at 1, 2, 4, 8, 16 threads (those the machine has). One timing = the median of REPS
# runs, each in a process of its own after a warm-up run there, taken in rounds that interleave all
# the builds and thread counts of a kernel; a run calls the function CALLS times on a fixed
# problem (sizes below: the serial primal takes 0.2-0.4 s per run on a 2-core Xeon VM, as the issue
# asks for 0.2-1 s). Peak memory comes from the driver (VmHWM, see corpus/common/harness.h).
#
# Output (OUT = bench/, or bench/work/quick with --quick, so quick runs never replace the results):
#   OUT/results.csv    one row per (kernel, variant, threads)
#   OUT/results.md     the tables (times, speedups, adjoint/primal ratios, memory) and the targets
#   OUT/plot_<kernel>.png   absolute time and speedup against threads, like the paper's figures
#   OUT/microbench.txt the Google Benchmark micro-benchmarks of the tape and the schedule helpers
# Scratch files (generated code, binaries, logs) go to bench/work/.
#
# --quick: 3 runs (each after its warm-up) of a tenth of the calls, short micro-benchmarks: a smoke test
# (24 minutes on a 2-core VM at load average 15, i.e. shared with 7 other jobs; about 2 minutes there when it
# was quiet before the ADOL-C peer and 4 kernels were added). The full run took about 22 minutes on the quiet
# machine before those additions (not rerun since; the additions should add roughly 10 minutes).
# Environment: ADRACE_BUILD_DIR (default build, as scripts/setup.sh makes it; adrace and the
# micro-benchmarks are built there if missing), CC (default gcc), CXX (default g++, for the ADOL-C
# peer), OMP_PROC_BIND / OMP_PLACES (default close / cores).
set -euo pipefail
cd "$(dirname "$0")/.."

quick=0
threads_wanted=""
kernels_wanted=""
out=""
while (($#)); do
  case "$1" in
    --quick) quick=1 ;;
    --threads) threads_wanted=$2; shift ;;
    --kernels) kernels_wanted=$2; shift ;;
    --out) out=$2; shift ;;
    -h|--help) awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$0"; exit 0 ;;
    *) echo "bench_adjoint.sh: unknown argument '$1' (try --help)" >&2; exit 2 ;;
  esac
  shift
done

# kernel | problem size N (the driver's `time N`) | calls per run | what N is | linear in the active
# variables? | ADOLC_N | ADOL-C calls per run (- where there is no ADOL-C peer)
# Sizes follow the paper where it gives them (1M grid points, a 100,000-node mesh); the ADOL-C peer
# runs on about 100,000 points.
kernel_table=(
  "stencil_compact3|1000000|150|grid points|linear|-|-"
  "stencil_compact17|1000000|30|grid points|linear|-|-"
  "stencil_gather3|1000000|450|grid points|linear|100000|4"
  "stencil2d_nonlinear|1000|220|grid rows (N x (N+3) points)|nonlinear|316|1"
  "stencil3d7|100|160|grid planes (N x (N+1) x (N+2) points)|linear|46|2"
  "conv1d|1000000|250|signal length|linear|100000|2"
  "neighbour_sum|1000000|320|signal length|nonlinear|100000|4"
  "gfmc|256|300|isospin states nt (ns = 128)|linear|-|-"
  "green_gauss|100000|1100|mesh nodes (2-coloured chain)|nonlinear|-|-"
  "lbm|16|24|z layers of a 120 x 120 grid|nonlinear|-|-"
  "lulesh_stress|48|100|elements per cube edge (N^3 elements)|nonlinear|-|-"
)
# Kernels that tests/ad/kernels.txt (the tests' source of truth for the generator) does not list yet,
# in its format: kernel|functions|active parameters|extents
extra_kernel_lines=(
  "stencil2d_nonlinear|stencil2d_nonlinear|u,unew|u=ny*nx,unew=ny*nx"
  "stencil3d7|stencil3d7|c,u,unew|c=nz*ny*nx,u=nz*ny*nx,unew=nz*ny*nx"
  "conv1d|conv1d|w,x,y|x=n,y=n"
  "neighbour_sum|neighbour_sum|x|x=n"
)
reps=5
calls_divisor=1
micro_min_time=0.5
if ((quick)); then
  reps=3
  calls_divisor=10
  micro_min_time=0.05
fi
out=${out:-$([ "$quick" = 1 ] && echo bench/work/quick || echo bench)}
work=bench/work
build=${ADRACE_BUILD_DIR:-build}
cc=${CC:-gcc}
cxx=${CXX:-g++}
cflags=(-O3 -march=native)

# ---- tools ----
fail() { echo "bench_adjoint.sh: $*" >&2; exit 1; }
command -v "$cc" > /dev/null || fail "no C compiler '$cc' (set CC, or run scripts/setup.sh)"
command -v gnuplot > /dev/null || fail "gnuplot is missing: install the Debian package gnuplot-nox (scripts/setup.sh does)"
command -v python3 > /dev/null || fail "python3 is missing (scripts/setup.sh installs it)"
if [ ! -x "$build/adrace" ] || [ ! -x "$build/bench/tape_bench" ] || [ ! -x "$build/bench/schedule_bench" ]; then
  echo "== building adrace and the micro-benchmarks in $build"
  [ -f "$build/build.ninja" ] || cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release > /dev/null
  cmake --build "$build" -j "$(nproc)" --target adrace tape_bench schedule_bench > /dev/null
fi
adrace=$build/adrace

cores=$(nproc)
if [ -n "$threads_wanted" ]; then
  thread_counts=($threads_wanted)
else
  thread_counts=()
  for t in 1 2 4 8 16; do ((t <= cores)) && thread_counts+=("$t"); done
fi
export OMP_DYNAMIC=false                    # the tape needs the same team in both sweeps
export OMP_PROC_BIND=${OMP_PROC_BIND:-close} # pinned threads, as in the paper
export OMP_PLACES=${OMP_PLACES:-cores}

mkdir -p "$work" "$out"
csv=$out/results.csv
echo "kernel,variant,threads,n,calls,reps,median_s,min_s,max_s,peak_mib,extra_mib,linear,size_meaning" > "$csv"
skipped=$out/skipped.csv # kernel,variant,reason: what could not be made or failed its check
echo "kernel,variant,reason" > "$skipped"
started=$(date +%s)
machine="$(date -u '+%Y-%m-%d %H:%M UTC'), $cores cores ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //')), load average $(cut -d' ' -f1-3 /proc/loadavg) at the start, threads ${thread_counts[*]}, $cc $("$cc" -dumpfullversion), OMP_PROC_BIND=$OMP_PROC_BIND OMP_PLACES=$OMP_PLACES"
echo "== $machine"

# active parameters and extents of a kernel, from tests/ad/kernels.txt (the tests' source of truth),
# else from extra_kernel_lines
kernel_line() {
  local line
  line=$(grep "^$1|" tests/ad/kernels.txt | head -1 || true)
  [ -n "$line" ] || line=$(printf '%s\n' "${extra_kernel_lines[@]}" | grep "^$1|" | head -1)
  echo "$line"
}

# skip KERNEL VARIANT REASON: note a variant that is left out, for results.md
skip() {
  echo "   $2: skipped: $3"
  printf '%s,%s,"%s"\n' "$1" "$2" "${3//\"/\'}" >> "$skipped"
}

adolc_found=0
printf '#include <adolc/adolc.h>\nint main() { return 0; }\n' | "$cxx" -x c++ - -ladolc -o "$work/adolc_probe" 2> /dev/null &&
  adolc_found=1

# time_once KERNEL VARIANT THREADS BINARY MODE N CALLS: one timed run, after a warm-up run in the same
# process, appended to the variant's log (the time to .out, the memory line to .err). Every binary runs
# in its own folder (ADOL-C may write tape files to the working directory).
time_once() {
  local kernel=$1 variant=$2 threads=$3 binary=$4 mode=$5 n=$6 calls=$7
  local log=$work/$kernel/$variant.t$threads.log
  (cd "$(dirname "$binary")" && OMP_NUM_THREADS=$threads "./$(basename "$binary")" "$mode" "$n" 2 --calls "$calls") \
    2>> "$log.err" | tail -n +2 >> "$log.out"
}

# record_timing KERNEL VARIANT THREADS N CALLS LINEAR MEANING: the CSV row of a variant's log
record_timing() {
  local kernel=$1 variant=$2 threads=$3 n=$4 calls=$5 linear=$6 meaning=$7
  local log=$work/$kernel/$variant.t$threads.log
  if [ "$(grep -c . "$log.out" 2> /dev/null)" != "$reps" ]; then
    echo "   $variant at $threads threads FAILED (see $log.err)"
    skip "$kernel" "$variant" "a timed run at $threads threads failed (see $log.err)"
    return
  fi
  python3 - "$log.out" "$log.err" "$kernel" "$variant" "$threads" "$n" "$calls" "$reps" "$linear" "$meaning" >> "$csv" << 'EOF'
import re, statistics, sys
out, err, kernel, variant, threads, n, calls, reps, linear, meaning = sys.argv[1:]
times = [float(line) for line in open(out) if line.strip()]
runs = [(int(before), int(peak)) for before, peak in
        re.findall(r"rss_before_kib=(-?\d+) peak_kib=(-?\d+)", open(err).read())] or [(0, 0)]
peak = max(p for _, p in runs)
extra = max(max(p - b, 0) for b, p in runs)
print(f"{kernel},{variant},{threads},{n},{calls},{reps},{statistics.median(times):.6f},{min(times):.6f},"
      f"{max(times):.6f},{peak / 1024:.1f},{extra / 1024:.1f},{linear},\"{meaning}\"")
EOF
  printf '   %-15s %2s threads  %s s\n' "$variant" "$threads" "$(tail -1 "$csv" | cut -d, -f7)"
}

# check KERNEL VARIANT BINARY THREADS: the driver's gradient check (a wrong adjoint is not timed)
check() {
  local kernel=$1 variant=$2 binary=$3 threads=$4
  (cd "$(dirname "$binary")" && OMP_NUM_THREADS=$threads "./$(basename "$binary")" check) > "$binary.check" 2>&1 &&
    return 0
  echo "   $(basename "$binary"): gradient check FAILED at $threads threads:"
  sed 's/^/     /' "$binary.check"
  skip "$kernel" "$variant" "gradient check failed at $threads threads"
  return 1
}

# generate KERNEL STRATEGY DIR OUTPUT FUNCTIONS ACTIVE EXTENT_ARGS...: `adrace adjoint`, or a skip note
# with the tool's first error line
generate() {
  local kernel=$1 strategy=$2 dir=$3 output=$4 functions=$5 active=$6
  shift 6
  "$adrace" adjoint "$dir/$kernel.c" --function "$functions" --active "$active" --strategy "$strategy" \
    "$@" -o "$output" 2> "$output.err" && return 0
  skip "$kernel" "$strategy" "adrace adjoint refused: $(grep -m1 . "$output.err" | sed "s|^$PWD/||")"
  return 1
}

for entry in "${kernel_table[@]}"; do
  IFS='|' read -r kernel n calls meaning linear adolc_n adolc_calls <<< "$entry"
  if [ -n "$kernels_wanted" ] && [[ " $kernels_wanted " != *" $kernel "* ]]; then continue; fi
  calls=$(((calls + calls_divisor - 1) / calls_divisor))
  IFS='|' read -r _ functions active extents _ <<< "$(kernel_line "$kernel")"
  extent_args=()
  [ "$extents" != "-" ] && extent_args=(--extent "$extents")
  dir=corpus/$kernel
  kwork=$work/$kernel
  rm -rf "$kwork" && mkdir -p "$kwork"
  echo "== $kernel: N = $n ($meaning), $calls calls per run"

  # the primal builds link the reference adjoint, which they never call: they exist even where
  # adrace cannot differentiate the kernel
  "$cc" "${cflags[@]}" -Wno-unknown-pragmas "$dir/$kernel.c" "$dir/${kernel}_b_reference.c" "$dir/driver.c" -lm \
    -o "$kwork/primal-serial"
  "$cc" "${cflags[@]}" -fopenmp "$dir/$kernel.c" "$dir/${kernel}_b_reference.c" "$dir/driver.c" -lm -o "$kwork/primal"
  # serial build: no -fopenmp anywhere
  serial=0
  if generate "$kernel" serial "$dir" "$kwork/serial_b.c" "$functions" "$active" "${extent_args[@]}"; then
    "$cc" "${cflags[@]}" -Wno-unknown-pragmas -Iruntime "$dir/$kernel.c" "$kwork/serial_b.c" "$dir/driver.c" -lm \
      -o "$kwork/serial"
    check "$kernel" adjoint-serial "$kwork/serial" 1 && serial=1
  fi
  variants=()
  for strategy in formad atomic reduction; do
    generate "$kernel" "$strategy" "$dir" "$kwork/${strategy}_b.c" "$functions" "$active" "${extent_args[@]}" || continue
    "$cc" "${cflags[@]}" -fopenmp -Iruntime "$dir/$kernel.c" "$kwork/${strategy}_b.c" "$dir/driver.c" -lm -o "$kwork/$strategy"
    variants+=("$strategy")
  done
  handwritten=bench/handwritten/${kernel}_b_parallel.c
  if [ -f "$handwritten" ]; then
    "$cc" "${cflags[@]}" -fopenmp "$dir/$kernel.c" "$handwritten" "$dir/driver.c" -lm -o "$kwork/handwritten"
    variants+=(handwritten)
  fi

  checked=()
  for variant in "${variants[@]}"; do
    check "$kernel" "$variant" "$kwork/$variant" "${thread_counts[-1]}" && checked+=("$variant")
  done

  # the ADOL-C peer: serial, g++; its tape goes to files in the working directory if it outgrows its
  # buffers, so it runs in the kernel's scratch folder
  adolc_variants=()
  peer=bench/adolc/${kernel}_b_adolc.cpp
  if [ "$adolc_n" != "-" ] && [ -f "$peer" ] && ((adolc_found)); then
    adolc_calls=$(((adolc_calls + calls_divisor - 1) / calls_divisor))
    "$cc" "${cflags[@]}" -Wno-unknown-pragmas -c "$dir/$kernel.c" -o "$kwork/adolc_primal.o"
    "$cc" "${cflags[@]}" -Wno-unknown-pragmas -c "$dir/driver.c" -o "$kwork/adolc_driver.o"
    for mode in tape reuse; do
      defines=()
      [ "$mode" = reuse ] && defines=(-DADOLC_PEER_REUSE_TAPE)
      "$cxx" "${cflags[@]}" -std=c++17 "${defines[@]}" -c "$peer" -o "$kwork/adolc-$mode.o"
      "$cxx" "$kwork/adolc_primal.o" "$kwork/adolc_driver.o" "$kwork/adolc-$mode.o" -ladolc -lm -o "$kwork/adolc-$mode"
      check "$kernel" "adolc-$mode" "$kwork/adolc-$mode" 1 && adolc_variants+=("adolc-$mode")
    done
  elif [ "$adolc_n" != "-" ] && [ -f "$peer" ]; then
    skip "$kernel" adolc "ADOL-C not found (install libadolc-dev: scripts/setup.sh)"
  fi
  # the serial primal at the ADOL-C size, its calls scaled by the ratio of the problem sizes (N, N^2 or
  # N^3 points) so that a run lasts about as long as at the full size
  if ((${#adolc_variants[@]})); then
    case "$kernel" in
      stencil2d_nonlinear) scale=$(((n * n) / (adolc_n * adolc_n))) ;;
      stencil3d7) scale=$(((n * n * n) / (adolc_n * adolc_n * adolc_n))) ;;
      *) scale=$((n / adolc_n)) ;;
    esac
    adolc_primal_calls=$((calls * scale))
  fi

  # variant|threads|binary|mode|N|calls of every timing, taken in interleaved rounds so that a drift of
  # the machine's speed (a shared VM) moves every variant alike instead of skewing the ratios
  timings=("primal-serial|1|$kwork/primal-serial|time-primal|$n|$calls")
  ((serial)) && timings+=("adjoint-serial|1|$kwork/serial|time|$n|$calls")
  for threads in "${thread_counts[@]}"; do
    timings+=("primal|$threads|$kwork/primal|time-primal|$n|$calls")
    for variant in "${checked[@]}"; do timings+=("$variant|$threads|$kwork/$variant|time|$n|$calls"); done
  done
  if ((${#adolc_variants[@]})); then
    timings+=("adolc-primal|1|$kwork/primal-serial|time-primal|$adolc_n|$adolc_primal_calls")
    for variant in "${adolc_variants[@]}"; do timings+=("$variant|1|$kwork/$variant|time|$adolc_n|$adolc_calls"); done
  fi
  for ((round = 1; round <= reps; round++)); do
    for timing in "${timings[@]}"; do
      IFS='|' read -r variant threads binary mode size count <<< "$timing"
      time_once "$kernel" "$variant" "$threads" "$binary" "$mode" "$size" "$count" || true
    done
  done
  for timing in "${timings[@]}"; do
    IFS='|' read -r variant threads _ _ size count <<< "$timing"
    record_timing "$kernel" "$variant" "$threads" "$size" "$count" "$linear" "$meaning"
  done
done

echo "== micro-benchmarks (Google Benchmark, min time ${micro_min_time}s each)"
{
  echo "# $(date -u '+%Y-%m-%d %H:%M UTC'), $cores cores; $build/bench/tape_bench and schedule_bench"
  "$build/bench/tape_bench" --benchmark_min_time="$micro_min_time" 2>&1
  "$build/bench/schedule_bench" --benchmark_min_time="$micro_min_time" 2>&1
} > "$out/microbench.txt"

echo "== report"
python3 scripts/bench_report.py "$csv" "$out" "$work/plots" "$machine" "$skipped"
echo "== done in $(($(date +%s) - started)) s: $out/results.md, $out/results.csv, $out/plot_*.png, $out/microbench.txt"
