/* Hand-written reverse-mode adjoint of dense_matvec (the test oracle).
 *   y[i] = sum               =>  sum_b = y_b[i];  y_b[i] = 0
 *   sum += A[i][j] * x[j]    =>  A_b[i][j] += x[j] * sum_b;  x_b[j] += A[i][j] * sum_b
 *   sum = 0                  =>  (sum_b dies) */

void dense_matvec_b(int n, int m, const double A[n][m], double A_b[n][m], const double *x, double *x_b,
                    double *y, double *y_b)
{
    (void)y;
    for (int i = n - 1; i >= 0; i--) {
        double sum_b = y_b[i];
        y_b[i] = 0.0;
        for (int j = m - 1; j >= 0; j--) {
            A_b[i][j] += x[j] * sum_b;
            x_b[j] += A[i][j] * sum_b;
        }
    }
}
