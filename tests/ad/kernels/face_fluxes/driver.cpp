// Driver for the face_fluxes test kernel (see corpus/common/harness.h), compiled as C++: the
// kernel takes std::vector<double> references, the harness reads their data().
#include "../../../../corpus/common/harness.h"

#include <vector>

void face_fluxes(int n, double dx, const std::vector<double>& kappa, const std::vector<double>& vel,
                 const std::vector<double>& u, std::vector<double>& flux);
void face_fluxes_b(int n, double dx, const std::vector<double>& kappa, std::vector<double>& kappa_b,
                   const std::vector<double>& vel, std::vector<double>& vel_b, const std::vector<double>& u,
                   std::vector<double>& u_b, std::vector<double>& flux, std::vector<double>& flux_b);

static std::vector<double> kappa, kappa_b, vel, vel_b, u, u_b, flux, flux_b;
static double *kappa_p, *kappa_bp, *vel_p, *vel_bp, *u_p, *u_bp, *flux_p, *flux_bp;
static long len;
static int n;
static const double dx = 0.05;

static void setup(int size)
{
    n = size;
    len = size;
    for (std::vector<double>* v : {&kappa, &kappa_b, &vel, &vel_b, &u, &u_b, &flux, &flux_b})
        v->assign(static_cast<size_t>(len), 0.0);
    kappa_p = kappa.data(), kappa_bp = kappa_b.data(), vel_p = vel.data(), vel_bp = vel_b.data();
    u_p = u.data(), u_bp = u_b.data(), flux_p = flux.data(), flux_bp = flux_b.data();
    lcg_seed(41);
    lcg_fill(kappa_p, len, 0.5, 2.0);
    /* velocities away from 0, where the upwind weights have a kink the difference would straddle */
    for (long i = 0; i < len; i++) vel_p[i] = (i / 7) % 2 ? lcg_uniform(0.2, 1.0) : lcg_uniform(-1.0, -0.2);
    lcg_fill(u_p, len, -1.0, 1.0);
    lcg_fill(flux_p, len, -1.0, 1.0);
}

static void primal(void) { face_fluxes(n, dx, kappa, vel, u, flux); }
static void adjoint(void) { face_fluxes_b(n, dx, kappa, kappa_b, vel, vel_b, u, u_b, flux, flux_b); }

int main(int argc, char** argv)
{
    static const struct harness_kernel kernel = {
        .name = "face_fluxes",
        .size_meaning = "cells",
        .check_size = 1001,
        .time_size = 4000000,
        .setup = setup,
        .narrays = 4,
        .arrays = {{"kappa", &kappa_p, &kappa_bp, &len},
                   {"vel", &vel_p, &vel_bp, &len},
                   {"u", &u_p, &u_bp, &len},
                   {"flux", &flux_p, &flux_bp, &len}},
        .nvariants = 1,
        .variants = {{"face_fluxes", primal, adjoint}},
    };
    return harness_main(argc, argv, &kernel);
}
