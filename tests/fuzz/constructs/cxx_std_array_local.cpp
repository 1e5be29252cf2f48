/* C++: a std::array of weights, local to each iteration, summed with a range-for */
#include <array>

void f(int n, double *x, double *y)
{
#pragma omp parallel for
    for (int i = 1; i < n - 1; i++) {
        std::array<double, 3> w{0.25, 0.5, 0.25};
        double s = 0.0;
        int k = -1;
        for (double c : w) {
            s += c * x[i + k];
            k++;
        }
        y[i] = s;
    }
}
