/* Regression kernel: the adjoint must keep the quoted #include (for `real` and N) and write the sizes
 * as the macros they are, so that an adjoint generated at the default size fits a program built
 * with -DSMALL_DATASET. */
#include "sizes.h"

#define HALO 1
#define LAST (N - HALO)

void macro_sizes(const real u[N][N], real v[N][N])
{
#pragma omp parallel for
    for (int i = HALO; i < LAST; i++) {
        for (int j = HALO; j < N - HALO; j++) {
            v[i][j] = 0.25 * (u[i - 1][j] + u[i + 1][j] + u[i][j - 1] + u[i][j + 1]) - u[i][j] * u[i][j];
        }
    }
}
