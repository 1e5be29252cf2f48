#!/bin/bash
# ThreadSanitizer + Archer check of the formad adjoint of one corpus kernel at THREADS threads (2 by
# default; at least 4 for MODE=plain). With
# MODE=clean the generated code must run without a race report; with MODE=plain it is generated with
# --guard atomic and --no-gather (a gather needs no guard), the `omp atomic` guards are deleted
# (plain updates where the verdict is guarded) and TSan must report a race.
# usage: tsan_adjoint.sh ADRACE SOURCE_DIR WORK_DIR KERNEL FUNCTIONS ACTIVE MODE CLANG [ROOT [CFLAGS [EXTENTS [THREADS [ADJOINT_FLAGS [HARNESS_DIR]]]]]]
# (CFLAGS: compiler flags for the kernel, its adjoint and the driver; EXTENTS: --extent; ADJOINT_FLAGS:
# more options of `adrace adjoint`, --include-primal compiling the adjoint in the kernel's place; all as
# in kernels.txt. HARNESS_DIR: the primal and driver objects `corpus_harness.sh ... thread` compiled
# with these flags, shared by the kernel's two modes; without it they are compiled here.)
set -u
adrace=$1 source=$2 work=$3 kernel=$4 functions=$5 active=$6 mode=$7 clang=$8 root=${9:-corpus}
read -r -a cflags <<< "${10:-}"
extent_args=()
[ -n "${11:-}" ] && extent_args=(--extent "${11}")
threads=${12:-2}
read -r -a adjoint_flags <<< "${13:-}"
harness=${14:-}
primal_included=false
[[ " ${adjoint_flags[*]} " == *" --include-primal "* ]] && primal_included=true
dir=$source/$root/$kernel
ext=c  # a C++ kernel (KERNEL.cpp, driver.cpp; CLANG is then clang++) has a C++ adjoint
[ -f "$dir/$kernel.cpp" ] && ext=cpp
archer=${ADRACE_ARCHER:?libarcher.so of the LLVM adrace is built with, set by CTest (tests/ad/CMakeLists.txt)}
[ -f "$archer" ] || { echo "FAIL: $archer missing"; exit 1; }
rm -rf "$work" && mkdir -p "$work" || exit 1
flags=(-g -O1 -fsanitize=thread -fopenmp "${cflags[@]}" -I"$source/runtime" -I"$dir")
objects=()
guards=0
for function in ${functions//,/ }; do
    # plain: the formad verdicts with every guard an atomic, which are then deleted
    guard=(--guard auto)
    [ "$mode" = plain ] && guard=(--guard atomic --no-gather)
    "$adrace" adjoint "$dir/$kernel.$ext" --function "$function" --active "$active" "${guard[@]}" "${extent_args[@]}" \
        "${adjoint_flags[@]}" -o "$work/${function}_b.$ext" || exit 1
    if [ "$mode" = plain ]; then
        guards=$((guards + $(grep -c '#pragma omp atomic' "$work/${function}_b.$ext")))
        sed -i '/#pragma omp atomic/d' "$work/${function}_b.$ext"
        # A dynamic or guided schedule may hand every iteration to one thread (the other still
        # starting up, on a loaded machine): static gives every thread iterations, and TSan orders
        # accesses by happens-before, not by timing, so one run always shows the race.
        sed -i -E 's/schedule\((dynamic|guided)[^)]*\)/schedule(static)/' "$work/${function}_b.$ext"
    fi
    "$clang" "${flags[@]}" -c "$work/${function}_b.$ext" -o "$work/${function}_b.o" || exit 1
    objects+=("$work/${function}_b.o")
done
[ "$mode" != plain ] || [ "$guards" -gt 0 ] || { echo "FAIL: no guard to remove"; exit 1; }
if [ -z "$harness" ]; then
    harness=$work/harness
    bash "$(dirname "$0")/corpus_harness.sh" "$source" "$harness" "$kernel" "$clang" "$root" "${10:-}" "${13:-}" thread || exit 1
fi
$primal_included || objects+=("$harness/primal.o")
"$clang" "${flags[@]}" -w "$harness/driver.o" "${objects[@]}" -o "$work/driver" -lm || exit 1
# history_size=7: the largest per-thread trace. TSan reports a race only when it can still restore
# the earlier access from its thread's trace; with the default size an unguarded adjoint's race went
# unreported under load in about 1 run of 10 (one thread far ahead of the other), with 7 in none of 64.
run_under_archer() {
    # The OpenMP runtime beside Archer (a machine may hold another LLVM's as the system libomp.so.5).
    TSAN_OPTIONS="ignore_noninstrumented_modules=1 exitcode=66 history_size=7" OMP_TOOL_LIBRARIES=$archer OMP_NUM_THREADS=$threads \
        LD_LIBRARY_PATH="$(dirname "$archer")${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" \
        "$work/driver" check > "$work/out.txt" 2>&1
    rc=$?
    races=$(grep -c "WARNING: ThreadSanitizer: data race" "$work/out.txt")
}
if [ "$mode" = plain ]; then
    # TSan sees a race only when two threads run conflicting iterations; on a loaded machine the
    # others may still be waking up for a whole run, so at least 4 threads, spinning between
    # regions, and up to 20 runs.
    [ "$threads" -ge 4 ] || threads=4
    export OMP_WAIT_POLICY=active
    for attempt in $(seq 1 20); do
        run_under_archer
        echo "run $attempt: exit $rc, $races race report(s)"
        [ "$races" -gt 0 ] && exit 0
    done
    echo "FAIL: the unguarded adjoint was not caught racing in 20 runs"
    exit 1
fi
run_under_archer
echo "exit $rc, $races race report(s)"
[ "$races" -eq 0 ] && [ "$rc" -eq 0 ] || { head -60 "$work/out.txt"; echo "FAIL: race reported or check failed"; exit 1; }
