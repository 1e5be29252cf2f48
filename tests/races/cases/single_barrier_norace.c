// adrace-expect: race-free
// One thread writes scale in single; the implicit barrier at the end of single orders it before the loop's reads.
void single_barrier(int n, double *a)
{
  double scale = 0.0;
#pragma omp parallel shared(scale)
  {
#pragma omp single
    scale = 1.0 / (double)n;
#pragma omp for
    for (int i = 0; i < n; i++)
      a[i] = scale * a[i];
  }
}
