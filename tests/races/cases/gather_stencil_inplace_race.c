// adrace-expect: race definite
// adrace-race: 9 u
// Race twin of gather_stencil: input and output are the same array u, so u[i-1] and u[i+1] are written by neighbours.
void gather_stencil_inplace(int n, double wl, double wc, double wr, double *u)
{
  int i;
#pragma omp parallel for
  for (i = 1; i < n - 1; i++)
    u[i] = wl * u[i - 1] + wc * u[i] + wr * u[i + 1];
}
