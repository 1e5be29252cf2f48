/* Test kernel for `adrace adjoint` (not a corpus case): the lag-1 autocorrelation of a signal,
 * sum over i of x[i]*x[i-1], a reduction whose terms read a neighbour, written through a pointer
 * (the generator differentiates void functions). Its formad adjoint gathers x_b, each term reading
 * the reduction variable's adjoint s_b, which every iteration only reads. */
void lag1_sum(int n, const double *x, double *result)
{
    double s = 0.0;

#pragma omp parallel for reduction(+ : s) schedule(static)
    for (int i = 1; i < n; i++)
        s += x[i] * x[i - 1]; /* the neighbour to the left */
    *result = s;
}
