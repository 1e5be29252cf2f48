/* RACY: the inner counter j is declared outside the loop (C89) and shared */
void f(int n, double *x, double *y)
{
    int i, j;
#pragma omp parallel for
    for (i = 0; i < n / 4; i++)
        for (j = 0; j < 4; j++)
            y[4 * i + j] = x[4 * i + j];
}
