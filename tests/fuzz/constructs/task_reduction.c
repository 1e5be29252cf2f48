/* taskgroup task_reduction with in_reduction */
void f(int n, double *x, double *y)
{
    double s = 0.0;
#pragma omp parallel
#pragma omp single
    {
#pragma omp taskgroup task_reduction(+: s)
        for (int i = 0; i < n; i++) {
#pragma omp task in_reduction(+: s)
            s += x[i] * x[i];
        }
    }
    y[0] = s;
}
