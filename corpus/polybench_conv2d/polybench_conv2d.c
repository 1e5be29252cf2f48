/* PolyBench/GPU's 2DCONV (2DConvolution.c, kernel conv2D) with its OpenMP pragma: a fixed 3 x 3
 * convolution of the interior of A into B, on arrays sized by the dataset macros and used up to the
 * run-time extents ni x nj. */

#include "polybench_conv2d.h"

void polybench_conv2d(int ni, int nj, DATA_TYPE A[NI][NJ], DATA_TYPE B[NI][NJ])
{
    int i, j;
    DATA_TYPE c11, c12, c13, c21, c22, c23, c31, c32, c33;

    c11 = +0.2f;  c21 = +0.5f;  c31 = -0.8f;
    c12 = -0.3f;  c22 = +0.6f;  c32 = -0.9f;
    c13 = +0.4f;  c23 = +0.7f;  c33 = +0.10f;

#pragma omp parallel for private(j)
    for (i = 1; i < ni - 1; ++i)
        for (j = 1; j < nj - 1; ++j)
            B[i][j] = c11 * A[(i - 1)][(j - 1)] + c12 * A[(i + 0)][(j - 1)] + c13 * A[(i + 1)][(j - 1)]
                    + c21 * A[(i - 1)][(j + 0)] + c22 * A[(i + 0)][(j + 0)] + c23 * A[(i + 1)][(j + 0)]
                    + c31 * A[(i - 1)][(j + 1)] + c32 * A[(i + 0)][(j + 1)] + c33 * A[(i + 1)][(j + 1)];
}
