// adrace-expect: race definite
// adrace-race: 12 unew
// Same scatter with step 1: iteration i updates unew[i-1], which iteration i-1 updates as its unew[i].
void compact_stencil(int n, double wl, double wc, double wr,
                     double *restrict unew, const double *restrict uold)
{
  int i;
#pragma omp parallel for
  for (i = 2; i < n - 1; i++) {
    unew[i] += wl * uold[i - 1];
    unew[i] += wc * uold[i];
    unew[i - 1] += wr * uold[i];
  }
}
