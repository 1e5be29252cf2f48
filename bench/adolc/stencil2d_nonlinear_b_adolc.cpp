// ADOL-C peer of stencil2d_nonlinear's adjoint (see adolc_peer.hpp): the kernel and its helpers ported
// to templates over the number type, taped on adoubles; r is passive.
#include "adolc_peer.hpp"

namespace {

constexpr double K0 = 0.1;

template <class Real>
Real diffusivity(const Real &u)
{
    return K0 + u * u;
}

template <class Real>
Real face_flux(const Real &ua, const Real &ub)
{
    return 0.5 * (diffusivity(ua) + diffusivity(ub)) * (ub - ua);
}

// u and unew are ny x nx, row-major
template <class Real>
void stencil2d_nonlinear_t(int ny, int nx, double r, const Real *u, Real *unew)
{
    for (int j = 1; j < ny - 1; j++)
        for (int i = 1; i < nx - 1; i++) {
            long c = (long)j * nx + i;
            Real flux_east = face_flux(u[c], u[c + 1]);
            Real flux_west = face_flux(u[c - 1], u[c]);
            Real flux_north = face_flux(u[c], u[c + nx]);
            Real flux_south = face_flux(u[c - nx], u[c]);
            unew[c] = u[c] + r * (flux_east - flux_west + flux_north - flux_south);
        }
}

} // namespace

// the arrays are `double u[ny][nx]` in C: the same pointers
extern "C" void stencil2d_nonlinear_b(int ny, int nx, double r, const double *u, double *u_b, double *unew,
                                      double *unew_b)
{
    (void)unew;
    static adolc_peer::Tape tape(2);
    long len = (long)ny * nx;
    adolc_peer::Output output{unew_b, len, {}};
    for (long j = 1; j < ny - 1; j++)
        for (long i = 1; i < nx - 1; i++) output.written.push_back(j * nx + i);
    tape.gradient({(double)ny, (double)nx, r}, {{u, u_b, len}}, output, 45.0,
                  [&](const adouble *x, adouble *y) { stencil2d_nonlinear_t(ny, nx, r, x, y); });
}
