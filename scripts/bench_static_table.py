#!/usr/bin/env python3
"""The markdown table of a static benchmark sweep (scripts/bench_static.sh, its run.sh).

    python3 scripts/bench_static_table.py results.csv ["machine line" [run.sh's stderr]] > bench/static16.md

results.csv: kernel,variant,threads,seconds (seconds: the median time of one call). The table has, per
kernel, formad / primal at every thread count of the sweep, formad / handwritten (its range over the
thread counts, where there is a hand-written adjoint), and reduction / formad and atomic / formad at the
largest thread count; then the seconds themselves, so that every ratio can be checked; and, given
run.sh's stderr, the memory each adjoint allocates (its `# memory KERNEL VARIANT MIB` lines).
"""
import csv
import sys


def main(argv):
    if len(argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    seconds = {}  # (kernel, variant, threads) -> seconds per call
    kernels, variants, thread_counts = [], [], set()
    with open(argv[1], newline="") as f:
        for row in csv.DictReader(f):
            kernel, variant, threads = row["kernel"], row["variant"], int(row["threads"])
            seconds[(kernel, variant, threads)] = float(row["seconds"])
            if kernel not in kernels:
                kernels.append(kernel)
            if variant not in variants:
                variants.append(variant)
            thread_counts.add(threads)
    threads = sorted(thread_counts)
    top = threads[-1]

    def ratio(kernel, num, den, t):
        a, b = seconds.get((kernel, num, t)), seconds.get((kernel, den, t))
        return a / b if a is not None and b else None

    def fmt(value):
        return "–" if value is None else f"{value:.2f}"

    print("# Static benchmark sweep")
    print()
    if len(argv) > 2:
        print(f"Machine: {argv[2]}")
        print()
    print(f"From `{argv[1]}` (scripts/bench_static.sh: gcc -O3 -march=x86-64-v3 -static -fopenmp, "
          "interleaved rounds, medians of 3; – : not measured).")
    print()
    counts = ", ".join(str(t) for t in threads)
    print(f"| kernel | formad / primal at {counts} threads | formad / handwritten | "
          f"reduction / formad at {top} | atomic / formad at {top} |")
    print("|---|---|---|---:|---:|")
    for kernel in kernels:
        per_thread = ", ".join(fmt(ratio(kernel, "formad", "primal", t)) for t in threads)
        handwritten = [r for r in (ratio(kernel, "formad", "handwritten", t) for t in threads) if r is not None]
        hw = f"{min(handwritten):.2f}–{max(handwritten):.2f}" if handwritten else "–"
        print(f"| {kernel} | {per_thread} | {hw} | {fmt(ratio(kernel, 'reduction', 'formad', top))} | "
              f"{fmt(ratio(kernel, 'atomic', 'formad', top))} |")
    print()
    print("Seconds per call:")
    print()
    print("| kernel | variant | " + " | ".join(f"{t} threads" for t in threads) + " |")
    print("|---|---|" + "---:|" * len(threads))
    for kernel in kernels:
        for variant in variants:
            cells = [seconds.get((kernel, variant, t)) for t in threads]
            if all(c is None for c in cells):
                continue
            print(f"| {kernel} | {variant} | " + " | ".join("–" if c is None else f"{c:.6f}" for c in cells) + " |")
    if len(argv) > 3:
        memory = {}  # kernel -> {variant: MiB}
        with open(argv[3]) as f:
            for line in f:
                fields = line.split()
                if len(fields) == 5 and fields[:2] == ["#", "memory"]:
                    memory.setdefault(fields[2], {})[fields[3]] = fields[4]
        allocating = [v for v in variants if v != "primal"]
        print()
        print(f"Memory the adjoint allocates at {top} threads (MiB: tape and per-thread copies):")
        print()
        print("| kernel | " + " | ".join(allocating) + " |")
        print("|---|" + "---:|" * len(allocating))
        for kernel in kernels:
            print(f"| {kernel} | " + " | ".join(memory.get(kernel, {}).get(v, "–") for v in allocating) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
