/* private local array in the body */
void f(int n, double *x, double *y)
{
#pragma omp parallel for
    for (int i = 0; i < n; i++) {
        double t[3];
        t[0] = x[i];
        t[1] = t[0] * x[i];
        t[2] = t[1] * x[i];
        y[i] = t[0] + t[1] + t[2];
    }
}
