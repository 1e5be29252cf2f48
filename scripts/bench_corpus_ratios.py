#!/usr/bin/env python3
"""The formad adjoint's time over its primal's, per corpus kernel, at a few thread counts.

    scripts/bench_corpus_ratios.py [--kernels "lulesh_elem hotspot"] [--threads "1 2"] [--reps 5]
                                   [--adrace build/adrace] [--cc gcc] [--out FILE.md]

scripts/bench_adjoint.sh is the full benchmark of a chosen set of kernels (all strategies, the
hand-written and ADOL-C peers, memory, plots). This one answers one question for every kernel that
tests/ad/kernels.txt lists with the formad strategy, at the driver's own timing size
(corpus/common/harness.h, `driver time` and `driver time-primal` without N): how much slower is the
generated adjoint than the primal? For each kernel it generates the formad adjoint (arguments from
kernels.txt), builds it with the kernel and its driver (CC -O3 -march=native -fopenmp), checks the
gradient once (`driver check`), picks the calls per run so that a primal run takes about 0.1 s,
then times primal and adjoint alternately, REPS runs each per thread count, and reports the medians
and their ratio. A kernel whose adjoint cannot be generated, built or checked is listed with the
reason. The figures are only as quiet as the machine: the table's header says the load average.
"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def kernel_lines():
    """kernels.txt entries that test formad: (kernel, functions, active, extents, root, cflags, adjoint flags)."""
    with open(os.path.join(ROOT, "tests/ad/kernels.txt")) as listing:
        for line in listing:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            fields = line.split("|") + [""] * 8
            kernel, functions, active, extents, strategies = fields[:5]
            if "formad" not in strategies.split(","):
                continue
            yield kernel, functions, active, extents, fields[6] or "corpus", fields[7], fields[8]


def run(command, env=None, timeout=600):
    return subprocess.run(command, capture_output=True, text=True, env=env, timeout=timeout)


def build(adrace, cc, work, kernel, functions, active, extents, root, cflags, adjoint_flags):
    """The driver with the formad adjoints, or the reason it could not be made."""
    source = os.path.join(ROOT, root, kernel)
    if os.path.isdir(work):
        shutil.rmtree(work)
    os.makedirs(work)
    flags = ["-O3", "-march=native", "-fopenmp", "-w"] + cflags.split()
    objects = []
    ext = ".c"
    if os.path.exists(os.path.join(source, kernel + ".cpp")):  # a C++ kernel, its driver and adjoint in C++
        ext = ".cpp"
        cc = cc[:-3] + "g++" if cc.endswith("gcc") else cc + "++"
    for function in functions.split(","):
        generated = os.path.join(work, function + "_b" + ext)
        command = [adrace, "adjoint", os.path.join(source, kernel + ext), "--function", function,
                   "--active", active, "--strategy", "formad", "-o", generated] + adjoint_flags.split()
        if extents and extents != "-":
            command += ["--extent", extents]
        result = run(command)
        if result.returncode != 0:
            return None, "adrace adjoint exited %d: %s" % (result.returncode, result.stderr.strip().splitlines()[0])
        obj = os.path.splitext(generated)[0] + ".o"
        result = run([cc] + flags + ["-I" + os.path.join(ROOT, "runtime"), "-I" + source, "-c", generated, "-o", obj])
        if result.returncode != 0:
            return None, "%s does not compile %s_b%s" % (cc, function, ext)
        objects.append(obj)
    driver = os.path.join(work, "driver")
    # with --include-primal the adjoint's file includes the kernel's and is compiled in its place
    primal = [] if "--include-primal" in adjoint_flags.split() else [os.path.join(source, kernel + ext)]
    result = run([cc] + flags + [os.path.join(source, "driver" + ext)] + primal + objects +
                 ["-o", driver, "-lm"])
    if result.returncode != 0:
        return None, "the driver does not build: " + result.stderr.strip()[:200]
    return driver, ""


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--kernels", default="")
    parser.add_argument("--threads", default="1 2")
    parser.add_argument("--reps", type=int, default=5)
    parser.add_argument("--adrace", default=os.path.join(ROOT, "build/adrace"))
    parser.add_argument("--cc", default=os.environ.get("CC", "gcc"))
    parser.add_argument("--out", default="")
    args = parser.parse_args()
    wanted = set(args.kernels.split())
    thread_counts = [int(t) for t in args.threads.split()]
    with open("/proc/loadavg") as load:
        loadavg = " ".join(load.read().split()[:3])
    lines = ["formad adjoint / primal at the drivers' timing sizes (median of %d runs of C calls; %s -O3 -march=native; "
             "load average %s at the start)" % (args.reps, args.cc, loadavg), "",
             "| kernel | calls | " + " | ".join("primal %dt (s) | formad %dt (s) | ratio %dt" % (t, t, t) for t in thread_counts) + " |",
             "|---|---|" + "---|---|---|" * len(thread_counts)]
    for kernel, functions, active, extents, root, cflags, adjoint_flags in kernel_lines():
        if wanted and kernel not in wanted:
            continue
        work = os.path.join(ROOT, "bench/work/ratios", kernel)
        driver, why = build(args.adrace, args.cc, work, kernel, functions, active, extents, root, cflags, adjoint_flags)
        if driver and run([driver, "check"], env=dict(os.environ, OMP_NUM_THREADS="2")).returncode != 0:
            driver, why = None, "its gradient check failed"
        if not driver:
            lines.append("| %s | — | %s |" % (kernel, why))
            print(lines[-1], flush=True)
            continue
        size = default_size(driver)
        one = run([driver, "time-primal", str(size), "3"], env=dict(os.environ, OMP_NUM_THREADS="1"))
        first = min(float(x) for x in one.stdout.split()) if one.returncode == 0 and one.stdout.split() else 0.0
        calls = max(1, min(10000, round(0.1 / first) if first > 0 else 1))
        row = ["%s | %d" % (kernel, calls)]
        for threads in thread_counts:
            env = dict(os.environ, OMP_NUM_THREADS=str(threads), OMP_DYNAMIC="false")
            primal, adjoint = [], []
            for _ in range(args.reps):  # alternating, so that a burst of load hits both
                for mode, into in (("time-primal", primal), ("time", adjoint)):
                    result = run([driver, mode, str(size), "2", "--calls", str(calls)], env=env)
                    if result.returncode != 0:
                        raise SystemExit("%s %s failed: %s" % (kernel, mode, result.stderr.strip()[:200]))
                    into.append(float(result.stdout.split()[-1]))  # the second run: the first warms up
            p, a = statistics.median(primal), statistics.median(adjoint)
            row.append("%.4f | %.4f | %.2f" % (p, a, a / p))
        lines.append("| " + " | ".join(row) + " |")
        print(lines[-1], flush=True)
    text = "\n".join(lines) + "\n"
    if args.out:
        with open(args.out, "w") as out:
            out.write(text)
    print(text)


def default_size(driver):
    """The driver's timing size, from its usage line ("time defaults to N")."""
    usage = run([driver, "usage"]).stderr
    marker = "time defaults to "
    if marker not in usage:
        raise SystemExit("%s: no default timing size in its usage line" % driver)
    return int(usage.split(marker)[1].split(")")[0])


if __name__ == "__main__":
    sys.exit(main())
