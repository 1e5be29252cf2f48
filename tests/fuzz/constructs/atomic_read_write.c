/* atomic read and write of disjoint elements */
void f(int n, double *x, double *y)
{
#pragma omp parallel for
    for (int i = 0; i < n; i++) {
        double v;
#pragma omp atomic read
        v = x[i];
#pragma omp atomic write
        y[i] = v * v;
    }
}
