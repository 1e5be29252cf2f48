// adrace-expect: race-free
// 3-point gather: reads uold[i-1..i+1], writes only unew[i] into a separate (restrict) output array.
void gather_stencil(int n, double wl, double wc, double wr,
                    double *restrict unew, const double *restrict uold)
{
  int i;
#pragma omp parallel for
  for (i = 1; i < n - 1; i++)
    unew[i] = wl * uold[i - 1] + wc * uold[i] + wr * uold[i + 1];
}
