// adrace-expect: race definite
// adrace-race: 8 a
// a[i % 16] is updated by iterations i and i+16 (for n > 16): two unsynchronised writes to one element.
void modulo_index(int n, double *a, const double *b)
{
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[i % 16] += b[i];
}
