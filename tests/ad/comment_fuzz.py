#!/usr/bin/env python3
"""Comments and line breaks between any two tokens must not change the adjoint.

Every kernel of tests/ad/kernels.txt is copied with comments (`/* c */`, `// c` + newline) and line
breaks inserted at random token boundaries (a fixed seed; preprocessor lines left alone, since a
line break would end a directive), then run through corpus_adjoint.sh (formad, gcc; g++ for a C++
kernel, whose `::` is one token): the adjoint must still be generated, compile warning-free and pass
its finite-difference check at 1, 2 and 4 threads.

usage: comment_fuzz.py ADRACE SOURCE_DIR WORK_DIR CC SEED [SHARE [HARNESS_ROOT]]
  SHARE k/m: only the kernels whose index is k modulo m (CTest runs the shares side by side).
  HARNESS_ROOT: the folder of the corpus checks' fixtures (HARNESS_ROOT/KERNEL.gcc.harness, from
  corpus_harness.sh): the adjoint is linked with their primal and driver objects, the kernel as
  written, which the comments do not change, instead of compiling both again per kernel and seed.
"""
import os
import random
import re
import shutil
import subprocess
import sys

TOKEN = re.compile(r"""
    (?P<space>\s+)
  | (?P<comment>/\*.*?\*/|//[^\n]*)
  | (?P<token>[A-Za-z_\x80-\xff][A-Za-z0-9_\x80-\xff]*
      | \.?[0-9](?:[eEpP][+-]|[A-Za-z0-9_.])*
      | "(?:\\.|[^"\\\n])*" | '(?:\\.|[^'\\\n])*'
      | <<=|>>=|\.\.\.|->|::|\+\+|--|<<|>>|<=|>=|==|!=|&&|\|\||[-+*/%&|^]=|\#\#
      | [^\s])
""", re.VERBOSE | re.DOTALL)

INSERTS = [" /* c */ ", "\n", " // c\n", "/**/", "\n  /* two\n     lines */\n"]


def mutate(text, rng, density=0.35):
    out = []
    for line_start, line in _logical_lines(text):
        if line.lstrip().startswith("#"):
            out.append(line)
            continue
        pieces = []
        previous_was_token = False
        for match in TOKEN.finditer(line):
            if match.lastgroup == "token":
                if previous_was_token or pieces:
                    if rng.random() < density:
                        pieces.append(rng.choice(INSERTS))
                previous_was_token = True
            pieces.append(match.group(0))
        out.append("".join(pieces))
    return "".join(out)


def _logical_lines(text):
    """Lines (with their newline), a directive's backslash continuations joined to it; a block
    comment that spans lines stays in one piece."""
    at = 0
    while at < len(text):
        end = at
        while True:
            newline = text.find("\n", end)
            if newline < 0:
                end = len(text)
                break
            chunk = text[at:newline]
            if chunk.endswith("\\") or chunk.count("/*") > chunk.count("*/"):
                end = newline + 1
                continue
            end = newline + 1
            break
        yield at, text[at:end]
        at = end


def main():
    adrace, source, work, cc, seed = sys.argv[1:6]
    share = sys.argv[6] if len(sys.argv) > 6 else "0/1"
    harness_root = sys.argv[7] if len(sys.argv) > 7 else ""
    part, parts = (int(x) for x in share.split("/"))
    rng = random.Random(int(seed))
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    shutil.copytree(os.path.join(source, "corpus", "common"), os.path.join(work, "corpus", "common"))
    os.symlink(os.path.join(source, "runtime"), os.path.join(work, "runtime"))
    kernels = []
    with open(os.path.join(source, "tests", "ad", "kernels.txt")) as listing:
        for line in listing:
            if line.startswith("#") or not line.strip():
                continue
            fields = line.rstrip("\n").split("|")
            kernels.append(fields)
    failures = 0
    for index, fields in enumerate(kernels):
        if index % parts != part:
            continue
        kernel, functions, active, extents = fields[0], fields[1], fields[2], fields[3]
        root = fields[6] if len(fields) > 6 else "corpus"
        cflags = fields[7] if len(fields) > 7 else ""
        adjoint_flags = fields[8] if len(fields) > 8 else ""
        if extents == "-":
            extents = ""
        target = os.path.join(work, root, kernel)
        shutil.copytree(os.path.join(source, root, kernel), target)
        path = os.path.join(target, kernel + ".c")
        compiler = cc
        if not os.path.exists(path):  # a C++ kernel: compiled, with its adjoint, as C++
            path = os.path.join(target, kernel + ".cpp")
            compiler = cc[:-3] + "g++" if cc.endswith("gcc") else cc + "++"
        with open(path) as original:
            text = original.read()
        mutated = mutate(text, rng)
        with open(path, "w") as out:
            out.write(mutated)
        # A kernel listed after CTest was configured has no fixture yet: corpus_adjoint.sh compiles its own.
        harness = [os.path.join(harness_root, kernel + ".gcc.harness")] if harness_root else []
        harness = [path for path in harness if os.path.isdir(path)]
        run = subprocess.run(["bash", os.path.join(source, "tests", "ad", "corpus_adjoint.sh"), adrace, work,
                              os.path.join(work, "out", kernel), kernel, "formad", compiler, functions, active, extents,
                              root, cflags, adjoint_flags] + harness,
                             stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        status = "ok" if run.returncode == 0 else "FAIL"
        print(f"{status}: {kernel} (seed {seed})")
        if run.returncode != 0:
            failures += 1
            print(run.stdout)
            print(f"--- the mutated {os.path.basename(path)} is {path}")
    print(f"{failures} of the kernels failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
