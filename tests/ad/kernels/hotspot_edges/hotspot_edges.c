/* Test kernel for `adrace adjoint` (not a corpus case): one transient step of a chip's temperature,
 * HotSpot style, in single precision: file-scope coefficients, C89 counters and temporaries, and the
 * grid's edges as boundary cases where the cell stands in for its missing neighbour, east and west
 * through `?:`, north and south through if/else. Each read under a branch is a gather term guarded
 * by its branch's condition at the shifted iteration, so temp's adjoint is a gather. */

#define NCOL 40           /* cells per row */
#define AMB_TEMP 0.8f     /* ambient temperature, scaled */

/* the time step's coefficients, set once per run */
float step_div_cap = 0.5f, Rx_1 = 0.3f, Ry_1 = 0.2f, Rz_1 = 0.05f;

void hotspot_edges(int nrow, const float temp[][NCOL], const float power[][NCOL], float result[][NCOL])
{
    int r, c;
    float north, south;

#pragma omp parallel for private(c, north, south) firstprivate(nrow) schedule(static)
    for (r = 0; r < nrow; r++)
        for (c = 0; c < NCOL; c++) {
            float t = temp[r][c];
            float west = c > 0 ? temp[r][c - 1] : t, east = c < NCOL - 1 ? temp[r][c + 1] : t;
            if (r == 0)
                north = t; /* top edge */
            else
                north = temp[r - 1][c];
            if (r == nrow - 1)
                south = t;
            else
                south = temp[r + 1][c];
            result[r][c] = t + step_div_cap * (power[r][c] + (south + north - 2.0f * t) * Ry_1 +
                                               (east + /* and */ west - 2.0f * t) * Rx_1 + (AMB_TEMP - t) * Rz_1);
        }
}
