// ADOL-C peer of stencil3d7's adjoint (see adolc_peer.hpp): the kernel ported to a template over the
// number type, taped on adoubles; c and u are both independents.
#include "adolc_peer.hpp"

namespace {

// c, u and unew are nz x ny x nx, x fastest
template <class Real>
void stencil3d7_t(int nz, int ny, int nx, const Real *c, const Real *u, Real *unew)
{
    auto idx = [&](int k, int j, int i) { return ((long)k * ny + j) * nx + i; };
    for (int k = 1; k < nz - 1; k++)
        for (int j = 1; j < ny - 1; j++)
            for (int i = 1; i < nx - 1; i++) {
                long p = idx(k, j, i);
                Real laplacian = u[idx(k, j, i - 1)] + u[idx(k, j, i + 1)] + u[idx(k, j - 1, i)] +
                                 u[idx(k, j + 1, i)] + u[idx(k - 1, j, i)] + u[idx(k + 1, j, i)] - 6.0 * u[p];
                unew[p] = u[p] + c[p] * laplacian;
            }
}

} // namespace

extern "C" void stencil3d7_b(int nz, int ny, int nx, const double *c, double *c_b, const double *u, double *u_b,
                             double *unew, double *unew_b)
{
    (void)unew;
    static adolc_peer::Tape tape(3);
    long len = (long)nz * ny * nx;
    adolc_peer::Output output{unew_b, len, {}};
    for (long k = 1; k < nz - 1; k++)
        for (long j = 1; j < ny - 1; j++)
            for (long i = 1; i < nx - 1; i++) output.written.push_back((k * ny + j) * nx + i);
    tape.gradient({(double)nz, (double)ny, (double)nx}, {{c, c_b, len}, {u, u_b, len}}, output, 6.0,
                  [&](const adouble *x, adouble *y) { stencil3d7_t(nz, ny, nx, x, x + len, y); });
}
