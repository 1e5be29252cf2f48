/* Hand-written reverse-mode adjoint of stencil_gather3 (the test oracle); the weights a, b, c are
 * passive.
 *   unew[i] = a*uold[i-1] + b*uold[i] + c*uold[i+1]
 *     =>  uold_b[i-1] += a*unew_b[i];  uold_b[i] += b*unew_b[i];  uold_b[i+1] += c*unew_b[i];
 *         unew_b[i] = 0 */

void stencil_gather3_b(int n, double a, double b, double c, const double *uold, double *uold_b, double *unew,
                       double *unew_b)
{
    (void)uold;
    (void)unew;
    for (int i = n - 2; i >= 1; i--) {
        double t_b = unew_b[i];
        unew_b[i] = 0.0;
        uold_b[i - 1] += a * t_b;
        uold_b[i] += b * t_b;
        uold_b[i + 1] += c * t_b;
    }
}
