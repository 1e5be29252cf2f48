// adrace-expect: race possible
// adrace-race: 10 m
// The first test of m is outside the critical section and races with another iteration's write of m.
// Whether any write happens depends on the data (none if a[0] is the maximum), hence possible.
double max_doublecheck(int n, const double *a)
{
  double m = a[0];
#pragma omp parallel for
  for (int i = 1; i < n; i++) {
    if (a[i] > m) {
#pragma omp critical
      {
        if (a[i] > m)
          m = a[i];
      }
    }
  }
  return m;
}
