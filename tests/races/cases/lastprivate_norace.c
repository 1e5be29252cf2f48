// adrace-expect: race-free
// lastprivate(last) makes last private in the loop and copies out the value of the final iteration.
int lastprivate_clause(int n, double *restrict b, const double *restrict a)
{
  int last = -1;
#pragma omp parallel for lastprivate(last)
  for (int i = 0; i < n; i++) {
    b[i] = 2.0 * a[i];
    last = i;
  }
  return last;
}
