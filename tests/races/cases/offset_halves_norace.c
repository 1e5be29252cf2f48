// adrace-expect: race-free
// i < n/2 bounds the writes to the lower half, reads a[i+n/2] are all >= n/2; the halves are disjoint.
void offset_halves(int n, double *a)
{
#pragma omp parallel for
  for (int i = 0; i < n / 2; i++)
    a[i] = a[i + n / 2];
}
