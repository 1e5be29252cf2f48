// adrace-expect: race-free
// The step-2 loop visits even i only: it writes even elements and reads odd ones.
void step2_loop(int n, double *a)
{
  int i;
#pragma omp parallel for
  for (i = 0; i < n - 1; i += 2)
    a[i] = 2.0 * a[i + 1];
}
