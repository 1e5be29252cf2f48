/* reduction(task, +) */
void f(int n, double *x, double *y)
{
    double s = 0.0;
#pragma omp parallel reduction(task, +: s)
    {
#pragma omp single
        {
#pragma omp task in_reduction(+: s)
            s += x[0];
        }
    }
    y[0] = s;
}
