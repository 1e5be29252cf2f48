#!/usr/bin/env python3
"""Mutation fuzzing of adrace's four subcommands on C sources and question documents.

Mutates the corpus kernels, tests/ad/kernels and tests/races/cases (lines deleted, duplicated or
swapped, operators and numbers changed, subscripts made nonlinear, OpenMP clauses and constructs
inserted, long sums, deep nesting) and the protocol seeds (tests/fuzz/seeds/protocol), runs
`analyze`, `check`, `adjoint` and `answer` on each under a time and memory limit, and checks the
invariants of README "Exit codes and limits":

  - the process exits (no signal, no sanitizer report) within the time limit;
  - the exit code is in the documented set (check: 0-3; analyze: 0, 2 or 3; adjoint, answer: 0 or 2);
  - exit 2 prints nothing on stdout (answer: only its JSON error object);
  - exit 0 with JSON output prints valid JSON;
  - an adjoint written with exit 0 compiles (gcc -fopenmp -c).

Every broken invariant is saved under WORK/findings/ with the input, the command and its stderr.
Prints the runs, the findings by kind and the slowest inputs; exits 1 if anything was found.

  fuzz_sources.py --adrace build/adrace [--seconds N | --runs N] [--seed S] [--timeout S]
                  [--memory-mb MB] [--sanitized] [--work DIR]
"""
import argparse
import hashlib
import json
import os
import pathlib
import random
import re
import resource
import shutil
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
SANITIZER_REPORT = re.compile(r"ERROR: AddressSanitizer|ERROR: LeakSanitizer|runtime error:|UndefinedBehaviorSanitizer")

CLAUSES = ["private(i)", "firstprivate(n)", "lastprivate(i)", "shared(n)", "reduction(+:s)", "nowait",
           "collapse(2)", "schedule(static)", "schedule(dynamic, 4)", "allocate(i)", "if(n > 3)",
           "num_threads(4)", "default(none)", "linear(i)", "ordered", "simd", "safelen(4)"]
CONSTRUCTS = ["#pragma omp barrier", "#pragma omp critical", "#pragma omp atomic", "#pragma omp single",
              "#pragma omp master", "#pragma omp task", "#pragma omp taskwait", "#pragma omp flush",
              "#pragma omp parallel", "#pragma omp for", "#pragma omp parallel for", "#pragma omp sections",
              "#pragma omp section", "#pragma omp ordered", "#pragma omp simd"]
OPERATORS = ["+", "-", "*", "/", "%", "<<", ">>", "&", "|", "^", "==", "<", "<=", "?"]


def mutate_source(text, rng):
    lines = text.split("\n")
    for _ in range(rng.randint(1, 4)):
        if not lines:
            break
        at = rng.randrange(len(lines))
        kind = rng.randrange(12)
        if kind == 0:
            del lines[at]
        elif kind == 1:
            lines.insert(at, lines[rng.randrange(len(lines))])
        elif kind == 2:
            other = rng.randrange(len(lines))
            lines[at], lines[other] = lines[other], lines[at]
        elif kind == 3 and "#pragma omp" in lines[at]:
            lines[at] += " " + rng.choice(CLAUSES)
        elif kind == 4:
            lines.insert(at, rng.choice(CONSTRUCTS))
        elif kind == 5:  # an operator changed
            ops = [m.start() for m in re.finditer(r"[-+*/%<>]", lines[at])]
            if ops:
                p = rng.choice(ops)
                lines[at] = lines[at][:p] + rng.choice(OPERATORS) + lines[at][p + 1:]
        elif kind == 6:  # a number changed
            lines[at] = re.sub(r"\b\d+\b", lambda m: str(rng.choice([0, 1, -1, 2, 7, 1 << 31, 10 ** 19])),
                               lines[at], count=1)
        elif kind == 7:  # a subscript made nonlinear
            lines[at] = re.sub(r"\[\s*i\s*\]", rng.choice(["[i*i]", "[i*i*i + 3*i]", "[i % 7]", "[n - i]",
                                                          "[i / 2]", "[i*i*i*i - i*i*n]"]), lines[at], count=1)
        elif kind == 8:  # a long flat sum
            lines[at] = re.sub(r"\[\s*i\s*\]", "[" + "+".join(["i"] * rng.choice([50, 900, 1200, 30000])) + "]",
                               lines[at], count=1)
        elif kind == 9:  # deep parentheses
            depth = rng.choice([10, 200, 300])
            lines[at] = re.sub(r"\[\s*i\s*\]", "[" + "(" * depth + "i" + ")" * depth + "]", lines[at], count=1)
        elif kind == 10:  # a character deleted or inserted
            if lines[at]:
                p = rng.randrange(len(lines[at]))
                lines[at] = lines[at][:p] + rng.choice(["", "{", "}", ";", "(", ")", "[", "]", "\\", "\""]) + lines[at][p + 1:]
        else:  # a body repeated: long loops
            if "{" in lines[at]:
                body = [l for l in lines[at + 1:at + 4] if "}" not in l and "#" not in l]
                lines[at + 1:at + 1] = body * rng.choice([2, 10, 100])
    return "\n".join(lines)


def mutate_document(text, rng):
    try:
        document = json.loads(text)
    except (ValueError, RecursionError):  # a hostile seed: damage its bytes instead
        p = rng.randrange(len(text) + 1)
        return text[:p] + rng.choice(["", "1e400", "}", "[", "\"", "\\", "\x00"]) + text[p + 1:]
    def visit(node, depth=0):
        if isinstance(node, dict):
            for key in list(node):
                if rng.random() < 0.1:
                    node[key] = rng.choice([None, 1e308, -1, 2 ** 70, "", "i*i", [], {}, "x" * 300, "i+" * 500 + "i"])
                else:
                    visit(node[key], depth + 1)
            if rng.random() < 0.05:
                node[rng.choice(["extra", "first", "bound", "step", "kind"])] = rng.choice(["i", 0, None, []])
        elif isinstance(node, list):
            for index in range(len(node)):
                if rng.random() < 0.1 and isinstance(node[index], str):
                    node[index] = rng.choice(["i*i", "c(i)*c(i)", "i#1", "mod(i, 0)", "i/0", "(" * 150 + "i" + ")" * 150,
                                              "i .lt. n", "9223372036854775807 + 1", "c(c(c(i)))"])
                else:
                    visit(node[index], depth + 1)
            if node and rng.random() < 0.1:
                node.append(rng.choice(node))
    visit(document)
    dumped = json.dumps(document)
    if rng.random() < 0.2:  # byte-level damage too
        p = rng.randrange(len(dumped) + 1)
        dumped = dumped[:p] + rng.choice(["", "1e400", "}", "[", "\"", "\\", "\x00", "\xff"]) + dumped[p + 1:]
    return dumped


def seeds():
    """(path, adjoint function, active parameters or None) for each C seed; the JSON seeds."""
    sources = []
    adjoint = {}
    for line in (ROOT / "tests/ad/kernels.txt").read_text().splitlines():
        if line.startswith("#") or not line.strip():
            continue
        fields = line.split("|")
        folder = fields[6] if len(fields) > 6 else "corpus"
        adjoint[ROOT / folder / fields[0] / (fields[0] + ".c")] = (fields[1].split(",")[0], fields[2])
    for kernel in sorted((ROOT / "corpus").glob("*/*.c")):
        if kernel.stem == kernel.parent.name:
            sources.append((kernel, *adjoint.get(kernel, (None, None))))
    for kernel in sorted((ROOT / "tests/ad/kernels").glob("*/*.c")):
        if kernel.stem == kernel.parent.name and kernel in adjoint:
            sources.append((kernel, *adjoint[kernel]))
    sources += [(case, None, None) for case in sorted((ROOT / "tests/races/cases").glob("*.c"))]
    documents = sorted((ROOT / "tests/fuzz/seeds/protocol").glob("*.json"))
    return sources, documents


def limit_memory(megabytes):
    def apply():
        resource.setrlimit(resource.RLIMIT_AS, (megabytes << 20, megabytes << 20))
    return apply


class Fuzzer:
    def __init__(self, args):
        self.args = args
        self.work = pathlib.Path(args.work)
        self.findings = self.work / "findings"
        self.findings.mkdir(parents=True, exist_ok=True)
        self.runs = 0
        self.found = {}
        self.slowest = []  # (seconds, command summary, saved input)
        env = dict(os.environ)
        env["ASAN_OPTIONS"] = f"detect_leaks=0:hard_rss_limit_mb={args.memory_mb}:allocator_may_return_null=1"
        env["UBSAN_OPTIONS"] = "print_stacktrace=1"
        self.env = env

    def run(self, name, argv, input_text, suffix, allowed, json_output=False, compile_output=None):
        self.runs += 1
        start = time.monotonic()
        try:
            process = subprocess.run(argv, capture_output=True, timeout=self.args.timeout, env=self.env,
                                     preexec_fn=None if self.args.sanitized else limit_memory(self.args.memory_mb))
        except subprocess.TimeoutExpired:
            self.record("hang", name, argv, input_text, suffix, f"no answer within {self.args.timeout} s")
            return
        elapsed = time.monotonic() - start
        digest = hashlib.sha1(input_text.encode("utf-8", "replace")).hexdigest()[:12]
        self.slowest = sorted(self.slowest + [(elapsed, name, digest)], reverse=True)[:5]
        if (elapsed, name, digest) in self.slowest:  # kept, to be run again
            slow = self.work / "slowest"
            slow.mkdir(exist_ok=True)
            (slow / (digest + suffix)).write_text(input_text, errors="replace")
        stdout = process.stdout.decode("utf-8", "replace")
        stderr = process.stderr.decode("utf-8", "replace")
        code = process.returncode
        if code < 0 or SANITIZER_REPORT.search(stderr):
            kind = "sanitizer" if SANITIZER_REPORT.search(stderr) else f"signal{-code}"
            if code < 0 and -code == 9:
                kind = "memory"  # killed at the memory limit
            self.record(kind, name, argv, input_text, suffix, stderr)
        elif code not in allowed:
            self.record("exit-code", name, argv, input_text, suffix, f"exit {code}\n{stderr}")
        elif code == 2 and stdout and name != "answer":
            self.record("stdout-on-error", name, argv, input_text, suffix, stdout[:2000] + stderr)
        elif json_output and (code != 2 or name == "answer"):
            try:
                parsed = json.loads(stdout)
                if name == "answer" and (code == 2) != ("error" in parsed):
                    self.record("answer-error-mismatch", name, argv, input_text, suffix, stdout[:2000])
            except (ValueError, RecursionError) as error:
                self.record("invalid-json", name, argv, input_text, suffix, f"{error}\n{stdout[:2000]}")
        elif compile_output and code == 0:
            # The adjoint keeps the input's #includes: it compiles with the input's include paths.
            includes = [arg for arg in argv if str(arg).startswith("-I")]
            result = subprocess.run(["gcc", "-fopenmp", "-fsyntax-only", "-w", f"-I{ROOT / 'runtime'}"] + includes +
                                    [str(compile_output)], capture_output=True, text=True)
            if result.returncode != 0:
                self.record("adjoint-does-not-compile", name, argv, input_text, suffix,
                            result.stderr[:4000] + "\n---\n" + compile_output.read_text(errors="replace")[:20000])

    def record(self, kind, name, argv, input_text, suffix, detail):
        digest = hashlib.sha1((kind + name + input_text).encode("utf-8", "replace")).hexdigest()[:12]
        base = self.findings / f"{kind}-{name}-{digest}"
        base.with_suffix(suffix).write_text(input_text, errors="replace")
        base.with_suffix(".txt").write_text(" ".join(map(str, argv)) + "\n\n" + detail, errors="replace")
        self.found.setdefault(kind, []).append(str(base.with_suffix(suffix)))
        print(f"FOUND {kind}: {name} -> {base.with_suffix(suffix)}", flush=True)

    def source_case(self, path, function, active, rng):
        text = mutate_source(path.read_text(), rng)
        case = self.work / "case" / path.name
        case.parent.mkdir(exist_ok=True)
        case.write_text(text)
        adrace = self.args.adrace
        flags = ["--", f"-I{path.parent}", f"-I{ROOT / 'corpus/common'}"]
        self.run("analyze", [adrace, "analyze", "--z3-timeout-ms", "500", str(case)] + flags, text, ".c", {0, 2, 3},
                 json_output=True)
        self.run("check", [adrace, "check", "--format", "json", "-j", "1", "--z3-timeout-ms", "500", str(case)] + flags,
                 text, ".c", {0, 1, 2, 3}, json_output=True)
        if function:
            output = self.work / "case" / "adjoint_b.c"
            if output.exists():
                output.unlink()
            self.run("adjoint", [adrace, "adjoint", str(case), "--function", function, "--active", active,
                                 "--z3-timeout-ms", "500", "-o", str(output)] + flags,
                     text, ".c", {0, 2}, compile_output=output)

    def document_case(self, path, rng):
        text = mutate_document(path.read_text(), rng)
        case = self.work / "case" / "questions.json"
        case.parent.mkdir(exist_ok=True)
        case.write_text(text, errors="replace")
        self.run("answer", [self.args.adrace, "answer", "--z3-timeout-ms", "500", str(case)], text, ".json", {0, 2},
                 json_output=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--adrace", required=True)
    parser.add_argument("--seconds", type=float, help="stop after this long")
    parser.add_argument("--runs", type=int, help="stop after this many mutated inputs")
    parser.add_argument("--seed", type=int, default=int(time.time()))
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds per adrace run")
    parser.add_argument("--memory-mb", type=int, default=4096, help="memory limit per adrace run")
    parser.add_argument("--sanitized", action="store_true", help="adrace is an ASan build (memory limit via ASAN_OPTIONS)")
    parser.add_argument("--work", default="fuzz-work")
    args = parser.parse_args()
    if args.seconds is None and args.runs is None:
        args.seconds = 60.0
    work = pathlib.Path(args.work)
    shutil.rmtree(work / "case", ignore_errors=True)

    rng = random.Random(args.seed)
    sources, documents = seeds()
    fuzzer = Fuzzer(args)
    start = time.monotonic()
    inputs = 0
    while True:
        if args.seconds is not None and time.monotonic() - start >= args.seconds:
            break
        if args.runs is not None and inputs >= args.runs:
            break
        if rng.random() < 0.25:
            fuzzer.document_case(rng.choice(documents), rng)
        else:
            fuzzer.source_case(*rng.choice(sources), rng)
        inputs += 1

    print(f"seed {args.seed}: {inputs} mutated inputs, {fuzzer.runs} adrace runs in {time.monotonic() - start:.0f} s")
    for kind, files in sorted(fuzzer.found.items()):
        print(f"  {kind}: {len(files)} (e.g. {files[0]})")
    print("slowest runs: " + ", ".join(f"{name} {seconds:.1f} s (input {digest})" for seconds, name, digest in fuzzer.slowest))
    return 1 if fuzzer.found else 0


if __name__ == "__main__":
    sys.exit(main())
