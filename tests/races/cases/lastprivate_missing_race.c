// adrace-expect: race definite
// adrace-race: 10 last
// last is shared and written by every iteration (the intent was lastprivate).
int lastprivate_missing(int n, double *b, const double *a)
{
  int last = -1;
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    b[i] = 2.0 * a[i];
    last = i;
  }
  return last;
}
