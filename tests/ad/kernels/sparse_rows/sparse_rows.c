/* Test kernel for `adrace adjoint` (not a corpus case): the sparse matrix-vector product of a CG
 * mini-app, as it is written there. The matrix keeps one pointer per row to its values and to their
 * column indices; the loop names row i through `const` pointer locals initialised from those fields
 * through casts, and the function returns an int status. y = A x, with x and y active. Rows share
 * columns, so x_b's increments need a guard. */
typedef struct {
    int local_nrow;
    int *nnz_in_row;           /* entries of each row */
    double **ptr_to_vals_in_row; /* row i's values */
    int **ptr_to_inds_in_row;  /* row i's column indices */
} Sparse_Matrix;

int sparse_rows(Sparse_Matrix *A, const double *const x, double *const y)
{
    const int nrow = (const int)A->local_nrow;

#pragma omp parallel for
    for (int i = 0; i < nrow; i++) {
        double sum = 0.0;
        const double *const cur_vals = (const double *const)A->ptr_to_vals_in_row[i];
        const int *const cur_inds = (const int *const)A->ptr_to_inds_in_row[i];
        const int cur_nnz = (const int)A->nnz_in_row[i];

        for (int j = 0; j < cur_nnz; j++)
            sum += cur_vals[j] * x[cur_inds[j]];
        y[i] = sum;
    }
    return (0);
}
