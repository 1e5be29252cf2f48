#!/bin/bash
# `adrace adjoint` on calls it must refuse: exit 2, a file:line:col diagnostic
# naming the callee or the construct, and no output file.
# usage: cli_calls.sh ADRACE WORK_DIR
set -u
adrace=$1 work=$2
rm -rf "$work" && mkdir -p "$work" || exit 1
status=0

# refuses NAME ACTIVE EXPECTED: kernel.c in the work folder (function f) must be refused with EXPECTED.
refuses() {
    local name=$1 active=$2 expected=$3
    cp "$work/kernel.c" "$work/$name.c"
    "$adrace" adjoint "$work/$name.c" --function f --active "$active" -o "$work/$name.out.c" 2> "$work/$name.stderr"
    local rc=$?
    if [ $rc -ne 2 ]; then
        echo "FAIL $name: exit $rc, expected 2"; cat "$work/$name.stderr"; status=1
    elif ! grep -qF "$name.c:$expected" "$work/$name.stderr"; then
        echo "FAIL $name: expected '$name.c:$expected' in:"; cat "$work/$name.stderr"; status=1
    elif [ -e "$work/$name.out.c" ]; then
        echo "FAIL $name: an output file was written"; status=1
    else
        echo "ok $name: $(head -1 "$work/$name.stderr")"
    fi
}

cat > "$work/kernel.c" <<'C'
static double fall(double x) { return x > 1.0 ? fall(x - 1.0) : x; }
void f(int n, const double *x, double *y)
{
#pragma omp parallel for
    for (int i = 0; i < n; i++)
        y[i] = fall(x[i]);
}
C
refuses recursive x,y "6:16: error: unsupported: call to 'fall', which is recursive"

cat > "$work/kernel.c" <<'C'
static double odd(double x);
static double even(double x) { return x > 1.0 ? odd(x - 1.0) : x; }
static double odd(double x) { return x > 1.0 ? even(x - 1.0) : -x; }
void f(int n, const double *x, double *y)
{
    for (int i = 0; i < n; i++)
        y[i] = 2.0 * even(x[i]);
}
C
refuses mutual x,y "7:22: error: unsupported: call to 'even', which is recursive"

cat > "$work/kernel.c" <<'C'
double elsewhere(double x);
void f(int n, const double *x, double *y)
{
    for (int i = 0; i < n; i++)
        y[i] = elsewhere(x[i]);
}
C
refuses other_file x,y "5:16: error: unsupported: call to 'elsewhere', which is not defined in this file"

cat > "$work/kernel.c" <<'C'
static double cube(double x) { double s = x * x; return s * x; }
void f(int n, const double *x, double *y)
{
    for (int i = 0; i < n; i++)
        if (cube(x[i]) > 1.0) y[i] = x[i];
}
C
refuses statements_in_condition x,y "5:13: error: unsupported: call to helper 'cube', whose body has statements before its \`return\`, in a condition"

cat > "$work/kernel.c" <<'C'
static double cube(double x) { double s = x * x; return s * x; }
void f(int n, const double *x, double *y)
{
    for (int i = 0; i < n; i++)
        y[i] = x[i] < 0.0 ? 0.0 : cube(x[i]);
}
C
refuses statements_in_choice x,y "5:35: error: unsupported: call to helper 'cube', whose body has statements before its \`return\`, in an arm of ?:"

cat > "$work/kernel.c" <<'C'
static double fall(double x) { double y = x - 1.0; return y > 1.0 ? fall(y) : y; }
void f(int n, const double *x, double *y)
{
    for (int i = 0; i < n; i++)
        y[i] = fall(x[i]);
}
C
refuses statements_recursive x,y "5:16: error: unsupported: call to 'fall', which is recursive"

cat > "$work/kernel.c" <<'C'
static void total(const double *a, int m, double *sum) { int k = 0; while (k < m) *sum += a[k++]; }
void f(int n, const double *x, double *y)
{
    for (int i = 0; i < n; i++)
        total(&x[4 * i], 4, &y[i]);
}
C
refuses helper_while x,y "1:69: error: unsupported: a while loop in the body of helper 'total'"

cat > "$work/kernel.c" <<'C'
static double *slot(double *a, int i) { return a + 2 * i; }
void f(int n, const double *x, double *y)
{
    for (int i = 0; i < n; i++)
        *slot(y, i) = x[i];
}
C
refuses accessor_not_address x,y "5:9: error: unsupported: '*' on the result of helper 'slot', which does not return the address of an lvalue"

cat > "$work/kernel.c" <<'C'
static void advance(double *p, double v) { p = p + 1; *p = v; }
void f(int n, const double *x, double *y)
{
    for (int i = 0; i < n; i++)
        advance(&y[2 * i], x[i]);
}
C
refuses helper_moves_pointer x,y "1:44: error: unsupported: parameter 'p' of helper 'advance' used other than by its value"

cat > "$work/kernel.c" <<'C'
static void clip(double *v) { if (*v > 1.0) { *v = 1.0; return; } *v = 2.0 * *v; }
void f(int n, double *y)
{
    for (int i = 0; i < n; i++)
        clip(&y[i]);
}
C
refuses helper_early_return y "1:57: error: unsupported: return before the end in the body of helper 'clip'"

cat > "$work/kernel.c" <<'C'
#include <omp.h>
void f(int n, const double *x, double *y)
{
#pragma omp parallel for
    for (int i = 0; i < n; i++)
        y[i] = x[i] * omp_get_wtime();
}
C
refuses timer_partial x,y "6:23: error: unsupported: the value of omp_get_wtime() enters the derivative"

cat > "$work/kernel.c" <<'C'
#include <omp.h>
void f(int n, const double *x, double *y)
{
    double t = omp_get_wtime();
    for (int i = 0; i < n; i++)
        y[i] = x[i] * x[i] * t;
}
C
refuses timer_value x,y "4:16: error: unsupported: 't' holds the value of an OpenMP query or timer"

cat > "$work/kernel.c" <<'C'
#include <omp.h>
void f(int n, const double *x, double *y)
{
#pragma omp parallel for
    for (int i = 0; i < n; i++)
        y[i] = x[i];
    omp_set_num_threads(2);
#pragma omp parallel for
    for (int i = 0; i < n; i++)
        y[i] *= x[i];
}
C
refuses set_threads x,y "7:5: error: unsupported: omp_set_num_threads after a parallel loop"

cat > "$work/kernel.c" <<'C'
int f(int n, const double *x)
{
    int count = 0;
    for (int i = 0; i < n; i++)
        count += x[i] > 0.0;
    return count;
}
C
refuses int_result x "6:5: error: unsupported: an integer status computed at run time"

cat > "$work/kernel.c" <<'C'
const double *f(int n, const double *x)
{
    return x + n;
}
C
refuses pointer_result x "1:15: error: unsupported: function returning a value of type const double *"

cat > "$work/kernel.c" <<'C'
double *profile;
void f(int n, double *x)
{
#pragma omp parallel for
    for (int i = 0; i < n; i++)
        x[i] *= profile[i];
}
C
refuses active_global_pointer x,profile "6:17: error: unsupported: --active profile: a file-scope pointer has no adjoint array"

cat > "$work/kernel.c" <<'C'
double f(int n, const double *x)
{
    double s = 0.0;
    if (n <= 0)
        return 0.0;
    for (int i = 0; i < n; i++)
        s += x[i];
    return s;
}
C
refuses early_return x "5:9: error: unsupported: return before the end of the function"

# A status guard clause is differentiated (ad/StatusExits.h) only while its condition still has, where
# F_b returns, the value it had at the guard: here the loop writes n after it.
cat > "$work/kernel.c" <<'C'
int f(int n, double *x)
{
    if (n <= 0)
        return -1;
    for (; n > 0; n--)
        x[n - 1] *= x[n - 1];
    return 0;
}
C
refuses status_guard_written x "4:9: error: unsupported: return of a status before the end of the function: the function writes the parameter 'n' its condition reads"

cat > "$work/kernel.c" <<'C'
int f(int n, double *x)
{
    if (x[0] < 0.0)
        return 1;
    for (int i = 0; i < n; i++)
        x[i] *= x[i];
    return 0;
}
C
refuses status_guard_array x "4:9: error: unsupported: return of a status before the end of the function: its condition reads an element or a member, which the function may change"

cat > "$work/kernel.c" <<'C'
static double scale;
void f(int n, const double *x, double *y)
{
    for (int i = 0; i < n; i++)
        y[i] = scale * x[i];
}
C
refuses static_global x,y "5:16: error: unsupported: static file-scope variable 'scale'"

cat > "$work/kernel.c" <<'C'
int calls;
void f(int n, const double *x, double *y)
{
    for (int i = 0; i < n; i++)
        y[i] = 2.0 * x[i];
    calls += 1;
}
C
refuses active_int_global x,y,calls "6:5: error: unsupported: --active calls: not a floating-point variable"

exit $status
