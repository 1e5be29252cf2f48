/* The element loop of LULESH's IntegrateStressForElems (LULESH 2.0; [Enzyme]'s benchmark),
 * with its helpers inlined. Per hexahedral element: gather the coordinates of its 8 nodes
 * through nodelist (CollectDomainNodesToElemNodes), compute the shape-function derivatives B and the
 * volume determ (CalcElemShapeFunctionDerivatives; LULESH then refines B with CalcElemNodeNormals,
 * left out here), and write the element's 8 nodal forces -sig*B into per-element arrays
 * (SumElemStressesToNodeForces on LULESH's multi-threaded path, which keeps threads from writing to
 * shared nodes; a later loop sums them per node). */

void lulesh_stress(int numElem, int numNode, const int nodelist[8 * numElem], const double x[numNode],
                   const double y[numNode], const double z[numNode], const double sigxx[numElem],
                   const double sigyy[numElem], const double sigzz[numElem], double determ[numElem],
                   double fx_elem[8 * numElem], double fy_elem[8 * numElem], double fz_elem[8 * numElem])
{
#pragma omp parallel for
    for (int e = 0; e < numElem; e++) {
        double xl[8], yl[8], zl[8], B[3][8];
        for (int k = 0; k < 8; k++) {
            int node = nodelist[8 * e + k];
            xl[k] = x[node];
            yl[k] = y[node];
            zl[k] = z[node];
        }

        /* Jacobian of the element map at the element centre */
        double fjxxi = 0.125 * ((xl[6] - xl[0]) + (xl[5] - xl[3]) - (xl[7] - xl[1]) - (xl[4] - xl[2]));
        double fjxet = 0.125 * ((xl[6] - xl[0]) - (xl[5] - xl[3]) + (xl[7] - xl[1]) - (xl[4] - xl[2]));
        double fjxze = 0.125 * ((xl[6] - xl[0]) + (xl[5] - xl[3]) + (xl[7] - xl[1]) + (xl[4] - xl[2]));
        double fjyxi = 0.125 * ((yl[6] - yl[0]) + (yl[5] - yl[3]) - (yl[7] - yl[1]) - (yl[4] - yl[2]));
        double fjyet = 0.125 * ((yl[6] - yl[0]) - (yl[5] - yl[3]) + (yl[7] - yl[1]) - (yl[4] - yl[2]));
        double fjyze = 0.125 * ((yl[6] - yl[0]) + (yl[5] - yl[3]) + (yl[7] - yl[1]) + (yl[4] - yl[2]));
        double fjzxi = 0.125 * ((zl[6] - zl[0]) + (zl[5] - zl[3]) - (zl[7] - zl[1]) - (zl[4] - zl[2]));
        double fjzet = 0.125 * ((zl[6] - zl[0]) - (zl[5] - zl[3]) + (zl[7] - zl[1]) - (zl[4] - zl[2]));
        double fjzze = 0.125 * ((zl[6] - zl[0]) + (zl[5] - zl[3]) + (zl[7] - zl[1]) + (zl[4] - zl[2]));

        /* cofactors */
        double cjxxi = (fjyet * fjzze) - (fjzet * fjyze);
        double cjxet = -(fjyxi * fjzze) + (fjzxi * fjyze);
        double cjxze = (fjyxi * fjzet) - (fjzxi * fjyet);
        double cjyxi = -(fjxet * fjzze) + (fjzet * fjxze);
        double cjyet = (fjxxi * fjzze) - (fjzxi * fjxze);
        double cjyze = -(fjxxi * fjzet) + (fjzxi * fjxet);
        double cjzxi = (fjxet * fjyze) - (fjyet * fjxze);
        double cjzet = -(fjxxi * fjyze) + (fjyxi * fjxze);
        double cjzze = (fjxxi * fjyet) - (fjyxi * fjxet);

        /* partial derivatives: by symmetry, nodes 6, 7, 4, 5 are the negatives of nodes 0, 1, 2, 3 */
        B[0][0] = -cjxxi - cjxet - cjxze;
        B[0][1] = cjxxi - cjxet - cjxze;
        B[0][2] = cjxxi + cjxet - cjxze;
        B[0][3] = -cjxxi + cjxet - cjxze;
        B[0][4] = -B[0][2];
        B[0][5] = -B[0][3];
        B[0][6] = -B[0][0];
        B[0][7] = -B[0][1];
        B[1][0] = -cjyxi - cjyet - cjyze;
        B[1][1] = cjyxi - cjyet - cjyze;
        B[1][2] = cjyxi + cjyet - cjyze;
        B[1][3] = -cjyxi + cjyet - cjyze;
        B[1][4] = -B[1][2];
        B[1][5] = -B[1][3];
        B[1][6] = -B[1][0];
        B[1][7] = -B[1][1];
        B[2][0] = -cjzxi - cjzet - cjzze;
        B[2][1] = cjzxi - cjzet - cjzze;
        B[2][2] = cjzxi + cjzet - cjzze;
        B[2][3] = -cjzxi + cjzet - cjzze;
        B[2][4] = -B[2][2];
        B[2][5] = -B[2][3];
        B[2][6] = -B[2][0];
        B[2][7] = -B[2][1];

        /* volume: the Jacobian determinant */
        determ[e] = 8.0 * (fjxet * cjxet + fjyet * cjyet + fjzet * cjzet);

        /* nodal forces of this element */
        for (int k = 0; k < 8; k++) {
            fx_elem[8 * e + k] = -(sigxx[e] * B[0][k]);
            fy_elem[8 * e + k] = -(sigyy[e] * B[1][k]);
            fz_elem[8 * e + k] = -(sigzz[e] * B[2][k]);
        }
    }
}
