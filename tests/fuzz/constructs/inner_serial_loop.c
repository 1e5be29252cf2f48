/* inner sequential loop */
void f(int n, double *x, double *y)
{
#pragma omp parallel for
    for (int i = 0; i < n; i++) {
        double s = 0.0;
        for (int j = 0; j < 4; j++)
            s += x[i] * (j + 1);
        y[i] = s;
    }
}
