/* Hand-written reverse-mode adjoint of neighbour_sum (the test oracle). The function returns its
 * value, so the adjoint takes the result's adjoint as one more by-value parameter at the end.
 *
 * Expected `adrace analyze` verdicts (loop at line 9):
 *   x  guarded     iteration i reads x[i] and x[i-1], and x[i] is also read by iteration i+1 as its
 *                  x[i-1]: the adjoint increments of neighbouring iterations collide; x is only read,
 *                  so a reduction is possible. Gather candidate: x[i] and x[i - 1], constant offsets.
 *   s  firstprivate  reduction(+:s) in the primal: every thread reads the same s_b.
 * (adrace before gathers could not differentiate it: the generator does not handle a returned
 * value.)
 *
 *   return s            =>  s_b = result_b
 *   s += x[i]*x[i-1]    =>  x_b[i] += x[i-1]*s_b;  x_b[i-1] += x[i]*s_b   (s_b unchanged) */

void neighbour_sum_b(int n, const double *x, double *x_b, double result_b)
{
    double s_b = result_b;
    int i;

    for (i = n - 1; i >= 1; i--) {
        x_b[i] += x[i - 1] * s_b;
        x_b[i - 1] += x[i] * s_b;
    }
}
