/* atomic (implicit update) */
void f(int n, double *x, double *y)
{
#pragma omp parallel for
    for (int i = 0; i < n; i++) {
#pragma omp atomic
        y[i % 4] += x[i];
    }
}
