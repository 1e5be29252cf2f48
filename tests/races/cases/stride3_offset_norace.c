// adrace-expect: race-free
// Write index 3i is 0 mod 3, reads are 1 and 2 mod 3; no other iteration touches a[3i].
void stride3_offset(int n, double *a)
{
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[3 * i] = a[3 * i + 1] + a[3 * i + 2];
}
