// adrace-expect: race definite
// adrace-race: 9 scale
// Every thread writes the shared scale before the loop while other threads may already read it inside the loop.
void region_shared_write(int n, double *a)
{
  double scale;
#pragma omp parallel
  {
    scale = 2.0;
#pragma omp for
    for (int i = 0; i < n; i++)
      a[i] = scale * a[i];
  }
}
