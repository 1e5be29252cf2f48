/* C++: a function template called in the loop */
template <typename T>
inline T squared(T v)
{
    return v * v;
}

void f(int n, double *x, double *y)
{
#pragma omp parallel for
    for (int i = 0; i < n; i++)
        y[i] = squared(x[i]) + 2.0 * x[i];
}
