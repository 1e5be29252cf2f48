/* Hand-written reverse-mode adjoint of indirect_gather (the test oracle).
 * y[i] = x[c[i]]  =>  x_b[c[i]] += y_b[i];  y_b[i] = 0. */

void indirect_gather_b(int n, const int *c, const double *x, double *x_b, double *y, double *y_b)
{
    (void)x;
    (void)y;
    for (int i = n - 1; i >= 0; i--) {
        x_b[c[i]] += y_b[i];
        y_b[i] = 0.0;
    }
}
