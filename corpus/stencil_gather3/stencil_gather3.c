/* Conventional (gather) three-point stencil: each iteration writes one point and reads three. */

void stencil_gather3(int n, double a, double b, double c, const double *uold, double *unew)
{
#pragma omp parallel for
    for (int i = 1; i < n - 1; i++)
        unew[i] = a * uold[i - 1] + b * uold[i] + c * uold[i + 1];
}
