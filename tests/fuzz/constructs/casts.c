/* integer index arithmetic and casts */
void f(int n, double *x, double *y)
{
#pragma omp parallel for
    for (long i = 0; i < (long)n; i++)
        y[(int)i] = x[(unsigned)i] * (double)(i + 1);
}
