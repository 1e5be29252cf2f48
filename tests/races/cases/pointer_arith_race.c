// adrace-expect: race definite
// adrace-race: 8 p
// *(p + i + 1) is written by iteration i and read as *(p + i) by iteration i+1.
void pointer_arith(int n, double *p)
{
#pragma omp parallel for
  for (int i = 0; i < n - 1; i++)
    *(p + i + 1) = 0.5 * *(p + i);
}
