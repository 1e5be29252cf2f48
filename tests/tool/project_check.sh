#!/bin/bash
# adrace over a whole CMake project, the two ways a user scales it out:
#  1. as the build's clang-tidy launcher (CMAKE_C_CLANG_TIDY="adrace;check"): a target whose file races
#     fails to build, with the race as a compiler-style warning; a clean target builds;
#  2. `adrace check -p BUILD` with no file: every source of compile_commands.json is checked.
# usage: project_check.sh ADRACE CMAKE GENERATOR C_COMPILER WORK_DIR
set -u
adrace=$1 cmake=$2 generator=$3 cc=$4 work=$5
here="$(cd "$(dirname "$0")" && pwd)"
rm -rf "$work" && mkdir -p "$work" || exit 1
fail() { echo "FAIL: $*"; exit 1; }

"$cmake" -S "$here/project" -B "$work/build" -G "$generator" -DCMAKE_C_COMPILER="$cc" \
    -DCMAKE_EXPORT_COMPILE_COMMANDS=ON -DCMAKE_C_CLANG_TIDY="$adrace;check" > "$work/configure.log" 2>&1 ||
    { cat "$work/configure.log"; fail "configure"; }

"$cmake" --build "$work/build" --target smoothing > "$work/clean.log" 2>&1 ||
    { cat "$work/clean.log"; fail "the race-free target does not build under adrace"; }
if "$cmake" --build "$work/build" --target statistics > "$work/racy.log" 2>&1; then
    cat "$work/racy.log"; fail "the racy target built: adrace did not stop it"
fi
grep -q "accumulate.c:8:[0-9]*: warning: data race on .*'total'" "$work/racy.log" ||
    { cat "$work/racy.log"; fail "no diagnostic for the race on 'total' in the build log"; }

"$adrace" check -p "$work/build" --format json > "$work/project.json" 2> "$work/project.err"
status=$?
[ "$status" -eq 1 ] || { cat "$work/project.err"; fail "check -p BUILD exited $status, expected 1 (a race)"; }
python3 - "$work/project.json" <<'PY' || exit 1
import json, sys
files = {f["file"].rsplit("/", 1)[-1]: f for f in json.load(open(sys.argv[1]))["files"]}
assert set(files) == {"smooth.c", "accumulate.c"}, f"checked {sorted(files)}, not both sources"
assert not [f for f in files["smooth.c"]["findings"] if f["certainty"] == "definite"], "smooth.c: false race"
assert any(f["variable"] == "total" for f in files["accumulate.c"]["findings"]), "accumulate.c: race missed"
PY
echo "ok: launcher stops the racy target, builds the clean one; check -p checks both sources"
