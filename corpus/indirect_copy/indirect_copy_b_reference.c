/* Hand-written reverse-mode adjoint of indirect_copy (the test oracle).
 * y[c[i]] = x[c[i] + 7]  =>  x_b[c[i] + 7] += y_b[c[i]];  y_b[c[i]] = 0  (figure 2, right). */

void indirect_copy_b(int n, const int *c, const double *x, double *x_b, double *y, double *y_b)
{
    (void)x;
    (void)y;
    for (int i = n - 1; i >= 0; i--) {
        x_b[c[i] + 7] += y_b[c[i]];
        y_b[c[i]] = 0.0;
    }
}
