/* RACY: collapse(2) distributes j too, and every j of row i writes y[i] */
void f(int n, double *x, double *y)
{
#pragma omp parallel for collapse(2)
    for (int i = 0; i < n / 4; i++)
        for (int j = 0; j < 4; j++)
            y[i] = x[4 * i + j];
}
