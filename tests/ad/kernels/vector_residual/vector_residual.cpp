// Test kernel for `adrace adjoint` (not a corpus case): the residual of a 1-D nonlinear heat
// equation as a C++ solver writes it. The fields are std::vector<double> passed by reference, the
// grid size comes from u.size(), the physical constants are constexpr in a namespace, the counter
// is declared with auto's help, and a reference to a scalar names the cell's value.
//   r[i] = kappa * (u[i-1] - 2 u[i] + u[i+1]) / dx^2 + sigma * q[i] * u[i]^2   (1 <= i < n - 1)
#include <cstddef>
#include <vector>

namespace heat {
constexpr double kappa = 0.5;  // conductivity
constexpr double sigma = 0.1;  // source coupling
}  // namespace heat

void vector_residual(const std::vector<double>& u, const std::vector<double>& q, std::vector<double>& r,
                     double dx)
{
    const int n = static_cast<int>(u.size());
    const double inv_dx2 = 1.0 / (dx * dx);
#pragma omp parallel for schedule(static)
    for (int i = 1; i < n - 1; ++i) {
        const double& centre = u[i];
        auto lap = (u[i - 1] - 2.0 * centre + u[i + 1]) * inv_dx2;
        r[i] = heat::kappa * lap + heat::sigma * q[i] * centre * centre;
    }
}
