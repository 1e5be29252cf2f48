#!/bin/bash
# The GoogleTest units under AddressSanitizer and UndefinedBehaviorSanitizer: a Debug build with
# clang-19 in its own build directory (the default build's flags are untouched), then every unit
# executable run with halt_on_error. The units that run adrace (cli_tests, corpus_verdict_tests) run the
# sanitized binary too, so a sample of the end-to-end paths is covered. .ci/run runs it after the
# test suite.
#
#   scripts/sanitize_units.sh [--jobs J] [--build-dir DIR]
#
# Exit 0 when every unit passes with no sanitizer report, 1 otherwise, 2 when the build fails.
set -u
jobs=$(nproc) build=build-sanitize
while [ $# -gt 0 ]; do
    case $1 in
        --jobs) jobs=$2; shift 2 ;;
        --build-dir) build=$2; shift 2 ;;
        *) echo "usage: $0 [--jobs J] [--build-dir DIR]" >&2; exit 2 ;;
    esac
done
source=$(cd "$(dirname "$0")/.." && pwd)
launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)

# LLVM is built without RTTI, so UBSan's vptr check (which needs it) is off.
sanitize="-fsanitize=address,undefined -fno-sanitize=vptr -fno-omit-frame-pointer"
units=(adrace_smt_tests analyzer_tests protocol_tests runtime_tests ad_tests ad_ctree_tests ad_gathered_sum_tests
       ad_small_array_tests ad_invariant_increment_tests ad_region_tests ad_cxx_tests ad_iteration_tape_tests ad_simd_lane_tests
       cli_tests corpus_verdict_tests)
start=$(date +%s)
cmake -S "$source" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Debug \
    -DCMAKE_C_COMPILER=clang-19 -DCMAKE_CXX_COMPILER=clang++-19 "${launcher[@]}" \
    -DCMAKE_CXX_FLAGS="$sanitize" -DCMAKE_C_FLAGS="$sanitize" \
    -DCMAKE_EXE_LINKER_FLAGS="-fsanitize=address,undefined" \
    -DADRACE_BUILD_BENCHMARKS=OFF -DADRACE_BUILD_TESTS=ON >/dev/null || exit 2
cmake --build "$build" -j"$jobs" --target adrace "${units[@]}" || exit 2
built=$(date +%s)

# Leaks are not errors here: a recovered crash leaks its file's AST by design.
export ASAN_OPTIONS=detect_leaks=0:halt_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
status=0
for unit in "${units[@]}"; do
    binary=$(find "$build/tests" -type f -name "$unit" -perm -u+x | head -1)
    [ -n "$binary" ] || { echo "FAIL: $unit was not built"; status=1; continue; }
    if "$binary" --gtest_brief=1 > "$build/$unit.log" 2>&1; then
        echo "ok: $unit"
    else
        echo "FAIL: $unit ($build/$unit.log)"
        grep -E "ERROR: AddressSanitizer|runtime error:|\[  FAILED  \]" "$build/$unit.log" | head -20
        status=1
    fi
done
echo "build $((built - start)) s, units $(($(date +%s) - built)) s"
exit $status
