// adrace-expect: race definite
// adrace-race: 8 a
// In-place 3-point smoothing: iteration i reads a[i-1] and a[i+1], written by its neighbours.
void stencil1d_inplace(int n, double *a)
{
#pragma omp parallel for
  for (int i = 1; i < n - 1; i++)
    a[i] = (a[i - 1] + a[i] + a[i + 1]) / 3.0;
}
