/* C++: a lambda defined and called in the loop body */
void f(int n, double *x, double *y)
{
#pragma omp parallel for
    for (int i = 0; i < n; i++) {
        auto cube = [](double v) { return v * v * v; };
        y[i] = cube(x[i]);
    }
}
