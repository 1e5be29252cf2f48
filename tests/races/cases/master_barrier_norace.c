// adrace-expect: race-free
// The explicit barrier after master orders the write of scale before every read in the loop.
void master_barrier(int n, double *a)
{
  double scale = 0.0;
#pragma omp parallel shared(scale)
  {
#pragma omp master
    scale = 1.0 / (double)n;
#pragma omp barrier
#pragma omp for
    for (int i = 0; i < n; i++)
      a[i] = scale * a[i];
  }
}
