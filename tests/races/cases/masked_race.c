// adrace-expect: race definite
// adrace-race: 10 scale
// masked, like master, has no implied barrier: thread 0 writes scale while the other threads read it in the loop.
void masked_nobarrier(int n, double *a)
{
  double scale = 0.0;
#pragma omp parallel shared(scale)
  {
#pragma omp masked
    scale = 1.0 / (double)n;
#pragma omp for
    for (int i = 0; i < n; i++)
      a[i] = scale * a[i];
  }
}
