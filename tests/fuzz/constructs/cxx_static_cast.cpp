/* C++: static_cast of the counter in the body */
void f(int n, double *x, double *y)
{
#pragma omp parallel for
    for (int i = 0; i < n; i++)
        y[i] = static_cast<double>(i) * x[i] + x[i] * x[i];
}
