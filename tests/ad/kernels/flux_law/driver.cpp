// Driver for the flux_law test kernel (see corpus/common/harness.h), compiled as C++.
#include "../../../../corpus/common/harness.h"

// The kernel's flux laws, as its file defines them (one definition in every translation unit).
namespace fv {

struct FluxLaw {
    virtual double flux(double left, double right) const = 0;
    virtual ~FluxLaw() {}
};

struct LaxFriedrichsBurgers final : FluxLaw {
    double a;
    explicit LaxFriedrichsBurgers(double speed) : a(speed) {}
    double flux(double left, double right) const override
    {
        return 0.25 * (left * left + right * right) - 0.5 * a * (right - left);
    }
};

}  // namespace fv

void flux_law(int n, double dt_dx, const fv::LaxFriedrichsBurgers& law, const double* u, double* unew);
void flux_law_b(int n, double dt_dx, const fv::LaxFriedrichsBurgers& law, const double* u, double* u_b, double* unew,
                double* unew_b);

static double *u, *u_b, *unew, *unew_b;
static long len;
static int n;
static const fv::LaxFriedrichsBurgers law(1.5);

static void setup(int size)
{
    n = size;
    len = size;
    u = HARNESS_DOUBLES(len); u_b = HARNESS_DOUBLES(len);
    unew = HARNESS_DOUBLES(len); unew_b = HARNESS_DOUBLES(len);
    lcg_seed(47);
    lcg_fill(u, len, -1.0, 1.0);
    lcg_fill(unew, len, -1.0, 1.0);
}

static void primal(void) { flux_law(n, 0.3, law, u, unew); }
static void adjoint(void) { flux_law_b(n, 0.3, law, u, u_b, unew, unew_b); }

int main(int argc, char** argv)
{
    static const struct harness_kernel kernel = {
        .name = "flux_law",
        .size_meaning = "cells",
        .check_size = 1001,
        .time_size = 4000000,
        .setup = setup,
        .narrays = 2,
        .arrays = {{"u", &u, &u_b, &len}, {"unew", &unew, &unew_b, &len}},
        .nvariants = 1,
        .variants = {{"flux_law", primal, adjoint}},
    };
    return harness_main(argc, argv, &kernel);
}
