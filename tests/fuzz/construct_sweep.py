#!/usr/bin/env python3
"""The construct sweep: every program of tests/fuzz/constructs (one OpenMP directive, clause or C
or C++ feature each, in `void f(int n, double *x, double *y)`; .c files are C, .cpp files C++)
through analyze, check and adjoint.

Asserted for each program:
  - every exit code is one the subcommand documents (analyze 0/2/3, check 0-3, adjoint 0/2), never a
    signal or a timeout;
  - every error, warning and note line names the program with file:line:col;
  - check finds no definite race in a race-free program, and does not call a racy twin (a comment
    starting RACY) clean;
  - where adjoint exits 0, its f_b compiles warning-free with gcc (g++ for C++, the adjoint keeping
    the input's language), links with the primal and a driver, and matches central finite
    differences at 1 and 4 threads.
A program's first line may hold [no-fd] (compile the adjoint only) and [flags: ...] (Clang flags).

usage: construct_sweep.py --adrace ADRACE --work DIR [--shard K/N] [--cc gcc] [--cxx g++] [PROGRAM...]
"""
import argparse
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
RUNTIME = os.path.normpath(os.path.join(HERE, "..", "..", "runtime"))
TIMEOUT_S = 60  # far above any program's time: a timeout is a hang, reported as a failure

EXIT_CODES = {"analyze": {0, 2, 3}, "check": {0, 1, 2, 3}, "adjoint": {0, 2}}

# f(n, x, y) and f_b(n, x, x_b, y, y_b) on arrays of N + 8: J = sum w[k] y[k] after f, its gradient
# from f_b against central differences along a direction v.
DRIVER = r"""
#include <math.h>
#include <stdio.h>
#include <string.h>
#define N 24
#define M (N + 8)
void f(int n, double *x, double *y);
void f_b(int n, double *x, double *x_b, double *y, double *y_b);
static double x_start[M], y_start[M], w[M], v[M];
static double objective(double h)
{
    double x[M], y[M], j = 0.0;
    for (int k = 0; k < M; k++) { x[k] = x_start[k] + h * v[k]; y[k] = y_start[k]; }
    f(N, x, y);
    for (int k = 0; k < M; k++) j += w[k] * y[k];
    return j;
}
int main(void)
{
    unsigned s = 12345u;
    for (int k = 0; k < M; k++) {
        s = s * 1103515245u + 12345u; x_start[k] = 0.5 + (s >> 8) / 16777216.0;
        s = s * 1103515245u + 12345u; y_start[k] = 0.25 + (s >> 8) / 33554432.0;
        s = s * 1103515245u + 12345u; w[k] = 0.5 + (s >> 8) / 16777216.0;
        s = s * 1103515245u + 12345u; v[k] = (s >> 8) / 16777216.0 - 0.5;
    }
    double h = 1e-6, fd = (objective(h) - objective(-h)) / (2.0 * h);
    double x[M], x_b[M], y[M], y_b[M], ad = 0.0;
    for (int k = 0; k < M; k++) { x[k] = x_start[k]; x_b[k] = 0.0; y[k] = y_start[k]; y_b[k] = w[k]; }
    f_b(N, x, x_b, y, y_b);
    for (int k = 0; k < M; k++) ad += x_b[k] * v[k];
    double error = fabs(ad - fd) / fmax(1.0, fabs(fd));
    printf("finite differences %.12g, adjoint %.12g, relative error %.3g\n", fd, ad, error);
    return error <= 1e-5 ? 0 : 1;
}
"""

DIAGNOSTIC = re.compile(r"\b(error|warning|note): ")


def run(command, **kwargs):
    try:
        return subprocess.run(command, capture_output=True, text=True, timeout=TIMEOUT_S, **kwargs)
    except subprocess.TimeoutExpired:
        return None


def located(lines, source):
    """The diagnostic lines that do not start with SOURCE:line:col."""
    prefix = re.compile(re.escape(source) + r":\d+:\d+: (error|warning|note): ")
    return [line for line in lines if DIAGNOSTIC.search(line) and not prefix.match(line)]


def sweep(program, args, work):
    """Runs one program; returns (exit codes by subcommand, fd result, failures)."""
    source = os.path.join(HERE, "constructs", program)
    stem, extension = os.path.splitext(program)
    compiler = args.cxx if extension == ".cpp" else args.cc
    with open(source) as text:
        first = text.readline()
    racy = "RACY" in first
    no_fd = "[no-fd]" in first
    flags = re.search(r"\[flags: ([^]]*)\]", first)
    flags = flags.group(1).split() if flags else []
    failures, codes = [], {}
    out_c = os.path.join(work, stem + "_b" + extension)
    commands = {
        "analyze": [args.adrace, "analyze", source, "--"] + flags,
        "check": [args.adrace, "check", source, "--"] + flags,
        "adjoint": [args.adrace, "adjoint", source, "--function", "f", "--active", "x,y", "-o", out_c, "--"] + flags,
    }
    for name, command in commands.items():
        result = run(command)
        if result is None:
            failures.append(f"{name}: no answer within {TIMEOUT_S} s")
            continue
        codes[name] = result.returncode
        if result.returncode not in EXIT_CODES[name]:
            failures.append(f"{name}: exit {result.returncode}: {result.stderr[-300:]}")
        lines = result.stderr.splitlines()
        if name == "check":
            lines += result.stdout.splitlines()  # check's findings
        for line in located(lines, source):
            failures.append(f"{name}: diagnostic without file:line:col: {line}")
        if result.returncode == 2 and not result.stderr.strip():
            failures.append(f"{name}: exit 2 without a diagnostic")
    if codes.get("check") == 1 and not racy:
        failures.append("check: a race in a race-free program")
    if racy and codes.get("check") == 0:
        failures.append("check: a racy twin called clean")
    fd = "-"
    if codes.get("adjoint") == 0 and not failures:
        binary = os.path.join(work, stem + ".driver")
        compiled = run([compiler, "-O1", "-fopenmp", "-Wall", "-Werror", "-I" + RUNTIME, "-c", out_c,
                        "-o", os.path.join(work, stem + "_b.o")])
        if compiled is None or compiled.returncode != 0:
            failures.append("gcc does not compile the adjoint warning-free: " +
                            (compiled.stderr[-600:] if compiled else "timeout"))
        elif no_fd:
            fd = "compiled"
        else:
            # A C++ f and f_b have C++ linkage: the driver is compiled as C++ with them.
            driver = os.path.join(work, "driver" + extension)
            linked = run([compiler, "-O1", "-fopenmp", "-w", driver, source, os.path.join(work, stem + "_b.o"),
                          "-o", binary, "-lm"])
            if linked is None or linked.returncode != 0:
                failures.append("the adjoint does not link with the primal: " +
                                (linked.stderr[-600:] if linked else "timeout"))
            else:
                fd = "ok"
                for threads in ("1", "4"):
                    environment = dict(os.environ, OMP_NUM_THREADS=threads, OMP_DYNAMIC="false")
                    checked = run([binary], env=environment)
                    if checked is None or checked.returncode != 0:
                        fd = "wrong"
                        failures.append(f"gradient at {threads} threads: " +
                                        (checked.stdout.strip() if checked else "timeout"))
    return codes, fd, failures


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--adrace", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--cc", default="gcc")
    parser.add_argument("--cxx", default="g++")
    parser.add_argument("--shard", default="0/1")
    parser.add_argument("programs", nargs="*")
    args = parser.parse_args()
    shard, shards = (int(part) for part in args.shard.split("/"))
    programs = args.programs or sorted(name for name in os.listdir(os.path.join(HERE, "constructs"))
                                       if name.endswith((".c", ".cpp")))
    programs = [name if name.endswith((".c", ".cpp")) else name + ".c" for name in programs]
    programs = [name for index, name in enumerate(programs) if index % shards == shard]
    os.makedirs(args.work, exist_ok=True)
    for extension in (".c", ".cpp"):
        with open(os.path.join(args.work, "driver" + extension), "w") as driver:
            driver.write(DRIVER)
    failed = 0
    counts = {name: {} for name in EXIT_CODES}
    gradients = {}
    for program in programs:
        codes, fd, failures = sweep(program, args, args.work)
        for name, code in codes.items():
            counts[name][code] = counts[name].get(code, 0) + 1
        gradients[fd] = gradients.get(fd, 0) + 1
        print(f"{program}: analyze {codes.get('analyze')}, check {codes.get('check')}, "
              f"adjoint {codes.get('adjoint')}, gradient {fd}")
        for failure in failures:
            print(f"  FAIL {program}: {failure}")
        failed += bool(failures)
    print(f"{len(programs)} programs, {failed} failed")
    for name in EXIT_CODES:
        print(f"  {name} exit codes: " + ", ".join(f"{code}: {n}" for code, n in sorted(counts[name].items())))
    print("  gradients: " + ", ".join(f"{fd}: {n}" for fd, n in sorted(gradients.items())))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
