/* Test kernel for `adrace adjoint` (not a corpus case): pointer locals into arrays, as C codes walk
 * rows. A function-scope pointer to the second row, a `const double *row = a + (long)i * NCOL;` and
 * a `double *out = &b[i * NCOL];` in the loop body, C89 counters, a width macro, a static inline
 * helper, firstprivate. Iteration i reads rows i and i + 1 of a, so two iterations read the same
 * elements of a through different pointers: their adjoint increments must be guarded.
 *   b[i][j] = scale * a[i][j]^2 + a[i][j] * a[i + 1][j]   (a has n + 1 rows of NCOL) */
#define NCOL 16

static inline double sq(double v) { return v * v; }

void row_pointers(int n, double scale, const double *a, double *b)
{
    int i, j;
    const double *next_rows = a + NCOL; /* row i + 1 of a starts at next_rows + i * NCOL */

#pragma omp parallel for private(j) firstprivate(scale) schedule(static)
    for (i = 0; i < n; i++) {
        const double *row = a + (long)i * NCOL;
        double *out = &b[i * NCOL];
        for (j = 0; j < NCOL; j++)
            out[j] = scale * sq(row[j]) + /* the row below */ row[j] * next_rows[(long)i * NCOL + j];
    }
}
