#!/bin/bash
# `adrace adjoint` on input it must refuse or rename around: each MODE is one
# CTest test named after what it guards.
#   names            generated names never clash with the input's: x_b taken -> x_b2, a local `adj`,
#                    a non-ASCII parameter keeps its _b; the output compiles warning-free
#   reserved-prefix  an input identifier starting with adrace_ is refused (exit 2)
#   private-pointer  private/firstprivate/lastprivate on an active pointer parameter: exit 2 with the location
#   extent           --extent values that are not index expressions: exit 2, no output file
#   active-required  --active missing or empty: exit 2
# usage: cli_input.sh MODE ADRACE WORK_DIR CC
set -u
mode=$1 adrace=$2 work=$3 cc=$4
rm -rf "$work" && mkdir -p "$work" || exit 1
fail() { echo "FAIL: $*"; exit 1; }
# expect_refusal NAME PATTERN ARGS...: exit 2, PATTERN on stderr, nothing on stdout, no -o file
expect_refusal() {
    local name=$1 pattern=$2
    shift 2
    "$adrace" adjoint "$@" -o "$work/$name.out.c" > "$work/$name.stdout" 2> "$work/$name.stderr"
    local rc=$?
    cat "$work/$name.stderr"
    [ $rc -eq 2 ] || fail "$name: exit $rc, expected 2"
    grep -q -- "$pattern" "$work/$name.stderr" || fail "$name: no diagnostic matching '$pattern'"
    [ ! -s "$work/$name.stdout" ] || fail "$name: output on stdout"
    [ ! -e "$work/$name.out.c" ] || fail "$name: an output file was written"
}
compiles() {
    "$cc" -fsyntax-only -Wall -Wextra -Werror -fopenmp -I"$(dirname "$0")/../../runtime" "$1" || fail "$1 does not compile warning-free"
}
case $mode in
names)
    cat > "$work/taken.c" <<'C'
void taken(int n, double *x, double *x_b)
{
    for (int i = 0; i < n; i++) {
        double adj = x[i];
        x_b[i] = x_b[i] * adj;
        x[i] = x[i] * x[i] + adj;
    }
}
C
    "$adrace" adjoint "$work/taken.c" --function taken --active x -o "$work/taken_b.c" || fail "taken: exit $?"
    cat "$work/taken_b.c"
    grep -q 'void taken_b(int n, double \*x, double \*x_b2, double \*x_b)' "$work/taken_b.c" || fail "x_b is taken: expected x_b2"
    grep -q 'double adj2 = ' "$work/taken_b.c" || fail "the local adj is taken: expected adj2"
    compiles "$work/taken_b.c"
    printf 'void unicode(int n, double *\xce\xb1)\n{\n    for (int i = 0; i < n; i++)\n        \xce\xb1[i] = \xce\xb1[i] * \xce\xb1[i];\n}\n' > "$work/unicode.c"
    "$adrace" adjoint "$work/unicode.c" --function unicode --active $'\xce\xb1' -o "$work/unicode_b.c" || fail "unicode: exit $?"
    cat "$work/unicode_b.c"
    grep -q $'double \\*\xce\xb1, double \\*\xce\xb1_b)' "$work/unicode_b.c" || fail "the adjoint of a non-ASCII parameter lost its _b"
    compiles "$work/unicode_b.c"
    ;;
reserved-prefix)
    cat > "$work/reserved.c" <<'C'
void reserved(int n, double *x)
{
    for (int adrace_k = 0; adrace_k < n; adrace_k++)
        x[adrace_k] = x[adrace_k] * x[adrace_k];
}
C
    expect_refusal reserved "reserved.c:3:14: error: unsupported: 'adrace_k': names starting with adrace_" \
        "$work/reserved.c" --function reserved --active x
    ;;
private-pointer)
    for clause in private firstprivate lastprivate; do
        cat > "$work/$clause.c" <<C
void f(int n, const double *x, double *y)
{
#pragma omp parallel for $clause(y)
    for (int i = 0; i < n; i++)
        y[0] = 2.0 * x[i];
}
C
        expect_refusal "$clause" "$clause.c:3:[0-9]*: error: unsupported: $clause(y) on the active pointer 'y'" \
            "$work/$clause.c" --function f --active x,y
    done
    ;;
extent)
    cat > "$work/gather.c" <<'C'
#define PAD 7
void gather(int n, const int *idx, const double *x, double *y)
{
#pragma omp parallel for
    for (int i = 0; i < n; i++)
        y[i] = x[idx[i]];
}
C
    expect_refusal parens "--extent x=((: not an index expression" "$work/gather.c" --function gather --active x,y \
        --strategy reduction --extent 'x=(('
    expect_refusal injected "not an index expression" "$work/gather.c" --function gather --active x,y \
        --strategy reduction --extent 'x=n+0*system("echo injected")'
    expect_refusal unknown "not an index expression" "$work/gather.c" --function gather --active x,y \
        --strategy reduction --extent 'x=m+1'
    expect_refusal no-array "--extent z: no array 'z'" "$work/gather.c" --function gather --active x,y \
        --strategy reduction --extent 'z=n'
    "$adrace" adjoint "$work/gather.c" --function gather --active x,y --strategy reduction --extent 'x=n+PAD,y=n' \
        -o "$work/gather_b.c" || fail "a valid extent: exit $?"
    grep -q 'adrace_reduction_stride(n + PAD, sizeof(double))' "$work/gather_b.c" || fail "the extent n + PAD is not printed from its tree"
    compiles "$work/gather_b.c"
    ;;
active-required)
    printf 'void f(int n, double *x)\n{\n    for (int i = 0; i < n; i++)\n        x[i] = x[i] * x[i];\n}\n' > "$work/f.c"
    expect_refusal missing "--active P\[,P...\] is required" "$work/f.c" --function f
    expect_refusal empty "--active P\[,P...\] is required" "$work/f.c" --function f --active ''
    expect_refusal commas "--active P\[,P...\] is required" "$work/f.c" --function f --active ','
    ;;
*) fail "unknown mode $mode" ;;
esac
echo ok
