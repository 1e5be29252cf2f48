#!/bin/bash
# Gradient check of one ADOL-C peer (bench/adolc/KERNEL_b_adolc.cpp, see adolc_peer.hpp) in one mode
# (tape: tape on every call; reuse: tape once, zos_forward + fos_reverse after): built serially with the
# kernel and its corpus driver in place of the reference adjoint, warning-free, and `driver check`.
# usage: check.sh SOURCE_DIR WORK_DIR KERNEL tape|reuse CC CXX
set -u
source=$1 work=$2 kernel=$3 mode=$4 cc=$5 cxx=$6
defines=()
[ "$mode" = reuse ] && defines=(-DADOLC_PEER_REUSE_TAPE)
rm -rf "$work" && mkdir -p "$work" || exit 1
"$cxx" -O2 -std=c++17 -Wall -Wextra -Werror "${defines[@]}" -c "$source/bench/adolc/${kernel}_b_adolc.cpp" \
    -o "$work/adjoint.o" || { echo "FAIL: $cxx does not compile ${kernel}_b_adolc.cpp warning-free"; exit 1; }
"$cc" -O2 -w -c "$source/corpus/$kernel/$kernel.c" -o "$work/primal.o" || exit 1
"$cc" -O2 -w -c "$source/corpus/$kernel/driver.c" -o "$work/driver.o" || exit 1
"$cxx" "$work/primal.o" "$work/driver.o" "$work/adjoint.o" -ladolc -lm -o "$work/driver" || exit 1
cd "$work" && ./driver check # ADOL-C writes any tape files to the working directory
