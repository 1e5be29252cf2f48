/* C++: a std::vector scratch buffer filled in parallel, then reduced serially */
#include <vector>

void f(int n, double *x, double *y)
{
    std::vector<double> t(n);
#pragma omp parallel for
    for (int i = 0; i < n; i++)
        t[i] = x[i] * x[i];
    for (int i = 0; i < n; i++)
        y[i] = t[i] + 1.0;
}
