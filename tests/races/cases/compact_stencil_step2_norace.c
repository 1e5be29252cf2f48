// adrace-expect: race-free
// Step-2 loop: iteration i updates unew[i] and unew[i-1]; other iterations are 2k apart, so their targets never coincide.
// uold is only read (restrict).
void compact_stencil(int n, int offset, double wl, double wc, double wr,
                     double *restrict unew, const double *restrict uold)
{
  int i;
#pragma omp parallel for
  for (i = 2 + offset; i < n - 1; i += 2) {
    unew[i] += wl * uold[i - 1];
    unew[i] += wc * uold[i];
    unew[i - 1] += wr * uold[i];
  }
}
