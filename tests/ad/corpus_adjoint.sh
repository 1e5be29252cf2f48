#!/bin/bash
# End-to-end check of `adrace adjoint` on one corpus kernel, one strategy and one compiler:
# generate <function>_b for each function, compile it warning-free (-Wall -Werror -fopenmp) with the
# kernel and its driver, and run `driver check` (finite differences vs adjoint, relative error
# <= 1e-6) at OMP_NUM_THREADS=1, 2 and 4. The gcc builds run under AddressSanitizer: an adjoint that
# stores or reads outside an array (a `+= 0.0` where the primal read nothing) fails, even when the
# gradient it computes is right.
# usage: corpus_adjoint.sh ADRACE SOURCE_DIR WORK_DIR KERNEL STRATEGY CC FUNCTIONS ACTIVE [EXTENTS [ROOT [CFLAGS [ADJOINT_FLAGS [HARNESS_DIR]]]]]
# (STRATEGY: formad, atomic, reduction, serial, or formad-no-gather: formad with --no-gather.)
# (ROOT: the folder holding KERNEL/, relative to SOURCE_DIR; corpus by default. CFLAGS: flags for
# compiling the kernel, its adjoint and the driver, e.g. -DSMALL_DATASET; the adjoint is generated
# without them, as a user generates it once for every problem size. ADJOINT_FLAGS: more options of
# `adrace adjoint`; with --include-primal the adjoint's file includes the kernel's and is compiled in
# its place, so there is one function and no separate primal object. HARNESS_DIR: the primal and
# driver objects corpus_harness.sh compiled for this kernel and CC, shared by the strategies; without
# it they are compiled here, into WORK_DIR.)
set -u
adrace=$1 source=$2 work=$3 kernel=$4 strategy=$5 cc=$6 functions=$7 active=$8 extents=${9:-} root=${10:-corpus}
read -r -a cflags <<< "${11:-}"
read -r -a adjoint_flags <<< "${12:-}"
harness=${13:-}
primal_included=false
[[ " ${adjoint_flags[*]} " == *" --include-primal "* ]] && primal_included=true
dir=$source/$root/$kernel
# A C++ kernel (KERNEL.cpp with driver.cpp; CC is then a C++ compiler): its adjoint is C++ too.
ext=c
[ -f "$dir/$kernel.cpp" ] && ext=cpp
sanitize=()
case "$(basename "$cc")" in gcc* | g++*) sanitize=(-fsanitize=address -fno-omit-frame-pointer) ;; esac
export ASAN_OPTIONS=detect_leaks=0:abort_on_error=0
rm -rf "$work" && mkdir -p "$work" || exit 1
objects=()
for function in ${functions//,/ }; do
    extent_args=()
    [ -n "$extents" ] && extent_args=(--extent "$extents")
    strategy_args=(--strategy "$strategy")
    [ "$strategy" = formad-no-gather ] && strategy_args=(--strategy formad --no-gather)
    "$adrace" adjoint "$dir/$kernel.$ext" --function "$function" --active "$active" "${strategy_args[@]}" \
        "${extent_args[@]}" "${adjoint_flags[@]}" -o "$work/${function}_b.$ext" || { echo "FAIL: adrace adjoint exited $?"; exit 1; }
    "$cc" -O2 -Wall -Werror -fopenmp "${sanitize[@]}" "${cflags[@]}" -I"$source/runtime" -I"$dir" -c "$work/${function}_b.$ext" -o "$work/${function}_b.o" ||
        { echo "FAIL: $cc does not compile ${function}_b.$ext warning-free"; exit 1; }
    objects+=("$work/${function}_b.o")
done
if [ -z "$harness" ]; then
    harness=$work/harness
    bash "$(dirname "$0")/corpus_harness.sh" "$source" "$harness" "$kernel" "$cc" "$root" "${11:-}" "${12:-}" || exit 1
fi
if $primal_included; then
    [ "${#objects[@]}" -eq 1 ] || { echo "FAIL: --include-primal takes one function"; exit 1; }
else
    objects+=("$harness/primal.o")
fi
"$cc" -O2 -fopenmp -w "${sanitize[@]}" "${cflags[@]}" "$harness/driver.o" "${objects[@]}" -o "$work/driver" -lm || exit 1
status=0
for threads in 1 2 4; do
    OMP_NUM_THREADS=$threads OMP_DYNAMIC=false "$work/driver" check | sed "s/^/threads=$threads: /"
    [ "${PIPESTATUS[0]}" -eq 0 ] || status=1
done
exit $status
