#!/usr/bin/env bash
# Installs the build tree into a fresh prefix, then configures, builds and runs a consumer project
# against it, as an AD tool outside this tree would.
# MODE full: tests/install/consumer (adrace::analysis and adrace::protocol, C and C++).
# MODE protocol: tests/install/protocol_consumer, `project(tool CXX)` and
# find_package(adrace COMPONENTS protocol), with LLVM's and Clang's packages made unfindable.
# usage: run.sh CMAKE BUILD_DIR WORK_DIR GENERATOR C_COMPILER CXX_COMPILER [MODE]
set -euo pipefail
cmake="$1" build="$2" work="$3" generator="$4" cc="$5" cxx="$6" mode="${7:-full}"
here="$(cd "$(dirname "$0")" && pwd)"

rm -rf "$work"
mkdir -p "$work"
"$cmake" --install "$build" --prefix "$work/prefix" > "$work/install.log"
if [ "$mode" = protocol ]; then
  "$cmake" -S "$here/protocol_consumer" -B "$work/consumer" -G "$generator" -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_PREFIX_PATH="$work/prefix" \
    -DCMAKE_DISABLE_FIND_PACKAGE_LLVM=ON -DCMAKE_DISABLE_FIND_PACKAGE_Clang=ON > "$work/configure.log" 2>&1 ||
    { cat "$work/configure.log"; exit 1; }
  if grep -q "CMAKE_C_COMPILER" "$work/consumer/CMakeCache.txt"; then
    echo "FAIL: the C language was enabled"
    exit 1
  fi
else
  "$cmake" -S "$here/consumer" -B "$work/consumer" -G "$generator" -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_C_COMPILER="$cc" -DCMAKE_PREFIX_PATH="$work/prefix" > "$work/configure.log"
fi
"$cmake" --build "$work/consumer" > "$work/build.log"
[ "$mode" = protocol ] || "$work/consumer/adrace_consumer"
"$work/consumer/adrace_protocol_consumer"
# A tool that uses only <adrace/Protocol.h> does not link Clang.
if readelf -d "$work/consumer/adrace_protocol_consumer" | grep -q 'libclang-cpp'; then
  echo "FAIL: adrace_protocol_consumer links libclang-cpp"
  exit 1
fi
echo ok
