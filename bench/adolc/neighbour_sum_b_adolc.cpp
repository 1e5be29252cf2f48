// ADOL-C peer of neighbour_sum's adjoint (see adolc_peer.hpp): the kernel ported to a template over the
// number type, taped on adoubles; its one dependent is the returned sum, whose adjoint comes by value.
#include "adolc_peer.hpp"

namespace {

template <class Real>
Real neighbour_sum_t(int n, const Real *x)
{
    Real s = 0.0;
    for (int i = 1; i < n; i++)
        s += x[i] * x[i - 1];
    return s;
}

} // namespace

extern "C" void neighbour_sum_b(int n, const double *x, double *x_b, double result_b)
{
    static adolc_peer::Tape tape(5);
    adolc_peer::Output output{&result_b, 1, {0}};
    tape.gradient({(double)n}, {{x, x_b, n}}, output, 4.0,
                  [&](const adouble *in, adouble *out) { out[0] = neighbour_sum_t(n, in); });
}
