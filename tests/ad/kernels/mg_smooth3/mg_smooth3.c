/* Test kernel for `adrace adjoint` (not a corpus case): a smoothing step of a multigrid solver in NPB
 * MG's style (resid, psinv, then comm3's periodic copy along the first axis), on 3-D grids kept as
 * arrays of row pointers, `double ***u` (u[i3] a plane, u[i3][i2] a row of n1 points;
 * docs/adjoint.md, "Arrays of row pointers"). 7-point stencils with coefficients for the point and
 * its six neighbours, C89 counters, `private(i1,i2,i3)`, a grid macro.
 *   r[i3][i2][i1] = v[i3][i2][i1] - a[0] * u[i3][i2][i1] - a[1] * (the six neighbours of u)  (interior)
 *   u[i3][i2][i1] += c[0] * r[i3][i2][i1] + c[1] * (the six neighbours of r)                   (interior)
 *   u[i3][i2][n1-1] = u[i3][i2][1];  u[i3][i2][0] = u[i3][i2][n1-2]                           (periodic in i1) */
#define R(a, b, c) r[a][b][c]

void mg_smooth3(double ***v, double ***u, double ***r, const double *a, const double *c, int n1, int n2, int n3)
{
    int i3, i2, i1;

    /* resid: the residual r = v - A u, where u only is read */
#pragma omp parallel for default(shared) private(i1, i2, i3)
    for (i3 = 1; i3 < n3 - 1; i3++) {
        for (i2 = 1; i2 < n2 - 1; i2++) {
            for (i1 = 1; i1 < n1 - 1; i1++) {
                r[i3][i2][i1] = v[i3][i2][i1] - a[0] * u[i3][i2][i1] -
                                a[1] * (u[i3][i2][i1 - 1] + u[i3][i2][i1 + 1] + u[i3][i2 - 1][i1] +
                                        u[i3][i2 + 1][i1] + u[i3 - 1][i2][i1] + u[i3 + 1][i2][i1]);
            }
        }
    }

    /* psinv: u = u + C r */
#pragma omp parallel for default(shared) private(i1, i2, i3)
    for (i3 = 1; i3 < n3 - 1; i3++) {
        for (i2 = 1; i2 < n2 - 1; i2++) {
            for (i1 = 1; i1 < n1 - 1; i1++) {
                u[i3][i2][i1] = u[i3][i2][i1] + c[0] * R(i3, i2, i1) +
                                c[1] * (R(i3, i2, i1 - 1) + R(i3, i2, i1 + 1) + R(i3, i2 - 1, i1) +
                                        R(i3, i2 + 1, i1) + R(i3 - 1, i2, i1) + R(i3 + 1, i2, i1));
            }
        }
    }

    /* comm3, axis = 1: the periodic boundary */
#pragma omp parallel for default(shared) private(i2, i3)
    for (i3 = 1; i3 < n3 - 1; i3++) {
        for (i2 = 1; i2 < n2 - 1; i2++) {
            u[i3][i2][n1 - 1] = u[i3][i2][1];
            u[i3][i2][0] = u[i3][i2][n1 - 2];
        }
    }
}
