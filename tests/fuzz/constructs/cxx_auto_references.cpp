/* C++: auto locals and a reference to a scalar in the loop body */
void f(int n, double *x, double *y)
{
#pragma omp parallel for
    for (int i = 0; i < n; i++) {
        auto v = x[i];
        const double &w = x[i];
        y[i] = v * w + 1.0;
    }
}
