#!/usr/bin/env bash
# Installs the build tree into a fresh prefix, then configures, builds and runs the consumer
# project against it, as an AD tool outside this tree would.
# usage: run.sh CMAKE BUILD_DIR WORK_DIR GENERATOR C_COMPILER CXX_COMPILER
set -euo pipefail
cmake="$1" build="$2" work="$3" generator="$4" cc="$5" cxx="$6"
here="$(cd "$(dirname "$0")" && pwd)"

rm -rf "$work"
mkdir -p "$work"
"$cmake" --install "$build" --prefix "$work/prefix" > "$work/install.log"
"$cmake" -S "$here/consumer" -B "$work/consumer" -G "$generator" -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_C_COMPILER="$cc" -DCMAKE_PREFIX_PATH="$work/prefix" > "$work/configure.log"
"$cmake" --build "$work/consumer" > "$work/build.log"
"$work/consumer/adrace_consumer"
"$work/consumer/adrace_protocol_consumer"
# A tool that uses only <adrace/Protocol.h> does not link Clang.
if readelf -d "$work/consumer/adrace_protocol_consumer" | grep -q 'libclang-cpp'; then
  echo "FAIL: adrace_protocol_consumer links libclang-cpp"
  exit 1
fi
