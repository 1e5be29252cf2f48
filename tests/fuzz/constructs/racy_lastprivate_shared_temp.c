/* RACY: t is written by every iteration; lastprivate was forgotten */
void f(int n, double *x, double *y)
{
    double t = 0.0;
#pragma omp parallel for
    for (int i = 0; i < n; i++) {
        t = x[i] * x[i];
        y[i] = t;
    }
    y[n] = t;
}
