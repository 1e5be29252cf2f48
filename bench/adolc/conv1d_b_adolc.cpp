// ADOL-C peer of conv1d's adjoint (see adolc_peer.hpp): the kernel ported to a template over the number
// type, taped on adoubles; the taps w and the signal x are both independents.
#include "adolc_peer.hpp"

namespace {

constexpr int R = 3;
constexpr int WIDTH = 2 * R + 1;

template <class Real>
void conv1d_t(int n, const Real *w, const Real *x, Real *y)
{
    for (int i = R; i < n - R; i++) {
        Real acc = 0.0;
        for (int r = -R; r <= R; r++)
            acc += w[r + R] * x[i + r];
        y[i] = acc;
    }
}

} // namespace

extern "C" void conv1d_b(int n, const double *w, double *w_b, const double *x, double *x_b, double *y, double *y_b)
{
    (void)y;
    static adolc_peer::Tape tape(4);
    adolc_peer::Output output{y_b, n, {}};
    for (long i = R; i < n - R; i++) output.written.push_back(i);
    tape.gradient({(double)n}, {{w, w_b, WIDTH}, {x, x_b, n}}, output, 16.0,
                  [&](const adouble *in, adouble *out) { conv1d_t(n, in, in + WIDTH, out); });
}
