// Driver for the vector_residual test kernel (see corpus/common/harness.h), compiled as C++: the
// kernel takes std::vector<double> references, the harness reads their data().
#include "../../../../corpus/common/harness.h"

#include <vector>

void vector_residual(const std::vector<double>& u, const std::vector<double>& q, std::vector<double>& r,
                     double dx);
void vector_residual_b(const std::vector<double>& u, std::vector<double>& u_b, const std::vector<double>& q,
                       std::vector<double>& q_b, std::vector<double>& r, std::vector<double>& r_b, double dx);

static std::vector<double> u, u_b, q, q_b, r, r_b;
static double *u_p, *u_bp, *q_p, *q_bp, *r_p, *r_bp;
static long len;
static const double dx = 0.05;

static void setup(int size)
{
    len = size;
    for (std::vector<double>* v : {&u, &u_b, &q, &q_b, &r, &r_b}) v->assign(static_cast<size_t>(len), 0.0);
    u_p = u.data(), u_bp = u_b.data(), q_p = q.data(), q_bp = q_b.data(), r_p = r.data(), r_bp = r_b.data();
    lcg_seed(31);
    lcg_fill(u_p, len, -1.0, 1.0);
    lcg_fill(q_p, len, 0.5, 1.5);
    lcg_fill(r_p, len, -1.0, 1.0);
}

static void primal(void) { vector_residual(u, q, r, dx); }
static void adjoint(void) { vector_residual_b(u, u_b, q, q_b, r, r_b, dx); }

int main(int argc, char** argv)
{
    static const struct harness_kernel kernel = {
        .name = "vector_residual",
        .size_meaning = "grid points",
        .check_size = 101,
        .time_size = 4000000,
        .setup = setup,
        .narrays = 3,
        .arrays = {{"u", &u_p, &u_bp, &len}, {"q", &q_p, &q_bp, &len}, {"r", &r_p, &r_bp, &len}},
        .nvariants = 1,
        .variants = {{"vector_residual", primal, adjoint}},
    };
    return harness_main(argc, argv, &kernel);
}
