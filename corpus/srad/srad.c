/* One iteration of Rodinia's SRAD (speckle reducing anisotropic diffusion, openmp/srad/srad_v1 main.c)
 * on an image J: the statistics of a region of interest give the speckle scale
 * q0sqr; then per pixel the directional derivatives towards its four neighbours (through the clamped
 * neighbour index arrays iN, iS, jW, jE, as Rodinia builds them) and the saturated diffusion
 * coefficient c; then the divergence of c grad J updates J.
 * The real type is Rodinia's `fp` macro. Rodinia sets it to float; it is double here because the
 * finite-difference check cannot resolve this kernel in float: the saturated coefficient has a kink
 * wherever qsqr = q0sqr, and a step large enough to rise above float rounding (1e-3) crosses it at
 * enough pixels to leave a 0.3% error, while in double h = 1e-6 checks to 2e-9. */

#define fp double

void srad(int rows, int cols, const int *iN, const int *iS, const int *jW, const int *jE, int r1, int r2,
          int c1, int c2, fp lambda, fp *J, fp *dN, fp *dS, fp *dW, fp *dE, fp *c)
{
    int i, j, k;
    fp sum = 0, sum2 = 0, tmp, meanROI, varROI, q0sqr;
    fp Jc, G2, L, num, den, qsqr, D, cN, cS, cW, cE;
    int sizeROI = (r2 - r1 + 1) * (c2 - c1 + 1);

    /* statistics of the region of interest */
#pragma omp parallel for private(i, j, tmp) reduction(+ : sum, sum2)
    for (i = r1; i <= r2; i++) {
        for (j = c1; j <= c2; j++) {
            tmp = J[i * cols + j];
            sum += tmp;
            sum2 += tmp * tmp;
        }
    }
    meanROI = sum / sizeROI;
    varROI = (sum2 / sizeROI) - meanROI * meanROI;
    q0sqr = varROI / (meanROI * meanROI);

#pragma omp parallel for shared(J, dN, dS, dW, dE, c, rows, cols, iN, iS, jW, jE) \
    private(i, j, k, Jc, G2, L, num, den, qsqr)
    for (i = 0; i < rows; i++) {
        for (j = 0; j < cols; j++) {
            k = i * cols + j;
            Jc = J[k];

            /* directional derivatives */
            dN[k] = J[iN[i] * cols + j] - Jc;
            dS[k] = J[iS[i] * cols + j] - Jc;
            dW[k] = J[i * cols + jW[j]] - Jc;
            dE[k] = J[i * cols + jE[j]] - Jc;

            G2 = (dN[k] * dN[k] + dS[k] * dS[k] + dW[k] * dW[k] + dE[k] * dE[k]) / (Jc * Jc);
            L = (dN[k] + dS[k] + dW[k] + dE[k]) / Jc;

            num = (0.5 * G2) - ((1.0 / 16.0) * (L * L));
            den = 1 + (.25 * L);
            qsqr = num / (den * den);

            /* diffusion coefficient (equ 33) */
            den = (qsqr - q0sqr) / (q0sqr * (1 + q0sqr));
            c[k] = 1.0 / (1.0 + den);

            /* saturate diffusion coefficient */
            if (c[k] < 0) {
                c[k] = 0;
            } else if (c[k] > 1) {
                c[k] = 1;
            }
        }
    }

#pragma omp parallel for shared(J, c, rows, cols, lambda) private(i, j, k, D, cS, cN, cW, cE)
    for (i = 0; i < rows; i++) {
        for (j = 0; j < cols; j++) {
            /* current index */
            k = i * cols + j;

            /* diffusion coefficient */
            cN = c[k];
            cS = c[iS[i] * cols + j];
            cW = c[k];
            cE = c[i * cols + jE[j]];

            /* divergence (equ 58) */
            D = cN * dN[k] + cS * dS[k] + cW * dW[k] + cE * dE[k];

            /* image update (equ 61) */
            J[k] = J[k] + 0.25 * lambda * D;
        }
    }
}
