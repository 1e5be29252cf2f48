// adrace-expect: race-free
// 5-point 1-D stencil from a into b (restrict): a is only read, b[i] has one writer.
void stencil1d(int n, double *restrict b, const double *restrict a)
{
#pragma omp parallel for
  for (int i = 2; i < n - 2; i++)
    b[i] = (a[i - 2] + a[i - 1] + a[i] + a[i + 1] + a[i + 2]) / 5.0;
}
