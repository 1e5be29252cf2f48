#!/usr/bin/env bash
# Before / after comparison of two generators' formad adjoints, beside the primal, this generator's
# reduction variant and the hand-written adjoint where there is one (bench/adjoint_profile.md).
#
#   scripts/bench_compare.sh BEFORE [--rounds 5] [--threads "1 2"] [--kernels "conv1d lbm"]
#
# BEFORE: an older adrace binary, or a folder of the formad adjoints it generated (K.formad.c for
# each kernel K). gcc -O3 -march=native -fopenmp; the bench sizes with a tenth of the calls
# (scripts/bench_adjoint.sh --quick); every build and thread count interleaved in each round; medians.
# Prints the machine line (CPU, cores, gcc, load average before and after), then per kernel and
# thread count: the primal's median seconds, before / primal, formad / primal, reduction / formad,
# atomic / formad, formad / hand-written, before / formad; then the memory each adjoint allocates
# (tape, copies).
# A kernel of tests/ad/kernels.txt outside corpus/ (its root field) is found there; without a
# hand-written reference adjoint, the primal is linked with the formad one (not called).
set -euo pipefail
cd "$(dirname "$0")/.."
before=${1:?usage: scripts/bench_compare.sh BEFORE [--rounds R] [--threads T] [--kernels K]}
shift
rounds=5
threads="1 2"
kernels="conv1d stencil3d7 lulesh_stress lbm stencil2d_nonlinear"
while (($#)); do
  case "$1" in
    --rounds) rounds=$2; shift ;;
    --threads) threads=$2; shift ;;
    --kernels) kernels=$2; shift ;;
    *) echo "bench_compare.sh: unknown argument '$1'" >&2; exit 2 ;;
  esac
  shift
done
before=$(realpath "$before")
adrace=${ADRACE_BUILD_DIR:-build}/adrace
work=bench/work/compare
rm -rf "$work" && mkdir -p "$work"
export OMP_DYNAMIC=false OMP_PROC_BIND=${OMP_PROC_BIND:-close} OMP_PLACES=${OMP_PLACES:-cores}
cflags=(-O3 -march=native -fopenmp -w -Iruntime)

# kernel|N|calls: scripts/bench_adjoint.sh's sizes, a tenth of its calls (squared_filter, filter2d: their
# drivers' time sizes)
declare -A sizes=([conv1d]="1000000 25" [stencil3d7]="100 16" [stencil_compact3]="1000000 15" [lulesh_stress]="48 10" [lbm]="16 3"
                  [stencil2d_nonlinear]="1000 22" [stencil_gather3]="1000000 45" [green_gauss]="100000 110"
                  [squared_filter]="1000000 10" [filter2d]="20000 20" [fir_equalizer]="1000000 25")
for k in $kernels; do
  IFS='|' read -r _ functions active extents _ _ root _ <<< "$(grep "^$k|" tests/ad/kernels.txt | head -1)"
  extent_args=()
  [ "$extents" != "-" ] && extent_args=(--extent "$extents")
  dir=${root:-corpus}/$k
  if [ -d "$before" ]; then
    cp "$before/$k.formad.c" "$work/$k.before.c"
  else
    "$before" adjoint "$dir/$k.c" --function "$functions" --active "$active" "${extent_args[@]}" -o "$work/$k.before.c"
  fi
  for strategy in formad reduction atomic; do
    "$adrace" adjoint "$dir/$k.c" --function "$functions" --active "$active" --strategy "$strategy" "${extent_args[@]}" \
      -o "$work/$k.$strategy.c"
  done
  for variant in before formad reduction atomic; do
    gcc "${cflags[@]}" "$dir/$k.c" "$work/$k.$variant.c" "$dir/driver.c" -lm -o "$work/$k.$variant"
    "$work/$k.$variant" check > /dev/null || { echo "bench_compare.sh: $k $variant: gradient check failed" >&2; exit 1; }
  done
  # the primal, linked with an adjoint the driver does not call in time-primal mode
  reference=$dir/${k}_b_reference.c
  [ -f "$reference" ] || reference=$work/$k.formad.c
  gcc "${cflags[@]}" "$dir/$k.c" "$reference" "$dir/driver.c" -lm -o "$work/$k.primal"
  handwritten=bench/handwritten/${k}_b_parallel.c
  [ -f "$handwritten" ] && gcc "${cflags[@]}" "$dir/$k.c" "$handwritten" "$dir/driver.c" -lm -o "$work/$k.handwritten"
done

load_before=$(cut -d' ' -f1-3 /proc/loadavg)
for ((round = 1; round <= rounds; round++)); do
  for k in $kernels; do
    read -r n calls <<< "${sizes[$k]}"
    for t in $threads; do
      for variant in primal before formad reduction atomic handwritten; do
        [ -x "$work/$k.$variant" ] || continue
        mode=time
        [ "$variant" = primal ] && mode=time-primal
        seconds=$(OMP_NUM_THREADS=$t "$work/$k.$variant" "$mode" "$n" 2 --calls "$calls" 2> "$work/stderr" | tail -1)
        echo "$k $variant $t $seconds" >> "$work/raw.txt"
        # what the adjoint allocates (tape, per-thread copies): peak minus resident before, MiB
        sed -n 's/^memory: rss_before_kib=\([0-9]*\) peak_kib=\([0-9]*\)$/\1 \2/p' "$work/stderr" |
          awk -v key="$k $variant $t" '{ printf "%s %.1f\n", key, ($2 - $1) / 1024 }' >> "$work/memory.txt"
      done
    done
  done
done
echo "$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //'), $(nproc) cores, $(gcc --version | head -1)," \
  "load average $load_before before, $(cut -d' ' -f1-3 /proc/loadavg) after, $rounds rounds"
echo "| kernel | threads | primal (s) | before / primal | formad / primal | reduction / formad | atomic / formad | formad / hand-written | before / formad |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|"
awk '
  { key = $1 " " $3; n[key, $2]++; v[key, $2, n[key, $2]] = $4; keys[key] = 1 }
  function median(key, variant,   m, a, i, j, x) {
    m = n[key, variant]
    if (!m) return 0
    for (i = 1; i <= m; i++) a[i] = v[key, variant, i]
    for (i = 2; i <= m; i++) for (j = i; j > 1 && a[j - 1] > a[j]; j--) { x = a[j]; a[j] = a[j - 1]; a[j - 1] = x }
    return (m % 2) ? a[(m + 1) / 2] : (a[m / 2] + a[m / 2 + 1]) / 2
  }
  END {
    for (key in keys) {
      split(key, f, " ")
      p = median(key, "primal"); b = median(key, "before"); fm = median(key, "formad")
      r = median(key, "reduction"); a = median(key, "atomic"); h = median(key, "handwritten")
      printf "| %s | %s | %.4f | %.2f | %.2f | %.2f | %s | %s | %.2f |\n", f[1], f[2], p, b / p, fm / p, r / fm,
        a ? sprintf("%.2f", a / fm) : "–", h ? sprintf("%.2f", fm / h) : "–", b / fm
    }
  }' "$work/raw.txt" | sort
echo
echo "Memory the adjoint allocates (peak minus resident before the first call, MiB, largest over the rounds):"
echo "| kernel | threads | before | formad | reduction | atomic |"
echo "|---|---:|---:|---:|---:|---:|"
awk '
  { key = $1 " " $3; if (!((key, $2) in m) || $4 > m[key, $2]) m[key, $2] = $4; keys[key] = 1 }
  END {
    for (key in keys) {
      split(key, f, " ")
      printf "| %s | %s | %s | %s | %s | %s |\n", f[1], f[2], m[key, "before"], m[key, "formad"], m[key, "reduction"], m[key, "atomic"]
    }
  }' "$work/memory.txt" | sort
