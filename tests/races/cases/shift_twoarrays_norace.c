// adrace-expect: race-free
// Shifted reads come from a, writes go to b (restrict, so no aliasing); each b[i] is written by one iteration.
void shift_twoarrays(int n, double *restrict b, const double *restrict a)
{
#pragma omp parallel for
  for (int i = 1; i < n - 1; i++)
    b[i] = a[i + 1] - a[i - 1];
}
