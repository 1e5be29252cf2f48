#!/usr/bin/env python3
"""Tables, targets and plots from the CSV that scripts/bench_adjoint.sh writes.

usage: bench_report.py RESULTS.csv OUT_DIR PLOT_WORK_DIR "MACHINE DESCRIPTION" [SKIPPED.csv]

Writes OUT_DIR/results.md and OUT_DIR/plot_<kernel>.png (gnuplot, from data files in PLOT_WORK_DIR).
Speedups are over the serial build, as in docs/design.md [FormAD] §7: the primal's over the serial primal,
every adjoint's over the serial adjoint. The ADOL-C peer (adolc-tape, adolc-reuse) runs serially on a
smaller problem, so it is compared with the serial primal at that size (adolc-primal), per call.
SKIPPED.csv (kernel,variant,reason) lists the variants that could not be made; results.md says why.
"""
import csv
import os
import subprocess
import sys
from collections import OrderedDict

ADJOINTS = ["formad", "handwritten", "atomic", "reduction"]
ADOLC = ["adolc-tape", "adolc-reuse"]
COMPACT = ["stencil_compact3", "stencil_compact17"]
GATHER_TARGET = ["stencil_gather3", "stencil2d_nonlinear"]  # gather target (README, Performance): formad / primal <= 1.5 at 1 and 2 threads


def load(path):
    rows = list(csv.DictReader(open(path)))
    kernels = OrderedDict()
    for row in rows:
        row["threads"] = int(row["threads"])
        row["calls"] = int(row["calls"])
        for key in ("median_s", "min_s", "max_s", "peak_mib", "extra_mib"):
            row[key] = float(row[key])
        row["per_call_s"] = row["median_s"] / row["calls"]
        kernels.setdefault(row["kernel"], []).append(row)
    return kernels


def load_skipped(path):
    """{kernel: {variant: reason}} from the script's skipped.csv (none if there is no file)."""
    skipped = {}
    if path and os.path.exists(path):
        for row in csv.DictReader(open(path)):
            skipped.setdefault(row["kernel"], OrderedDict())[row["variant"]] = row["reason"]
    return skipped


def find(rows, variant, threads=1):
    for row in rows:
        if row["variant"] == variant and row["threads"] == threads:
            return row
    return None


def time_of(rows, variant, threads=1):
    row = find(rows, variant, threads)
    return row["median_s"] if row else None


def per_call(rows, variant, threads=1):
    row = find(rows, variant, threads)
    return row["per_call_s"] if row else None


def baseline(rows, variant):
    """The serial time a variant's speedup is measured against (none for the ADOL-C peer: another size)."""
    if variant.startswith("adolc"):
        return None
    return time_of(rows, "primal-serial") if variant.startswith("primal") else time_of(rows, "adjoint-serial")


def over_primal(rows, variant, threads):
    """Adjoint time / primal time: at equal thread counts; the serial adjoint against the serial primal;
    the ADOL-C peer against the serial primal at its size, per call."""
    if variant.startswith("primal") or variant == "adolc-primal":
        return None
    if variant in ADOLC:
        return ratio(per_call(rows, variant), per_call(rows, "adolc-primal"))
    if variant == "adjoint-serial":
        return ratio(per_call(rows, variant), per_call(rows, "primal-serial"))
    return ratio(per_call(rows, variant, threads), per_call(rows, "primal", threads))


def ratio(a, b):
    return a / b if a is not None and b else None


def fmt(value, digits=2, suffix=""):
    return "—" if value is None else f"{value:.{digits}f}{suffix}"


def kernel_table(kernel, rows):
    first = rows[0]
    lines = [f"### {kernel}", "",
             f"N = {first['n']} ({first['size_meaning']}), {first['calls']} calls per run, "
             f"median of {first['reps']} runs; {first['linear']} in the active variables.", "",
             "| variant | threads | N × calls | time per run (s) | speedup over serial | adjoint / primal | peak memory (MiB) | extra memory (MiB) |",
             "|---|---:|---|---:|---:|---:|---:|---:|"]
    threads = sorted({row["threads"] for row in rows})
    ordered = [find(rows, "primal-serial"), find(rows, "adjoint-serial")]
    for t in threads:
        ordered += [find(rows, v, t) for v in ["primal"] + ADJOINTS]
    ordered += [find(rows, v) for v in ["adolc-primal"] + ADOLC]
    for row in filter(None, ordered):
        v, t = row["variant"], row["threads"]
        speedup = ratio(baseline(rows, v), row["median_s"])
        lines.append(f"| {v} | {t} | {row['n']} × {row['calls']} | {row['median_s']:.4f} | {fmt(speedup, 2, '×')} | "
                     f"{fmt(over_primal(rows, v, t), 2)} | {row['peak_mib']:.0f} | {row['extra_mib']:.0f} |")
    return lines + [""]


def side_by_side(kernels, skipped):
    """Every adjoint's time over its primal's, one row per kernel."""
    threads = [t for t in sorted({row["threads"] for rows in kernels.values() for row in rows}) if t <= 2]
    head = ["kernel"]
    for v in ["formad", "reduction", "atomic", "handwritten"]:
        head += [f"{v} {t}t" for t in threads]
    head += ["serial adjoint", "ADOL-C tape", "ADOL-C reuse"]
    lines = ["Adjoint time / primal time (lower is better): the OpenMP adjoints against the OpenMP primal at "
             "the same thread count (t: threads); `handwritten` is the hand-written limit (for the stencils a "
             "gather-form adjoint: plain stores, no atomics, no reduction copies); `serial adjoint` is "
             "`--strategy serial` against the serial primal; ADOL-C (serial, operator overloading, taping on "
             "every call or reusing the tape) against the serial primal on the same, smaller problem, per call. "
             "— : not measured (see Skipped).", "",
             "| " + " | ".join(head) + " |", "|---|" + "---:|" * (len(head) - 1)]
    for kernel, rows in kernels.items():
        cells = [kernel]
        for v in ["formad", "reduction", "atomic", "handwritten"]:
            cells += [fmt(over_primal(rows, v, t)) for t in threads]
        cells += [fmt(over_primal(rows, v, 1)) for v in ["adjoint-serial"] + ADOLC]
        lines.append("| " + " | ".join(cells) + " |")
    lines.append("")
    adolc = [(k, rows) for k, rows in kernels.items() if find(rows, "adolc-primal")]
    if adolc:
        lines += ["The ADOL-C peer per call (ms), serial, beside the serial primal at the same size (and, for scale, "
                  "adrace's serial adjoint over the serial primal at the full size); tape memory is the peak minus "
                  "the arrays (MiB):", "",
                  "| kernel | N | primal | ADOL-C tape | ADOL-C reuse | tape memory | adrace serial adjoint / serial primal "
                  "(full size) |", "|---|---:|---:|---:|---:|---:|---:|"]
        for kernel, rows in adolc:
            prim, tape, reuse = (find(rows, v) for v in ["adolc-primal"] + ADOLC)
            ms = lambda row: fmt(row["per_call_s"] * 1e3 if row else None, 3)
            memory = max((row["extra_mib"] for row in (tape, reuse) if row), default=None)
            lines.append(f"| {kernel} | {prim['n']} | {ms(prim)} | {ms(tape)} | {ms(reuse)} | {fmt(memory, 0)} | "
                         f"{fmt(over_primal(rows, 'adjoint-serial', 1))} |")
        lines.append("")
    return lines


def skipped_section(skipped):
    if not skipped:
        return ["No variant was skipped.", ""]
    lines = ["| kernel | variant | why |", "|---|---|---|"]
    for kernel, variants in skipped.items():
        for variant, reason in variants.items():
            lines.append(f"| {kernel} | {variant} | {reason.replace('|', '/')} |")
    return lines + [""]


def summary(kernels):
    """One row per kernel: the figures the README shows."""
    threads = sorted({row["threads"] for rows in kernels.values() for row in rows})
    top = max(threads)
    lines = [f"| kernel | N × calls | serial primal (s) | serial adjoint (s) | formad 1 / {top} threads (s) | "
             f"formad speedup at {top} | formad / primal at 1, {top} | formad / handwritten at 1, {top} | "
             f"atomic, reduction / formad at {top} | reduction extra memory / primal |",
             "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for kernel, rows in kernels.items():
        first = rows[0]
        f1, ft = time_of(rows, "formad", 1), time_of(rows, "formad", top)
        hand = [ratio(time_of(rows, "formad", t), time_of(rows, "handwritten", t)) for t in (1, top)]
        red, prim = find(rows, "reduction", top), find(rows, "primal", top)
        lines.append(
            f"| {kernel} | {first['n']} × {first['calls']} | {fmt(time_of(rows, 'primal-serial'), 3)} | "
            f"{fmt(time_of(rows, 'adjoint-serial'), 3)} | {fmt(f1, 3)} / {fmt(ft, 3)} | "
            f"{fmt(ratio(time_of(rows, 'adjoint-serial'), ft), 2, '×')} | "
            f"{fmt(ratio(f1, time_of(rows, 'primal', 1)))}, {fmt(ratio(ft, time_of(rows, 'primal', top)))} | "
            f"{fmt(hand[0])}, {fmt(hand[1])} | "
            f"{fmt(ratio(time_of(rows, 'atomic', top), ft), 1)}, {fmt(ratio(time_of(rows, 'reduction', top), ft), 1)} | "
            f"{fmt(red['extra_mib'] / prim['peak_mib'] if red and prim else None)} |")
    return lines + [""]


def targets(kernels):
    """The issue's targets on a 2-core machine, each with the measured value."""
    lines = ["| target | kernel | threads | measured | goal | met |", "|---|---|---:|---:|---:|:---:|"]

    def add(name, kernel, threads, measured, goal, met, missing=None):
        if measured is None:
            if missing:  # a target that must show even when it could not be measured
                lines.append(f"| {name} | {kernel} | {threads} | — | {goal} | **no** ({missing}) |")
            return
        lines.append(f"| {name} | {kernel} | {threads} | {measured:.2f} | {goal} | {'yes' if met(measured) else '**no**'} |")

    for kernel, rows in kernels.items():
        threads = sorted({row["threads"] for row in rows if row["variant"] == "formad"})
        for t in threads:
            if t <= 2:
                add("formad / handwritten time", kernel, t, ratio(time_of(rows, "formad", t), time_of(rows, "handwritten", t)),
                    "≤ 1.1", lambda m: m <= 1.1)
        if kernel in COMPACT + ["green_gauss"]:
            add("formad speedup over the serial adjoint", kernel, 2,
                ratio(time_of(rows, "adjoint-serial"), time_of(rows, "formad", 2)), "≥ 1.8", lambda m: m >= 1.8)
        if kernel in COMPACT:
            add("atomic / formad time", kernel, 2, ratio(time_of(rows, "atomic", 2), time_of(rows, "formad", 2)), "≥ 10",
                lambda m: m >= 10)
            add("reduction / formad time", kernel, 2, ratio(time_of(rows, "reduction", 2), time_of(rows, "formad", 2)),
                "≥ 4", lambda m: m >= 4)
        if kernel in GATHER_TARGET:
            for t in [t for t in sorted({row["threads"] for row in rows}) if t <= 2]:
                add("formad / primal time (gather form)", kernel, t,
                    ratio(time_of(rows, "formad", t), time_of(rows, "primal", t)), "≤ 1.5", lambda m: m <= 1.5,
                    missing="no formad adjoint")
        linear = rows[0]["linear"] == "linear"
        limit = 1.2 if linear else 3.0
        for t in threads:
            add(f"formad / primal time ({'linear' if linear else 'nonlinear'})", kernel, t,
                ratio(time_of(rows, "formad", t), time_of(rows, "primal", t)), f"≤ {limit}", lambda m, l=limit: m <= l)
    return lines + [""]


def memory(kernels):
    lines = ["Extra memory of the `reduction` adjoint (per-thread copies and tape: peak minus the resident arrays "
             "before the first call) as a multiple of the primal's peak memory (its arrays):", "",
             "| kernel | threads | reduction extra (MiB) | primal peak (MiB) | multiple | formad extra (MiB) |",
             "|---|---:|---:|---:|---:|---:|"]
    for kernel, rows in kernels.items():
        for t in sorted({row["threads"] for row in rows if row["variant"] == "reduction"}):
            red, prim, formad = find(rows, "reduction", t), find(rows, "primal", t), find(rows, "formad", t)
            if red and prim:
                lines.append(f"| {kernel} | {t} | {red['extra_mib']:.0f} | {prim['peak_mib']:.0f} | "
                             f"{red['extra_mib'] / prim['peak_mib']:.2f} | {formad['extra_mib'] if formad else 0:.0f} |")
    return lines + [""]


def plot(kernel, rows, out_dir, plot_dir):
    """Two panels like the paper's figures: absolute time, and speedup over the serial builds."""
    threads = sorted({row["threads"] for row in rows if row["variant"] != "primal-serial"} | {1})
    data = os.path.join(plot_dir, f"{kernel}.dat")
    series = ["primal"] + ADJOINTS
    with open(data, "w") as f:
        f.write("# threads " + " ".join(series) + "\n")
        for t in threads:
            f.write(f"{t} " + " ".join(fmt(time_of(rows, v, t), 6).replace("—", "NaN") for v in series) + "\n")
    serial_primal, serial_adjoint = time_of(rows, "primal-serial"), time_of(rows, "adjoint-serial")
    colours = {"primal": "#000000", "formad": "#1a7f37", "handwritten": "#8250df", "atomic": "#cf222e",
               "reduction": "#0969da"}
    time_plots, speed_plots = [], []
    for column, v in enumerate(series, start=2):
        if not any(time_of(rows, v, t) for t in threads):
            continue
        name = "adj-FormAD" if v == "formad" else v if v in ("primal", "handwritten") else f"adj-{v}"
        style = f"lines lw 2 lc rgb '{colours[v]}'" + (" dt 2" if v == "handwritten" else "")
        time_plots.append(f"'{data}' using 1:{column} with linespoints pt 7 {style[6:]} title '{name}'")
        base = serial_primal if v == "primal" else serial_adjoint
        if base:
            speed_plots.append(f"'{data}' using 1:({base}/${column}) with linespoints pt 7 {style[6:]} title '{name}'")
    if serial_primal:
        time_plots.append(f"{serial_primal} with lines dt 3 lw 2 lc rgb '#000000' title 'primal serial'")
    if serial_adjoint:
        time_plots.append(f"{serial_adjoint} with lines dt 3 lw 2 lc rgb '#9a6700' title 'adjoint serial'")
    speed_plots.append("x with lines dt 3 lc rgb '#888888' title 'ideal'")
    xmax = max(threads) * 1.25
    title = kernel.replace("_", "\\_")  # gnuplot's enhanced text reads _ as a subscript
    tics = ", ".join(str(t) for t in threads)
    script = f"""
set terminal pngcairo size 1100,520 font ',11'
set output '{os.path.join(out_dir, f'plot_{kernel}.png')}'
set multiplot layout 1,2 title '{title} (N = {rows[0]['n']}, {rows[0]['calls']} calls per run)'
set logscale x 2
set xrange [0.8:{xmax}]
set xtics ({tics})
set xlabel 'threads'
set grid
set key below horizontal maxrows 2
set logscale y
set ylabel 'time per run (s)'
set title 'Absolute time'
plot {', '.join(time_plots)}
set title 'Speedup over the serial program'
set ylabel 'speedup'
plot {', '.join(speed_plots)}
unset multiplot
"""
    subprocess.run(["gnuplot"], input=script, text=True, check=True)


def main():
    csv_path, out_dir, plot_dir, machine = sys.argv[1:5]
    skipped = load_skipped(sys.argv[5] if len(sys.argv) > 5 else None)
    os.makedirs(plot_dir, exist_ok=True)
    kernels = load(csv_path)
    lines = ["# Adjoint benchmark results", "",
             "Written by `scripts/bench_adjoint.sh` (see its header for the method): gcc -O3 -march=native, "
             "speedups over the serial build (primal over the serial primal, adjoints over the serial adjoint), "
             "adjoint / primal at equal thread counts (the serial adjoint against the serial primal).", "",
             f"Machine: {machine}.", ""]
    lines += ["## Summary", ""] + summary(kernels)
    lines += ["## Side by side: adjoint / primal", ""] + side_by_side(kernels, skipped)
    lines += ["## Skipped", ""] + skipped_section(skipped)
    lines += ["## Targets", ""] + targets(kernels)
    lines += ["## Memory", ""] + memory(kernels)
    lines += ["## Times", ""]
    for kernel, rows in kernels.items():
        lines += kernel_table(kernel, rows)
        plot(kernel, rows, out_dir, plot_dir)
        lines += [f"![{kernel}](plot_{kernel}.png)", ""]
    with open(os.path.join(out_dir, "results.md"), "w") as f:
        f.write("\n".join(lines))


if __name__ == "__main__":
    main()
