/* C++: std:: math functions from <cmath> */
#include <cmath>

void f(int n, double *x, double *y)
{
#pragma omp parallel for
    for (int i = 0; i < n; i++)
        y[i] = std::sqrt(1.0 + x[i] * x[i]) + std::exp(-x[i]);
}
