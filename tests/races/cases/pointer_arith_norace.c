// adrace-expect: race-free
// Pointer-arithmetic form of a two-array stencil; y and x are restrict, and *(y + i) has one writer.
void pointer_arith(int n, double *restrict y, const double *restrict x)
{
#pragma omp parallel for
  for (int i = 0; i < n - 1; i++)
    *(y + i) = *(x + i) + *(x + i + 1);
}
