// adrace-expect: race possible
// adrace-race: 8 p
// p and q are not restrict and may point into the same array (e.g. q == p): then p[i] races with q[i'+1]; unknown aliasing is unsafe.
void pointer_alias(int n, double *p, const double *q)
{
#pragma omp parallel for
  for (int i = 0; i < n - 1; i++)
    p[i] = q[i + 1];
}
