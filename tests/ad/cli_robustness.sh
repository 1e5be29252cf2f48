#!/bin/bash
# `adrace adjoint` on constructs it must refuse cleanly (exit 2, file:line:col, no output file) or
# handle: each MODE is one CTest test named after what it guards.
#   unknown-directives      atomic read, write and capture, critical with a hint: refused at the
#                           clause (an atomic update is differentiated); masked, parallel sections,
#                           tile, unroll: refused at the directive, never a crash; master in a loop
#                           body is Clang's error
#   conditional-lastprivate lastprivate(conditional: a): refused at the clause
#   firstprivate-lastprivate  one variable both firstprivate and lastprivate: refused at it
#   racy-primal             a loop that definitely races: refused at the race; --allow-racy-primal
#                           writes it with a warning naming the race, and -q drops that warning
#   cxx-functions           extern "C" functions and those of named namespaces are differentiated; functions
#                           of an anonymous namespace, methods, static members and templates are refused
#                           at their definition
#   cxx-struct-assignment   a whole-struct assignment is refused at the assignment
#   cxx-namespace-const     a namespace-scope const (internal linkage in C++) is repeated, not extern
#   gather-verdict          analyze reports the verdict the adjoint writes (gather, with its guard)
#   logging                 -v logs in check and adjoint; --help names exit code 3
# usage: cli_robustness.sh MODE ADRACE WORK_DIR CC CXX
set -u
mode=$1 adrace=$2 work=$3 cc=$4 cxx=$5
runtime="$(cd "$(dirname "$0")/../../runtime" && pwd)"
rm -rf "$work" && mkdir -p "$work" || exit 1
fail() { echo "FAIL: $*"; exit 1; }
# expect_refusal FILE LOCATION PATTERN ARGS...: exit 2, "FILE:LOCATION: error: " and PATTERN on
# stderr, nothing on stdout, no -o file
expect_refusal() {
    local file=$1 location=$2 pattern=$3
    shift 3
    local name
    name=$(basename "$file")
    "$adrace" adjoint "$work/$file" -o "$work/$name.out.c" "$@" > "$work/$name.stdout" 2> "$work/$name.stderr"
    local rc=$?
    cat "$work/$name.stderr"
    [ $rc -eq 2 ] || fail "$name: exit $rc, expected 2"
    grep -q -F -- "$name:$location: error: " "$work/$name.stderr" || fail "$name: no error at $location"
    grep -q -- "$pattern" "$work/$name.stderr" || fail "$name: no diagnostic matching '$pattern'"
    [ ! -s "$work/$name.stdout" ] || fail "$name: output on stdout"
    [ ! -e "$work/$name.out.c" ] || fail "$name: an output file was written"
}
case $mode in
unknown-directives)
    cat > "$work/atomic_update.c" <<'C'
void dot(int n, const double *a, const double *b, double *s)
{
#pragma omp parallel for
    for (int i = 0; i < n; i++) {
#pragma omp atomic
        s[0] += a[i] * b[i];
    }
}
C
    "$adrace" adjoint "$work/atomic_update.c" --function dot --active a,b,s -o "$work/atomic_update_b.c" ||
        fail "atomic_update.c: an atomic update is differentiated (ad/ExclusiveUpdates.h)"
    "$cc" -Wall -Werror -fopenmp -I"$runtime" -c "$work/atomic_update_b.c" -o "$work/atomic_update_b.o" ||
        fail "atomic_update_b.c does not compile warning-free"
    cat > "$work/atomic_forms.c" <<'C'
void forms(int n, double *a, double *s)
{
    int i;
    double v, old;
#pragma omp parallel for private(v, old)
    for (i = 0; i < n; i++) {
#pragma omp atomic read
        v = s[0];
#pragma omp atomic write
        s[1] = a[i];
#pragma omp atomic capture
        { old = s[2]; s[2] += a[i]; }
        a[i] = v * old;
    }
}
C
    expect_refusal atomic_forms.c 7:20 "clause 'read' on omp atomic" --function forms --active a,s
    cat > "$work/critical.c" <<'C'
#include <omp.h>
void sumsq(int n, const float *a, float *s)
{
#pragma omp parallel for
    for (int i = 0; i < n; i++) {
#pragma omp critical(acc) hint(omp_sync_hint_contended)
        s[0] += a[i] * a[i];
    }
}
C
    expect_refusal critical.c 6:27 "clause 'hint' on omp critical" --function sumsq --active a,s
    cat > "$work/masked.c" <<'C'
void scale(int n, double *a)
{
#pragma omp parallel
    {
#pragma omp masked
        a[0] = 2.0 * a[0];
    }
}
C
    expect_refusal masked.c 5:1 "OpenMP directive 'masked'" --function scale --active a
    cat > "$work/sections.c" <<'C'
void squares(double *a, double *b)
{
#pragma omp parallel sections
    {
#pragma omp section
        a[0] = a[0] * a[0];
#pragma omp section
        b[0] = b[0] * b[0];
    }
}
C
    expect_refusal sections.c 3:1 "OpenMP directive 'parallel sections'" --function squares --active a,b
    cat > "$work/tile.c" <<'C'
#define NB 16
void tiled(int n, double *a)
{
    int i, j;
#pragma omp parallel for private(j)
    for (i = 0; i < n; i++) {
#pragma omp tile sizes(4)
        for (j = 0; j < NB; j++)
            a[i * NB + j] = a[i * NB + j] * a[i * NB + j];
    }
}
C
    expect_refusal tile.c 7:1 "OpenMP directive 'tile'" --function tiled --active a -- -fopenmp-version=51
    cat > "$work/unroll.c" <<'C'
void unrolled(int n, double *a)
{
#pragma omp unroll partial(2)
    for (int i = 0; i < n; i++)
        a[i] = a[i] * a[i];
}
C
    expect_refusal unroll.c 3:1 "OpenMP directive 'unroll'" --function unrolled --active a -- -fopenmp-version=51
    cat > "$work/master_in_loop.c" <<'C'
void logged(int n, double *a, double *last)
{
#pragma omp parallel for
    for (int i = 0; i < n; i++) {
        a[i] = a[i] * a[i];
#pragma omp master
        last[0] = a[i];
    }
}
C
    expect_refusal master_in_loop.c 6:1 "cannot be closely nested" --function logged --active a,last
    ;;
conditional-lastprivate)
    cat > "$work/conditional.c" <<'C'
void last_positive(int n, const double *x, double *out)
{
    double a = 0.0;
#pragma omp parallel for lastprivate(conditional: a)
    for (int i = 0; i < n; i++)
        if (x[i] > 0.0)
            a = x[i] * x[i];
    out[0] = a;
}
C
    expect_refusal conditional.c 4:26 "lastprivate(conditional: ...)" --function last_positive --active x,out
    ;;
firstprivate-lastprivate)
    cat > "$work/both.c" <<'C'
void carry(int n, const double *x, double *y, double *out)
{
    double a = 1.0;
#pragma omp parallel for firstprivate(a) lastprivate(a)
    for (int i = 0; i < n; i++) {
        a = a * 0.5 + x[i];
        y[i] = a * x[i];
    }
    out[0] = a;
}
C
    expect_refusal both.c 4:54 "'a' both firstprivate and lastprivate" --function carry --active x,y,out
    ;;
racy-primal)
    cat > "$work/racy.c" <<'C'
void smooth(int n, double *u)
{
    int i;
#pragma omp parallel for
    for (i = 1; i < n; i++)
        u[i] = 0.5 * (u[i] + u[i - 1]);
}
C
    expect_refusal racy.c 6:9 "the primal races: data race on 'u'" --function smooth --active u
    grep -q -- "--allow-racy-primal" "$work/racy.c.stderr" || fail "the refusal does not name --allow-racy-primal"
    "$adrace" adjoint "$work/racy.c" --function smooth --active u --allow-racy-primal -o "$work/racy_b.c" 2> "$work/allowed.stderr"
    rc=$?
    cat "$work/allowed.stderr"
    [ $rc -eq 0 ] || fail "--allow-racy-primal: exit $rc"
    grep -q "racy.c:6:[0-9]*: warning: the primal races" "$work/allowed.stderr" || fail "--allow-racy-primal: no warning naming the race"
    [ -s "$work/racy_b.c" ] || fail "--allow-racy-primal: no output"
    "$adrace" adjoint "$work/racy.c" --function smooth --active u --allow-racy-primal -q -o "$work/quiet_b.c" 2> "$work/quiet.stderr"
    [ $? -eq 0 ] || fail "-q: exit $?"
    [ ! -s "$work/quiet.stderr" ] || { cat "$work/quiet.stderr"; fail "-q printed a warning"; }
    # the same loop without the race is differentiated
    sed 's/u\[i\] + u\[i - 1\]/u[i] * u[i]/' "$work/racy.c" > "$work/fixed.c"
    "$adrace" adjoint "$work/fixed.c" --function smooth --active u -o "$work/fixed_b.c" || fail "race-free twin: exit $?"
    ;;
cxx-functions)
    cat > "$work/linkage.cpp" <<'C'
extern "C" void scale_c(int n, double *x)
{
#pragma omp parallel for
    for (int i = 0; i < n; i++)
        x[i] = x[i] * x[i];
}
namespace solver {
void relax(int n, double *x)
{
    for (int i = 0; i < n; i++)
        x[i] = x[i] * x[i];
}
}
struct Grid {
    double *u;
    void sweep(int n)
    {
        for (int i = 0; i < n; i++)
            u[i] = u[i] * u[i];
    }
    static void fill(int n, double *x)
    {
        for (int i = 0; i < n; i++)
            x[i] = x[i] * 2.0;
    }
};
template <typename T>
void square(int n, T *x)
{
    for (int i = 0; i < n; i++)
        x[i] = x[i] * x[i];
}
void use(int n, double *x) { square(n, x); }
namespace {
void hidden(int n, double *x)
{
    for (int i = 0; i < n; i++)
        x[i] = x[i] * x[i];
}
}
C
    "$adrace" adjoint "$work/linkage.cpp" --function scale_c --active x -o "$work/scale_c_b.c" || fail "extern \"C\": exit $?"
    grep -q "void scale_c_b(int n, double \*x, double \*x_b)" "$work/scale_c_b.c" || fail "extern \"C\": no scale_c_b"
    # (the file repeats the input's C++ types: compiled as C++, as the input is)
    "$cxx" -x c++ -fsyntax-only -Wall -Werror -fopenmp -I"$runtime" "$work/scale_c_b.c" || fail "extern \"C\": the adjoint does not compile"
    # a named namespace's function: its adjoint is written in the same namespace
    "$adrace" adjoint "$work/linkage.cpp" --function solver::relax --active x -o "$work/relax_b.cpp" || fail "namespace: exit $?"
    grep -q "^namespace solver {" "$work/relax_b.cpp" || fail "namespace: relax_b is not in namespace solver"
    grep -q "void relax_b(int n, double \*x, double \*x_b)" "$work/relax_b.cpp" || fail "namespace: no relax_b"
    "$cxx" -fsyntax-only -Wall -Werror -fopenmp -I"$runtime" "$work/relax_b.cpp" || fail "namespace: the adjoint does not compile"
    expect_refusal linkage.cpp 35:6 "'(anonymous namespace)::hidden': functions in an anonymous namespace" --function hidden --active x
    expect_refusal linkage.cpp 16:10 "'Grid::sweep': methods are not supported" --function sweep --active u
    expect_refusal linkage.cpp 21:17 "'Grid::fill': static member functions are not supported" --function Grid::fill --active x
    expect_refusal linkage.cpp 28:6 "'square': function templates are not supported" --function square --active x
    ;;
cxx-struct-assignment)
    cat > "$work/whole.cpp" <<'C'
struct point {
    double x, y;
};
void copy_points(int n, point *p, const point *q)
{
    for (int i = 0; i < n; i++)
        p[i] = q[i];
}
C
    expect_refusal whole.cpp 7:9 "assignment of a whole struct ('point')" --function copy_points --active p,q
    grep -q "operator=" "$work/whole.cpp.stderr" && fail "the diagnostic names operator="
    ;;
cxx-namespace-const)
    cat > "$work/constants.cpp" <<'C'
const double k = 0.25;
extern "C" void damp(int n, double *x)
{
#pragma omp parallel for
    for (int i = 0; i < n; i++)
        x[i] = x[i] - k * x[i] * x[i];
}
C
    "$adrace" adjoint "$work/constants.cpp" --function damp --active x -o "$work/damp_b.cpp" || fail "exit $?"
    cat "$work/damp_b.cpp"
    grep -q "extern const double k" "$work/damp_b.cpp" && fail "k is declared extern (internal linkage in C++)"
    grep -q "static const double k = 0.25;" "$work/damp_b.cpp" || fail "k is not repeated"
    # the primal and its adjoint, both C++, link into one program
    cat > "$work/main.cpp" <<'C'
extern "C" void damp(int n, double *x);
extern "C" void damp_b(int n, double *x, double *x_b);
int main() { double x[4] = {1, 2, 3, 4}, x_b[4] = {1, 1, 1, 1}; damp(4, x); damp_b(4, x, x_b); return 0; }
C
    sed -i 's/^void damp_b/extern "C" void damp_b/' "$work/damp_b.cpp"
    "$cxx" -fopenmp -I"$runtime" "$work/constants.cpp" "$work/damp_b.cpp" "$work/main.cpp" -o "$work/linked" || fail "does not link"
    ;;
gather-verdict)
    cat > "$work/five_point.c" <<'C'
void five_point(int n, int m, const double *u, double *v)
{
    int i, j;
#pragma omp parallel for private(j)
    for (i = 1; i < n - 1; i++)
        for (j = 1; j < m - 1; j++)
            v[i * m + j] = u[i * m + j] - 0.25 * (u[(i - 1) * m + j] + u[(i + 1) * m + j] + u[i * m + j - 1] + u[i * m + j + 1]);
}
C
    verdict_of() {  # the reported verdict and guard of u_b
        python3 -c 'import json, sys
for a in json.load(sys.stdin)["files"][0]["loops"][0]["analysis"]["arrays"]:
    if a["adjoint"] == "u_b": print(a["verdict"], a.get("guard", "-"))'
    }
    got=$("$adrace" analyze --format json "$work/five_point.c" | verdict_of)
    echo "analyze: u_b $got"
    [ "$got" = "gather atomic" ] || fail "analyze reports u_b as '$got', expected 'gather atomic'"
    "$adrace" adjoint "$work/five_point.c" --function five_point --active u,v -o "$work/gather_b.c" || fail "adjoint: exit $?"
    grep -q "u_b as a gather" "$work/gather_b.c" || fail "the adjoint writes no gather"
    grep -q "#pragma omp atomic" "$work/gather_b.c" && fail "the gathered adjoint has atomics"
    got=$("$adrace" analyze --format json --no-gather "$work/five_point.c" | verdict_of)
    echo "analyze --no-gather: u_b $got"
    [ "$got" = "atomic -" ] || fail "analyze --no-gather reports u_b as '$got', expected 'atomic'"
    "$adrace" adjoint "$work/five_point.c" --function five_point --active u,v --no-gather -o "$work/scatter_b.c" || fail "exit $?"
    grep -q "#pragma omp atomic" "$work/scatter_b.c" || fail "--no-gather: no atomic"
    ;;
logging)
    cat > "$work/plain.c" <<'C'
void square(int n, double *x)
{
#pragma omp parallel for
    for (int i = 0; i < n; i++)
        x[i] = x[i] * x[i];
}
C
    "$adrace" check -v "$work/plain.c" > /dev/null 2> "$work/check.stderr" || fail "check: exit $?"
    cat "$work/check.stderr"
    grep -q "adrace: debug: checking loop" "$work/check.stderr" || fail "check -v logs nothing"
    "$adrace" adjoint -v "$work/plain.c" --function square --active x -o "$work/square_b.c" 2> "$work/adjoint.stderr" || fail "adjoint: exit $?"
    cat "$work/adjoint.stderr"
    grep -q "adrace: debug: differentiating square" "$work/adjoint.stderr" || fail "adjoint -v logs nothing"
    grep -q "adrace: debug: parallel loop at line 3: x_b shared" "$work/adjoint.stderr" || fail "adjoint -v logs no verdict"
    "$adrace" --help | grep -q "3 could not analyse or check" || fail "--help omits exit code 3"
    "$adrace" analyze --help | grep -q "3: some loop or construct" || fail "analyze --help omits exit code 3"
    ;;
*)
    fail "unknown mode $mode"
    ;;
esac
echo ok
