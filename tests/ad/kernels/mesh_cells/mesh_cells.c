/* Test kernel for `adrace adjoint` (not a corpus case): the cells of a finite-volume mesh kept as an
 * array of structs that the mesh struct points to (m->cells[i].u), read at the cell and at both
 * neighbours. The adjoint of m is a mesh of the same type whose cells hold the adjoints
 * (m_b->cells[i].u); each cell's adjoint is incremented by three iterations. */

typedef struct {
    double u; /* state */
    double k; /* conductivity */
} cell_t;

typedef struct {
    int ncell;
    double dx;
    cell_t *cells;
} mesh_t;

void mesh_cells(const mesh_t *m, double *flux)
{
    int i;
    double inv_dx = 1.0 / m->dx;

#pragma omp parallel for firstprivate(inv_dx)
    for (i = 1; i < m->ncell - 1; i++) {
        double left = 0.5 * (m->cells[i - 1].k + m->cells[i].k);
        double right = 0.5 * (m->cells[i].k + m->cells[i + 1].k);

        flux[i] = inv_dx * (right * (m->cells[i + 1].u - m->cells[i].u) -
                            left * (m->cells[i].u - m->cells[i - 1].u));
    }
}
