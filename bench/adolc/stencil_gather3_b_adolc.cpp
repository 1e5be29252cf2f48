// ADOL-C peer of stencil_gather3's adjoint (see adolc_peer.hpp): the kernel ported to a template over the
// number type, taped on adoubles; the weights a, b, c are passive (plain doubles on the tape).
#include "adolc_peer.hpp"

namespace {

template <class Real>
void stencil_gather3_t(int n, double a, double b, double c, const Real *uold, Real *unew)
{
    for (int i = 1; i < n - 1; i++)
        unew[i] = a * uold[i - 1] + b * uold[i] + c * uold[i + 1];
}

} // namespace

extern "C" void stencil_gather3_b(int n, double a, double b, double c, const double *uold, double *uold_b,
                                  double *unew, double *unew_b)
{
    (void)unew;
    static adolc_peer::Tape tape(1);
    adolc_peer::Output output{unew_b, n, {}};
    for (long i = 1; i < n - 1; i++) output.written.push_back(i);
    tape.gradient({(double)n, a, b, c}, {{uold, uold_b, n}}, output, 6.0,
                  [&](const adouble *x, adouble *y) { stencil_gather3_t(n, a, b, c, x, y); });
}
