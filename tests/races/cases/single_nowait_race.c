// adrace-expect: race definite
// adrace-race: 10 scale
// single nowait drops the barrier, so other threads read scale in the loop while one thread writes it.
void single_nowait(int n, double *a)
{
  double scale = 0.0;
#pragma omp parallel shared(scale)
  {
#pragma omp single nowait
    scale = 1.0 / (double)n;
#pragma omp for
    for (int i = 0; i < n; i++)
      a[i] = scale * a[i];
  }
}
