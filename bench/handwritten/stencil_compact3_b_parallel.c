/* Hand-written parallel adjoint of stencil_compact3: what a programmer who knows the loop is safe to
 * reverse would write, and the limit the generated `formad` adjoint is measured against
 * (scripts/bench_adjoint.sh). Each iteration of a sweep touches only the pair (i-1, i), so the
 * adjoint increments of different iterations never collide: a plain `omp parallel for`, no atomics,
 * no reduction. The kernel is linear and the weights are passive, so nothing is recomputed or taped;
 * the iterations of a sweep are independent, so they run forwards. */

void stencil_compact3_b(int n, double wl, double wc, double wr, const double *uold, double *uold_b,
                        double *unew, double *unew_b)
{
    (void)uold;
    (void)unew;
    for (int offset = 1; offset >= 0; offset--) {
#pragma omp parallel for
        for (int i = 2 + offset; i < n - 1; i += 2) {
            uold_b[i] += wr * unew_b[i - 1] + wc * unew_b[i];
            uold_b[i - 1] += wl * unew_b[i];
        }
    }
}
