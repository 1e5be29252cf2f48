#!/bin/bash
# Per-thread adjoint copies of a float array have the adjoint's element type and
# shape. The smooth2d_float adjoint is generated with every strategy, built with AddressSanitizer,
# and checked exactly (the kernel is linear) at 1, 2 and 4 threads.
# usage: reduction_float.sh ADRACE SOURCE_DIR WORK_DIR CC
set -u
adrace=$1 source=$2 work=$3 cc=$4
dir=$source/tests/ad/kernels/smooth2d_float
rm -rf "$work" && mkdir -p "$work" || exit 1
flags=(-O1 -g -fopenmp -fsanitize=address -fno-omit-frame-pointer -I"$source/runtime")
status=0
for strategy in formad reduction atomic serial; do
    "$adrace" adjoint "$dir/smooth2d_float.c" --function smooth2d_float --active x,y --strategy "$strategy" \
        -o "$work/$strategy.c" || { echo "FAIL: adrace adjoint exited $? ($strategy)"; exit 1; }
    if [ "$strategy" = reduction ] && ! grep -q 'float (\*x_b)\[64\]' "$work/$strategy.c"; then
        echo "FAIL: the reduction copy of x_b is not a float (*)[64]"; status=1
    fi
    "$cc" "${flags[@]}" -Wall -Werror -c "$work/$strategy.c" -o "$work/$strategy.o" ||
        { echo "FAIL: $cc does not compile the $strategy adjoint warning-free"; exit 1; }
    "$cc" "${flags[@]}" -w "$dir/smooth2d_float.c" "$dir/driver.c" "$work/$strategy.o" -o "$work/driver-$strategy" -lm || exit 1
    for threads in 1 2 4; do
        OMP_NUM_THREADS=$threads OMP_DYNAMIC=false ASAN_OPTIONS=detect_leaks=0 "$work/driver-$strategy" |
            sed "s/^/$strategy threads=$threads: /"
        [ "${PIPESTATUS[0]}" -eq 0 ] || status=1
    done
done
exit $status
