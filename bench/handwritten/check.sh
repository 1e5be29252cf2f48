#!/bin/bash
# Gradient check of one hand-written parallel adjoint (bench/handwritten/KERNEL_b_parallel.c): built with
# the kernel and its corpus driver in place of the reference adjoint, warning-free (-Wall -Werror), and
# `driver check` (finite differences vs adjoint, relative error <= 1e-6) at OMP_NUM_THREADS=1, 2 and 4.
# usage: check.sh SOURCE_DIR WORK_DIR KERNEL CC
set -u
source=$1 work=$2 kernel=$3 cc=$4
rm -rf "$work" && mkdir -p "$work" || exit 1
"$cc" -O2 -Wall -Werror -fopenmp -c "$source/bench/handwritten/${kernel}_b_parallel.c" -o "$work/adjoint.o" ||
    { echo "FAIL: $cc does not compile ${kernel}_b_parallel.c warning-free"; exit 1; }
"$cc" -O2 -fopenmp -w "$source/corpus/$kernel/$kernel.c" "$source/corpus/$kernel/driver.c" "$work/adjoint.o" -lm \
    -o "$work/driver" || exit 1
status=0
for threads in 1 2 4; do
    OMP_NUM_THREADS=$threads "$work/driver" check | sed "s/^/threads=$threads: /"
    [ "${PIPESTATUS[0]}" -eq 0 ] || status=1
done
exit $status
