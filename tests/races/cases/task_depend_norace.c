// adrace-expect: unsupported
// Tasks ordered by depend(out)/depend(in) clauses; race-free at run time, but task dependences are
// outside what a worksharing-loop checker models, so it should say unsupported rather than guess.
void task_depend(int n, double *restrict a, double *restrict b)
{
#pragma omp parallel
#pragma omp single
  for (int i = 0; i < n; i++) {
#pragma omp task depend(out: a[i])
    a[i] = 2.0 * i;
#pragma omp task depend(in: a[i])
    b[i] = a[i] + 1.0;
  }
}
