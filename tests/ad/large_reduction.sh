#!/bin/bash
# The reduction strategy on a large array (4M doubles, where gcc's reduction(+: x_b[:n]) on the
# stack crashes with default limits): the per-thread heap copies must run to completion at 4 threads.
# usage: large_reduction.sh ADRACE SOURCE_DIR WORK_DIR CC
set -u
adrace=$1 source=$2 work=$3 cc=$4
dir=$source/corpus/stencil_gather3
rm -rf "$work" && mkdir -p "$work" || exit 1
"$adrace" adjoint "$dir/stencil_gather3.c" --function stencil_gather3 --active uold,unew --strategy reduction \
    --extent uold=n -o "$work/stencil_gather3_b.c" || exit 1
grep -q "uold_b_copies" "$work/stencil_gather3_b.c" || { echo "FAIL: no per-thread copies"; exit 1; }
"$cc" -O2 -fopenmp -I"$source/runtime" -w "$dir/driver.c" "$dir/stencil_gather3.c" "$work/stencil_gather3_b.c" \
    -o "$work/driver" -lm || exit 1
OMP_NUM_THREADS=4 "$work/driver" time 4194304 1 || { echo "FAIL: the adjoint crashed"; exit 1; }
