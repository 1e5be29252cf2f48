#!/bin/bash
# The long fuzz run (README "Exit codes and limits"): builds adrace with clang-19 under
# AddressSanitizer and UndefinedBehaviorSanitizer in its own build directory (the default build's
# flags are untouched), then, for the given minutes, runs the libFuzzer targets for the JSON protocol
# and the index parser, and scripts/fuzz_sources.py, which mutates C sources and question documents
# through analyze, check, adjoint and answer and checks the documented invariants.
#
#   scripts/fuzz.sh [--minutes N] [--jobs J] [--build-dir DIR] [--seed S]
#
# Findings land in DIR/fuzz-work/ (sources) and DIR/fuzz-artifacts/ (libFuzzer crash-* files).
# Exit 1 if anything was found.
set -u
minutes=20 jobs=1 build=build-fuzz seed=$(date +%s)
while [ $# -gt 0 ]; do
    case $1 in
        --minutes) minutes=$2; shift 2 ;;
        --jobs) jobs=$2; shift 2 ;;
        --build-dir) build=$2; shift 2 ;;
        --seed) seed=$2; shift 2 ;;
        *) echo "usage: $0 [--minutes N] [--jobs J] [--build-dir DIR] [--seed S]" >&2; exit 2 ;;
    esac
done
source=$(cd "$(dirname "$0")/.." && pwd)
# ccache is optional (scripts/setup.sh does not install it): use it where it is.
launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)

# LLVM is built without RTTI, so UBSan's vptr check (which needs it) is off.
sanitize="-fsanitize=address,undefined -fno-sanitize=vptr -fno-omit-frame-pointer -fsanitize=fuzzer-no-link"
cmake -S "$source" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_C_COMPILER=clang-19 -DCMAKE_CXX_COMPILER=clang++-19 "${launcher[@]}" \
    -DCMAKE_CXX_FLAGS="$sanitize" -DCMAKE_C_FLAGS="$sanitize" \
    -DCMAKE_EXE_LINKER_FLAGS="-fsanitize=address,undefined" \
    -DADRACE_BUILD_BENCHMARKS=OFF -DADRACE_BUILD_TESTS=OFF -DADRACE_FUZZ=ON -DADRACE_LIBFUZZER=ON >/dev/null || exit 2
cmake --build "$build" -j"$jobs" --target adrace protocol_fuzzer index_parser_fuzzer || exit 2

export ASAN_OPTIONS=detect_leaks=0:allocator_may_return_null=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
seconds=$((minutes * 60))
artifacts=$build/fuzz-artifacts
mkdir -p "$artifacts" "$build/fuzz-corpus/protocol" "$build/fuzz-corpus/index"
status=0
# A fifth of the time each for the two libFuzzer targets, the rest for the sources (the slow part).
for target in protocol index; do
    binary=$build/tests/fuzz/${target/index/index_parser}_fuzzer
    "$binary" -max_total_time=$((seconds / 5)) -timeout=30 -rss_limit_mb=4096 -max_len=65536 -seed="$seed" \
        -artifact_prefix="$artifacts/$target-" "$build/fuzz-corpus/$target" "$source/tests/fuzz/seeds/$target" \
        2>&1 | grep -E "^#[0-9]+.*(DONE|pulse)|ERROR|SUMMARY|Test unit written|stat::number_of_executed_units" | tail -5
    [ "${PIPESTATUS[0]}" -eq 0 ] || status=1
done
python3 "$source/scripts/fuzz_sources.py" --adrace "$build/adrace" --sanitized --seconds $((seconds * 3 / 5)) \
    --seed "$seed" --timeout 120 --work "$build/fuzz-work" || status=1
exit $status
