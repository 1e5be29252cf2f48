/* pointer arithmetic */
void f(int n, double *x, double *y)
{
#pragma omp parallel for
    for (int i = 0; i < n; i++) {
        double *p = y + i;
        *p = x[i] * x[i];
    }
}
