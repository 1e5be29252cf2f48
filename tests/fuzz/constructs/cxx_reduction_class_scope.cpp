/* C++: a reduction inside a function in a namespace, called by f */
namespace solver {
double dot(int n, const double *a, const double *b)
{
    double s = 0.0;
#pragma omp parallel for reduction(+ : s)
    for (int i = 0; i < n; i++)
        s += a[i] * b[i];
    return s;
}
}  // namespace solver

void f(int n, double *x, double *y)
{
    y[0] = solver::dot(n, x, x);
}
