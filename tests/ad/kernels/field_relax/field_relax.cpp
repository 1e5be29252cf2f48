// Test kernel for `adrace adjoint` (not a corpus case): one damped Jacobi sweep of a 2-D field kept
// in a struct passed by reference, as C++ solvers pass their fields: `in.u[c]`, `out.u[c]`, the
// sizes read from the struct, a constexpr relaxation factor in a namespace. Cell c reads its four
// neighbours, which other iterations read too: in's adjoint is gathered or guarded.
struct Field {
    int nx, ny; // points per row, rows
    double *u;  // nx * ny values, row-major
};

namespace solver {
constexpr double omega = 0.8; // relaxation
}

void field_relax(const Field &in, Field &out)
{
    const int nx = in.nx;
    const int ny = in.ny;
#pragma omp parallel for
    for (int j = 1; j < ny - 1; ++j)
        for (int i = 1; i < nx - 1; ++i) {
            const int c = j * nx + i;
            const double mean = 0.25 * (in.u[c - 1] + in.u[c + 1] + in.u[c - nx] + in.u[c + nx]);
            out.u[c] = (1.0 - solver::omega) * in.u[c] + solver::omega * mean * in.u[c];
        }
}
