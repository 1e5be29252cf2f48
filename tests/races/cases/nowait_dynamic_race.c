// adrace-expect: race definite
// adrace-race: 10 a
// With schedule(dynamic) there is no guarantee that iteration i of both loops runs on one thread, so nowait lets a[i] be read before it is written.
void nowait_dynamic(int n, double *restrict a, double *restrict c, const double *restrict b)
{
#pragma omp parallel
  {
#pragma omp for schedule(dynamic) nowait
    for (int i = 0; i < n; i++)
      a[i] = 2.0 * b[i];
#pragma omp for schedule(dynamic)
    for (int i = 0; i < n; i++)
      c[i] = a[i] + 1.0;
  }
}
