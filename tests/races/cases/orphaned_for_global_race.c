// adrace-expect: race definite
// adrace-race: 13 total
// An orphaned `omp for` that accumulates into a file-scope variable: file-scope variables are
// shared, so the update races.
#define N 100

double total;

static void accumulate(int n, const double *a)
{
  int i;
#pragma omp for
  for (i = 0; i < n; i++) total += a[i];
}

void accumulate_all(const double a[N])
{
#pragma omp parallel
  accumulate(N, a);
}
