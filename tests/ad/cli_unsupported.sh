#!/bin/bash
# `adrace adjoint` on unsupported input: exit 2, a file:line:col diagnostic, and no output file.
# usage: cli_unsupported.sh ADRACE WORK_DIR
set -u
adrace=$1 work=$2
rm -rf "$work" && mkdir -p "$work" || exit 1
cat > "$work/kernel.c" <<'C'
double mystery(double);
void f(int n, double *x)
{
#pragma omp parallel for
    for (int i = 0; i < n; i++)
        x[i] = mystery(x[i]);
}
C
"$adrace" adjoint "$work/kernel.c" --function f --active x -o "$work/out.c" 2> "$work/stderr.txt"
rc=$?
cat "$work/stderr.txt"
[ $rc -eq 2 ] || { echo "FAIL: exit $rc, expected 2"; exit 1; }
grep -q "kernel.c:6:16: error: unsupported: call to 'mystery'" "$work/stderr.txt" || { echo "FAIL: diagnostic"; exit 1; }
[ ! -e "$work/out.c" ] || { echo "FAIL: an output file was written"; exit 1; }
"$adrace" adjoint "$work/kernel.c" --function f --active x --strategy fast 2> /dev/null
[ $? -eq 2 ] || { echo "FAIL: a bad --strategy must exit 2"; exit 1; }
echo ok
