#!/bin/bash
# The parts of a corpus kernel's check that do not depend on the adjoint: the primal (KERNEL.c) and
# the driver, compiled once per kernel and compiler into HARNESS_DIR (primal.o, driver.o) with the
# flags corpus_adjoint.sh links them with. CTest runs it as the fixture of the kernel's entries, so
# that the four or five strategies of a kernel share one compilation instead of repeating it
# (tests/ad/CMakeLists.txt); corpus_adjoint.sh runs it itself when it is given no HARNESS_DIR.
# usage: corpus_harness.sh SOURCE_DIR HARNESS_DIR KERNEL CC [ROOT [CFLAGS [ADJOINT_FLAGS [SANITIZER]]]]
# (the arguments of corpus_adjoint.sh of the same names; with --include-primal among ADJOINT_FLAGS the
# adjoint's file includes the kernel's, so there is no primal object. SANITIZER=thread: the objects
# tsan_adjoint.sh links, built with its flags, shared the same way by a kernel's two TSan entries.)
set -u
source=$1 harness=$2 kernel=$3 cc=$4 root=${5:-corpus}
read -r -a cflags <<< "${6:-}"
read -r -a adjoint_flags <<< "${7:-}"
sanitizer=${8:-}
dir=$source/$root/$kernel
ext=c
[ -f "$dir/$kernel.cpp" ] && ext=cpp
# The gcc builds run under AddressSanitizer (corpus_adjoint.sh says why); every object of one driver
# is built with the same flags.
flags=(-O2 -fopenmp -w)
case "$(basename "$cc")" in gcc* | g++*) flags+=(-fsanitize=address -fno-omit-frame-pointer) ;; esac
# tsan_adjoint.sh's flags for every object of its driver.
[ "$sanitizer" = thread ] && flags=(-g -O1 -fsanitize=thread -fopenmp -w -I"$source/runtime" -I"$dir")
rm -rf "$harness" && mkdir -p "$harness" || exit 1
if [[ " ${adjoint_flags[*]} " != *" --include-primal "* ]]; then
    "$cc" "${flags[@]}" "${cflags[@]}" -c "$dir/$kernel.$ext" -o "$harness/primal.o" ||
        { echo "FAIL: $cc does not compile $kernel.$ext"; exit 1; }
fi
"$cc" "${flags[@]}" "${cflags[@]}" -c "$dir/driver.$ext" -o "$harness/driver.o" ||
    { echo "FAIL: $cc does not compile driver.$ext"; exit 1; }
