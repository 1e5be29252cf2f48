// Test kernel for `adrace adjoint` (not a corpus case): a finite-volume kernel as a C++ solver
// library writes it, in nested namespaces with the mesh type, a constexpr constant and an inline
// equation of state beside it, std::vector references, and a mesh method called in the loop.
//   grad[i] = (p(rho[i+1], e[i+1]) - p(rho[i-1], e[i-1])) / (2 width(i)),  p = (gamma - 1) rho e
#include <vector>

namespace solver {
namespace fv {

constexpr double kGamma = 1.4; // ideal diatomic gas

struct Mesh {
  int ncell;
  double dx;
  double width(int /* cell */) const { return dx; } // uniform for now
};

inline double pressure(double rho, double e) { return (kGamma - 1.0) * rho * e; }

void pressure_gradient(const Mesh& mesh, const std::vector<double>& rho, const std::vector<double>& e,
                       std::vector<double>& grad)
{
  const int n = mesh.ncell;
#pragma omp parallel for schedule(static)
  for (int i = 1; i < n - 1; ++i) {
    const double left = pressure(rho[i - 1], e[i - 1]);
    const double right = pressure(rho[i + 1], /* internal energy */ e[i + 1]);
    grad[i] = (right - left) / (2.0 * mesh.width(i));
  }
}

} // namespace fv
} // namespace solver
