// adrace-expect: race definite
// adrace-race: 8 evaluations
// A helper counts its calls in a file-scope variable: every iteration increments the one counter.
static long evaluations;

static double flux(double left, double right)
{
  evaluations++;
  return 0.5 * (left + right);
}

void fluxes(int n, double *restrict f, const double *restrict u)
{
  int i;
#pragma omp parallel for
  for (i = 0; i < n - 1; i++) f[i] = flux(u[i], u[i + 1]);
}
