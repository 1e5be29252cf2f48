// adrace-expect: race-free
// Per iteration, a producer task with depend(out: a[i]) and a consumer with depend(in: a[i]): each
// consumer waits for its own producer, and the tasks of different iterations touch different elements.
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
