// adrace-expect: race definite
// adrace-race: 10 scale
// master has no implied barrier: the master thread writes scale while the others already read it in the loop.
void master_nobarrier(int n, double *a)
{
  double scale = 0.0;
#pragma omp parallel shared(scale)
  {
#pragma omp master
    scale = 1.0 / (double)n;
#pragma omp for
    for (int i = 0; i < n; i++)
      a[i] = scale * a[i];
  }
}
