/* atomic capture */
void f(int n, double *x, double *y)
{
#pragma omp parallel for
    for (int i = 0; i < n; i++) {
        double old;
#pragma omp atomic capture
        { old = y[n]; y[n] += x[i]; }
        y[i] = x[i] * 2.0;
        (void)old;
    }
}
