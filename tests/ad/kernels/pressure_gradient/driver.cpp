// Driver for the pressure_gradient test kernel (see corpus/common/harness.h), compiled as C++: the
// kernel and its adjoint are in namespace solver::fv and take std::vector<double> references.
#include "../../../../corpus/common/harness.h"

#include <vector>

namespace solver {
namespace fv {
struct Mesh {
  int ncell;
  double dx;
  double width(int) const { return dx; }
};
void pressure_gradient(const Mesh& mesh, const std::vector<double>& rho, const std::vector<double>& e,
                       std::vector<double>& grad);
void pressure_gradient_b(const Mesh& mesh, const std::vector<double>& rho, std::vector<double>& rho_b,
                         const std::vector<double>& e, std::vector<double>& e_b, std::vector<double>& grad,
                         std::vector<double>& grad_b);
}  // namespace fv
}  // namespace solver

static solver::fv::Mesh mesh;
static std::vector<double> rho, rho_b, e, e_b, grad, grad_b;
static double *rho_p, *rho_bp, *e_p, *e_bp, *grad_p, *grad_bp;
static long len;

static void setup(int size)
{
  len = size;
  mesh = {size, 0.02};
  for (std::vector<double>* v : {&rho, &rho_b, &e, &e_b, &grad, &grad_b}) v->assign(static_cast<size_t>(len), 0.0);
  rho_p = rho.data(), rho_bp = rho_b.data(), e_p = e.data(), e_bp = e_b.data();
  grad_p = grad.data(), grad_bp = grad_b.data();
  lcg_seed(43);
  lcg_fill(rho_p, len, 0.5, 1.5);
  lcg_fill(e_p, len, 1.0, 3.0);
  lcg_fill(grad_p, len, -1.0, 1.0);
}

static void primal(void) { solver::fv::pressure_gradient(mesh, rho, e, grad); }
static void adjoint(void) { solver::fv::pressure_gradient_b(mesh, rho, rho_b, e, e_b, grad, grad_b); }

int main(int argc, char** argv)
{
  static const struct harness_kernel kernel = {
      .name = "pressure_gradient",
      .size_meaning = "cells",
      .check_size = 97,
      .time_size = 4000000,
      .setup = setup,
      .narrays = 3,
      .arrays = {{"rho", &rho_p, &rho_bp, &len}, {"e", &e_p, &e_bp, &len}, {"grad", &grad_p, &grad_bp, &len}},
      .nvariants = 1,
      .variants = {{"pressure_gradient", primal, adjoint}},
  };
  return harness_main(argc, argv, &kernel);
}
