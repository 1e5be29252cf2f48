#!/bin/bash
# FileCheck golden test of the generated code's shape.
# usage: golden_check.sh ADRACE SOURCE_DIR CHECK_FILE KERNEL FUNCTION ACTIVE [EXTRA ARGS...]
set -u
adrace=$1 source=$2 check=$3 kernel=$4 function=$5 active=$6
shift 6
file=$source/corpus/$kernel/$kernel.c
[ -f "$file" ] || file=$source/tests/ad/kernels/$kernel/$kernel.c  # kernels written for the tests
[ -f "$file" ] || file=$source/tests/ad/kernels/$kernel/$kernel.cpp  # C++ ones
"$adrace" adjoint "$file" --function "$function" --active "$active" "$@" |
    "${ADRACE_FILECHECK:?FileCheck of the LLVM adrace is built with, set by CTest (tests/ad/CMakeLists.txt)}" "$check"
