#!/usr/bin/env bash
# adrace's C++ sources against .clang-format: the libraries, the tool, the units and the
# micro-benchmarks; not the inputs of tests (kernels, construct programs, race cases), whose line
# numbers tests depend on, nor the runtime headers generated code includes.
#
#   scripts/check_format.sh [--fix] [--clang-format PROGRAM]
#
# Exit 0 when every file is formatted (or, with --fix, once they are), 1 otherwise, listing the files.
set -euo pipefail
cd "$(dirname "$0")/.."
fix=0
program=clang-format-19
while (($#)); do
  case "$1" in
    --fix) fix=1 ;;
    --clang-format) program=$2; shift ;;
    *) echo "usage: $0 [--fix] [--clang-format PROGRAM]" >&2; exit 2 ;;
  esac
  shift
done
# The sources, from git where this is a checkout, else from the tree.
sources() {
  if git rev-parse --is-inside-work-tree > /dev/null 2>&1; then
    git ls-files 'ad/*.cpp' 'ad/*.h' 'analyzer/*.cpp' 'analyzer/*.h' 'smt/*.cpp' 'smt/*.h' 'tools/*.cpp' \
      'tools/*.h' 'tests/*.cpp' 'tests/*.h' 'bench/*_bench.cpp'
  else
    find ad analyzer smt tools tests -name '*.cpp' -o -name '*.h'
    find bench -name '*_bench.cpp'
  fi
}
mapfile -t files < <(sources | grep -v -e '^tests/ad/kernels/' -e '^tests/fuzz/constructs/' -e '^tests/races/' | sort)
if ((fix)); then
  "$program" -i "${files[@]}"
  exit 0
fi
# One clang-format over all the files (its start-up, not the formatting, is most of a file's time);
# only when that fails, one per file, to name the files.
if "$program" --dry-run --Werror "${files[@]}" > /dev/null 2>&1; then
  echo "${#files[@]} files formatted"
  exit 0
fi
unformatted=()
for file in "${files[@]}"; do
  "$program" --dry-run --Werror "$file" > /dev/null 2>&1 || unformatted+=("$file")
done
if ((${#unformatted[@]})); then
  printf 'not formatted (scripts/check_format.sh --fix): %s\n' "${unformatted[@]}"
  exit 1
fi
echo "${#files[@]} files formatted"
