// adrace-expect: race-free
// Only even iterations execute the guarded statement; they write odd a[i+1] and read even a[i].
// Iteration 1 does not read a[1] because the read is inside the same if, so nothing collides.
void conditional_even(int n, double *a)
{
#pragma omp parallel for
  for (int i = 0; i < n - 1; i++)
    if (i % 2 == 0)
      a[i + 1] = a[i];
}
