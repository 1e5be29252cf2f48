/* taskloop simd */
void f(int n, double *x, double *y)
{
#pragma omp parallel
#pragma omp single
#pragma omp taskloop simd num_tasks(4)
    for (int i = 0; i < n; i++)
        y[i] = x[i] + 1.0;
}
