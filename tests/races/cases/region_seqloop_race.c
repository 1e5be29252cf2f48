// adrace-expect: race definite
// adrace-race: 9 a
// The loop is not a worksharing loop: every thread runs all of it, so all threads write the same elements a[k].
void region_seqloop(int n, double *a)
{
#pragma omp parallel
  {
    for (int k = 0; k < n; k++)
      a[k] = 0.0;
  }
}
