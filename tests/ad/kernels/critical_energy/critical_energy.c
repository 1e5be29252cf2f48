/* Strain energy of a chain of springs, summed as codes written before reduction clauses were
 * trusted sum it: each spring's energy is added to the shared total under `omp critical`. */
#define HALF 0.5

void critical_energy(int n, const double *k, const double *u, double *energy)
{
    int e;
    double du, w;

#pragma omp parallel for private(e, du, w) shared(energy) schedule(static)
    for (e = 0; e < n - 1; e++) {
        du = u[e + 1] - u[e]; /* elongation of spring e */
        w = HALF * k[e] * du * du;
#pragma omp critical
        {
            *energy += w;
        }
    }
}
