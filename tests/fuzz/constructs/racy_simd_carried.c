/* RACY: simd lanes run iterations i and i + 1 together, and i + 1 reads what i writes */
void f(int n, double *x, double *y)
{
#pragma omp simd
    for (int i = 0; i < n - 1; i++)
        y[i + 1] = y[i] + x[i];
}
