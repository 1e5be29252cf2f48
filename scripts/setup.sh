#!/usr/bin/env bash
# Installs everything adrace needs on Debian bookworm (as root, or with sudo) and builds it into
# build/. Idempotent: a second run installs nothing new and rebuilds only what changed.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(
  clang-19 libclang-19-dev libclang-cpp19-dev llvm-19-dev   # front-end, linked as libclang-cpp
  libz3-dev z3                                              # the prover
  nlohmann-json3-dev libspdlog-dev                          # report output, logging
  libgtest-dev libbenchmark-dev                             # unit tests, micro-benchmarks
  libomp-19-dev libclang-rt-19-dev                          # OpenMP runtime, Archer/TSan for race tests
  cmake ninja-build gcc g++ make python3                    # build and test drivers
  clang-format-19                                           # the format test (scripts/check_format.sh)
  gnuplot-nox                                               # plots of scripts/bench_adjoint.sh
  libadolc-dev                                              # the ADOL-C peer of scripts/bench_adjoint.sh
)

missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if ((${#missing[@]})); then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -q
  $sudo apt-get install -y -q --no-install-recommends "${missing[@]}"
fi

build_type="${CMAKE_BUILD_TYPE:-Release}"
# A unity build (CMakeLists.txt, ADRACE_UNITY_BUILD): this first build is a cold one, and batching the
# sources roughly halves it (README.md, "Test time").
if [ ! -f build/build.ninja ]; then
  cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE="$build_type" \
    -DADRACE_WARNINGS_AS_ERRORS="${ADRACE_WARNINGS_AS_ERRORS:-OFF}" -DADRACE_UNITY_BUILD="${ADRACE_UNITY_BUILD:-ON}"
fi
cmake --build build -j "$(nproc)"
