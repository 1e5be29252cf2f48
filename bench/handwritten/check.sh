#!/bin/bash
# Gradient check of one hand-written parallel adjoint (bench/handwritten/KERNEL_b_parallel.c): built with
# the kernel and its corpus driver in place of the reference adjoint, warning-free (-Wall -Werror), and
# `driver check` (finite differences vs adjoint, relative error <= 1e-6) at OMP_NUM_THREADS=1, 2 and 4.
# With `archer` (CC a clang), the build is instrumented with ThreadSanitizer and runs at 2 threads under
# Archer (as tests/ad/tsan_adjoint.sh does): it must pass without a race report.
# usage: check.sh SOURCE_DIR WORK_DIR KERNEL CC [archer]
set -u
source=$1 work=$2 kernel=$3 cc=$4 mode=${5:-}
flags=(-O2 -fopenmp)
[ "$mode" = archer ] && flags=(-g -O1 -fsanitize=thread -fopenmp)
rm -rf "$work" && mkdir -p "$work" || exit 1
"$cc" "${flags[@]}" -Wall -Werror -c "$source/bench/handwritten/${kernel}_b_parallel.c" -o "$work/adjoint.o" ||
    { echo "FAIL: $cc does not compile ${kernel}_b_parallel.c warning-free"; exit 1; }
"$cc" "${flags[@]}" -w "$source/corpus/$kernel/$kernel.c" "$source/corpus/$kernel/driver.c" "$work/adjoint.o" -lm \
    -o "$work/driver" || exit 1
if [ "$mode" = archer ]; then
    archer=${ADRACE_ARCHER:?libarcher.so of the LLVM adrace is built with, set by CTest (bench/handwritten/CMakeLists.txt)}
    [ -f "$archer" ] || { echo "FAIL: $archer missing"; exit 1; }
    # The OpenMP runtime beside Archer (a machine may hold another LLVM's as the system libomp.so.5).
    TSAN_OPTIONS="ignore_noninstrumented_modules=1 exitcode=66" OMP_TOOL_LIBRARIES=$archer OMP_NUM_THREADS=2 \
        LD_LIBRARY_PATH="$(dirname "$archer")${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" \
        "$work/driver" check > "$work/out.txt" 2>&1
    rc=$?
    cat "$work/out.txt"
    races=$(grep -c "WARNING: ThreadSanitizer: data race" "$work/out.txt")
    [ "$rc" -eq 0 ] && [ "$races" -eq 0 ] || { echo "FAIL: exit $rc, $races race reports"; exit 1; }
    exit 0
fi
status=0
for threads in 1 2 4; do
    OMP_NUM_THREADS=$threads "$work/driver" check | sed "s/^/threads=$threads: /"
    [ "${PIPESTATUS[0]}" -eq 0 ] || status=1
done
exit $status
