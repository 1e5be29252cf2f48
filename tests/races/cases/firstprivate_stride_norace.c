// adrace-expect: race-free
// cols is firstprivate: every thread's copy starts with the same value and the loop never writes
// it, so rows i and i' (i != i') never share an element of a.
void fill_rows(int rows, int cols, float *a)
{
  int i, j;
#pragma omp parallel for private(j) firstprivate(cols)
  for (i = 0; i < rows; i++)
    for (j = 0; j < cols; j++)
      a[i * cols + j] = (float)(i + j);
}
