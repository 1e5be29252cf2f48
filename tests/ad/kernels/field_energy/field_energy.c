/* Test kernel for `adrace adjoint` (not a corpus case): the Ginzburg-Landau energy of a 2-D phase
 * field, as a phase-field code writes it: an `int` status with guard clauses that return before any
 * work (a grid too small, a missing output), float data, a macro for the flattened index, C89
 * counters, `firstprivate` and a reduction into a local summed in float. The adjoint returns what the
 * primal returned (docs/adjoint.md). */

#define FE_OK 0
#define FE_BAD_SIZE -1
#define FE_NO_OUTPUT 2
#define IDX(i, j, n) ((i) * (n) + (j))

int field_energy(int n, const float *phi, float kappa, float *energy)
{
    int i, j;
    float e = 0.0f;

    if (n < 3) return FE_BAD_SIZE;
    if (!energy) {
        return FE_NO_OUTPUT;
    }
#pragma omp parallel for private(j) reduction(+:e) firstprivate(kappa)
    for (i = 1; i < n - 1; i++) {
        for (j = 1; j < n - 1; j++) {
            float gx = phi[IDX(i + 1, j, n)] - phi[IDX(i - 1, j, n)];
            float gy = phi[IDX(i, j + 1, n)] - phi[IDX(i, j - 1, n)];
            float p = phi[IDX(i, j, n)];
            e += 0.5f * kappa * (gx * gx + gy * gy) + 0.25f * (p * p - 1.0f) * (p * p - 1.0f);
        }
    }
    *energy = e;
    return FE_OK;
}
