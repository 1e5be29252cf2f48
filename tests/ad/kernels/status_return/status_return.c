/* Test kernel for `adrace adjoint` (not a corpus case): a CG mini-app's vector kernels fused, as
 * such codes write them: an `int` status returned with `return(ERR_OK);`, the dot product left in
 * `double *const result`, const pointers to const data, C89 counters. The status is passive: the
 * adjoint returns the same constant (docs/adjoint.md). */

#define ERR_OK 0 /* status codes of the solver */

int status_return(const int n, const double beta, const double *const x, const double *const y,
                  double *const w, double *const result)
{
    double local_result = 0.0;
    int i;

#pragma omp parallel for
    for (i = 0; i < n; i++) w[i] = x[i] - beta * y[i];

#pragma omp parallel for reduction(+:local_result)
    for (i = 0; i < n; i++) local_result += w[i] * /* weighted */ w[i] * x[i];
    *result = local_result;
    return(ERR_OK);
}
