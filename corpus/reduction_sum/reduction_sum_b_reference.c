/* Hand-written reverse-mode adjoint of reduction_sum (the test oracle).
 *   *result = s        =>  s_b = *result_b;  *result_b = 0
 *   s += x[i] * x[i]   =>  x_b[i] += 2 * x[i] * s_b   (s_b unchanged: an increment)
 *   s = 0              =>  s_b = 0
 * In a parallel adjoint every thread reads the same s_b: reduction(+:s) becomes firstprivate(s_b). */

void reduction_sum_b(int n, const double *x, double *x_b, double *result, double *result_b)
{
    double s_b;
    (void)result;
    s_b = *result_b;
    *result_b = 0.0;
    for (int i = n - 1; i >= 0; i--)
        x_b[i] += 2.0 * x[i] * s_b;
}
