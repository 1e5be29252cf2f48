/* C++: a constant of a namespace and a constexpr scale */
namespace physics {
constexpr double kappa = 0.25;
const double gamma_ratio = 1.4;
}

void f(int n, double *x, double *y)
{
#pragma omp parallel for
    for (int i = 0; i < n; i++)
        y[i] = physics::kappa * x[i] * x[i] + physics::gamma_ratio * x[i];
}
