#!/bin/sh
# The timing sweep of the static benchmark builds (scripts/bench_static.sh packs this file as run.sh
# beside bin/ and manifest.txt). Plain POSIX sh and awk: the host it runs on needs no compiler, no python.
#
#   ./run.sh [--scale D] [THREADS...] > results.csv
#
# THREADS: the thread counts (default 1 2 4 8 16). --scale D divides every run's calls by D (at least
# one call): a quick check of the script.
# For each round (3), kernel, thread count and build, in that order, so that a drift of the host's
# speed moves every variant and thread count alike instead of skewing their ratios, one process runs
# the function CALLS times twice and the second run is kept (the first touches the pages of the arrays,
# tape and per-thread copies). seconds = the median of the 3 rounds of one call's time.
# A build whose run takes more than SLOW_S (default 8) seconds is not run again at that or more
# threads (stderr says so), so that one pathological variant cannot blow the time budget.
# stdout: kernel,variant,threads,seconds; stderr: the lscpu model line, the settings, progress, and
# then the memory each adjoint allocates (tape, per-thread copies) at the largest thread count.
cd "$(dirname "$0")" || exit 1
scale=1
if [ "${1:-}" = "--scale" ]; then
  scale=$2
  shift 2
fi
threads_list=${*:-1 2 4 8 16}
slow_s=${SLOW_S:-8}
rounds=3
export OMP_DYNAMIC=false
export OMP_PROC_BIND=${OMP_PROC_BIND:-close}
export OMP_PLACES=${OMP_PLACES:-cores}

model=$(lscpu 2> /dev/null | grep -m1 'Model name' || grep -m1 'model name' /proc/cpuinfo)
echo "$model" >&2
echo "# $(nproc 2> /dev/null || echo '?') cpus, threads $threads_list, OMP_PROC_BIND=$OMP_PROC_BIND OMP_PLACES=$OMP_PLACES, calls / $scale" >&2
raw=$(mktemp) || exit 1
slow=$(mktemp) || exit 1 # kernel variant threads: the first thread count a build ran too long at
trap 'rm -f "$raw" "$slow"' EXIT
start=$(date +%s)

kernels=$(awk '{ print $1 }' manifest.txt | uniq)
round=1
while [ "$round" -le "$rounds" ]; do
  for kernel in $kernels; do
    for threads in $threads_list; do
      grep "^$kernel " manifest.txt | while read -r k variant mode n calls; do
        too_slow=$(awk -v k="$k" -v v="$variant" -v t="$threads" '$1 == k && $2 == v && t >= $3 { print "yes"; exit }' "$slow")
        [ -n "$too_slow" ] && continue
        c=$((calls / scale))
        [ "$c" -lt 1 ] && c=1
        seconds=$(OMP_NUM_THREADS=$threads "bin/$k.$variant" "$mode" "$n" 2 --calls "$c" 2> /dev/null | tail -1)
        case "$seconds" in
          [0-9]*) ;;
          *) echo "$k $variant at $threads threads: the run failed" >&2; continue ;;
        esac
        echo "$k $variant $threads $seconds $c" >> "$raw"
        if awk -v s="$seconds" -v limit="$slow_s" 'BEGIN { exit !(s > limit) }'; then
          echo "$k $variant $threads" >> "$slow"
          echo "$k $variant: ${seconds} s at $threads threads, over ${slow_s} s: not run again at $threads or more threads" >&2
        fi
      done
    done
  done
  echo "# round $round done at $(($(date +%s) - start)) s" >&2
  round=$((round + 1))
done

echo "kernel,variant,threads,seconds"
# the median of each (kernel, variant, threads), per call; rows in the manifest's order
awk '
  NR == FNR { order[++norder] = $1 " " $2; next }
  { key = $1 " " $2 " " $3; n[key]++; t[key, n[key]] = $4 / $5; if (!(key in seen)) { seen[key] = 1; keys[++nkeys] = key } }
  END {
    for (o = 1; o <= norder; o++)
      for (i = 1; i <= nkeys; i++) {
        split(keys[i], f, " ")
        if (f[1] " " f[2] != order[o]) continue
        m = n[keys[i]]
        for (a = 1; a <= m; a++) v[a] = t[keys[i], a]
        for (a = 2; a <= m; a++) for (b = a; b > 1 && v[b - 1] > v[b]; b--) { x = v[b]; v[b] = v[b - 1]; v[b - 1] = x }
        median = (m % 2) ? v[(m + 1) / 2] : (v[m / 2] + v[m / 2 + 1]) / 2
        printf "%s,%s,%s,%.6g\n", f[1], f[2], f[3], median
      }
  }' manifest.txt "$raw"
# what each adjoint allocates (tape, per-thread copies) at the largest thread count: the driver's
# peak resident memory minus what it held before the first call (corpus/common/harness.h)
most=$(for t in $threads_list; do echo "$t"; done | sort -n | tail -1)
echo "# memory the adjoint allocates at $most threads (kernel variant MiB):" >&2
while read -r k variant mode n calls; do
  [ "$mode" = time ] || continue
  OMP_NUM_THREADS=$most "bin/$k.$variant" time "$n" 1 --calls 1 2>&1 > /dev/null |
    sed -n 's/.*rss_before_kib=\([0-9-]*\) peak_kib=\([0-9-]*\).*/\1 \2/p' |
    awk -v k="$k" -v v="$variant" '{ printf "# memory %s %s %.1f\n", k, v, ($2 - $1) / 1024 }' >&2
done < manifest.txt
echo "# done in $(($(date +%s) - start)) s" >&2
