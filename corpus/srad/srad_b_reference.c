/* Hand-written reverse-mode adjoint of srad (the test oracle), serial. The
 * index arrays and the region of interest are passive; lambda is active (by value: *lambda_b).
 * Forward values are recomputed from the inputs (J is overwritten by the primal's last loop).
 *   statistics: mean = sum/N, var = sum2/N - mean^2, q0 = var/mean^2   (sum, sum2 over the ROI)
 *   per pixel:  d_X = J[X] - Jc (X = N, S, W, E), G2 = sum d^2 / Jc^2, L = sum d / Jc,
 *               qsqr = (G2/2 - L^2/16) / (1 + L/4)^2,  c = clamp(1 / (1 + (qsqr - q0) / (q0 (1 + q0))), 0, 1)
 *   update:     J[k] += lambda/4 (c[k] dN + c[S] dS + c[k] dW + c[E] dE)
 * Backward: the update (for every pixel, into c_b and d_b of this and the S and E pixels), then per
 * pixel the coefficient and the derivatives (consuming c_b, dN_b .. dE_b; zero where c saturates),
 * accumulating q0's adjoint, then the statistics into the ROI's J_b.
 *
 * Verdicts expected for the adjoints of the loops of srad.c (active J, dN, dS, dW, dE, c, lambda):
 *   :22 statistics (reduction(+: sum, sum2))  J shared (J[i*cols + j] only); sum, sum2: their
 *       adjoints are only read, firstprivate
 *   :34 coefficient   J guarded (read at the pixel and its four neighbours: rows i +- 1 belong to
 *       other iterations); dN, dS, dW, dE, c shared (pixel k only); q0sqr read by every iteration:
 *       its adjoint is a sum, reduction(+)
 *   :67 update        c guarded (c[iS[i]*cols + j]: another row, through an index array); dN, dS, dW,
 *       dE, J shared (pixel k only); lambda read by every iteration: reduction(+) */

#include <stdlib.h>

void srad_b(int rows, int cols, const int *iN, const int *iS, const int *jW, const int *jE, int r1, int r2,
            int c1, int c2, double lambda, double *lambda_b, double *J, double *J_b, double *dN, double *dN_b, double *dS,
            double *dS_b, double *dW, double *dW_b, double *dE, double *dE_b, double *c, double *c_b)
{
    (void)dN; (void)dS; (void)dW; (void)dE; (void)c;
    const int n = rows * cols;
    const double size = (double)((r2 - r1 + 1) * (c2 - c1 + 1));
    double sum = 0.0, sum2 = 0.0;
    for (int i = r1; i <= r2; i++)
        for (int j = c1; j <= c2; j++) {
            sum += J[i * cols + j];
            sum2 += J[i * cols + j] * J[i * cols + j];
        }
    const double mean = sum / size, var = sum2 / size - mean * mean, q0 = var / (mean * mean);

    /* forward: the four derivatives and the coefficient of every pixel */
    double (*d)[4] = malloc((size_t)n * sizeof *d), *coef = malloc((size_t)n * sizeof *coef);
    int *saturated = malloc((size_t)n * sizeof *saturated);
    for (int k = 0; k < n; k++) {
        int i = k / cols, j = k % cols;
        int nb[4] = {iN[i] * cols + j, iS[i] * cols + j, i * cols + jW[j], i * cols + jE[j]};
        double Jc = J[k], s2 = 0.0, s1 = 0.0;
        for (int x = 0; x < 4; x++) {
            d[k][x] = J[nb[x]] - Jc;
            s2 += d[k][x] * d[k][x];
            s1 += d[k][x];
        }
        double G2 = s2 / (Jc * Jc), L = s1 / Jc, den1 = 1.0 + 0.25 * L;
        double qsqr = (0.5 * G2 - L * L / 16.0) / (den1 * den1);
        double raw = 1.0 / (1.0 + (qsqr - q0) / (q0 * (1.0 + q0)));
        saturated[k] = raw < 0.0 || raw > 1.0;
        coef[k] = raw < 0.0 ? 0.0 : raw > 1.0 ? 1.0 : raw;
    }

    /* update: J[k] += lambda/4 D,  D = c[k] (dN + dW) + c[S] dS + c[E] dE */
    for (int k = n - 1; k >= 0; k--) {
        int i = k / cols, j = k % cols, south = iS[i] * cols + j, east = i * cols + jE[j];
        double D = coef[k] * (d[k][0] + d[k][2]) + coef[south] * d[k][1] + coef[east] * d[k][3];
        *lambda_b += 0.25 * D * J_b[k];
        double D_b = 0.25 * lambda * J_b[k];
        c_b[k] += D_b * (d[k][0] + d[k][2]);
        c_b[south] += D_b * d[k][1];
        c_b[east] += D_b * d[k][3];
        dN_b[k] += D_b * coef[k];
        dS_b[k] += D_b * coef[south];
        dW_b[k] += D_b * coef[k];
        dE_b[k] += D_b * coef[east];
    }

    /* coefficient and derivatives */
    double q0_b = 0.0;
    for (int k = n - 1; k >= 0; k--) {
        int i = k / cols, j = k % cols;
        int nb[4] = {iN[i] * cols + j, iS[i] * cols + j, i * cols + jW[j], i * cols + jE[j]};
        double *out_b[4] = {&dN_b[k], &dS_b[k], &dW_b[k], &dE_b[k]};
        double Jc = J[k], s2 = 0.0, s1 = 0.0;
        for (int x = 0; x < 4; x++) {
            s2 += d[k][x] * d[k][x];
            s1 += d[k][x];
        }
        double G2 = s2 / (Jc * Jc), L = s1 / Jc, den1 = 1.0 + 0.25 * L;
        double num = 0.5 * G2 - L * L / 16.0, qsqr = num / (den1 * den1);
        double scale = q0 * (1.0 + q0), den2 = (qsqr - q0) / scale;

        double raw_b = saturated[k] ? 0.0 : c_b[k];
        c_b[k] = 0.0;
        double den2_b = -raw_b / ((1.0 + den2) * (1.0 + den2));
        double qsqr_b = den2_b / scale;
        q0_b += den2_b * (-scale - (qsqr - q0) * (1.0 + 2.0 * q0)) / (scale * scale);
        double num_b = qsqr_b / (den1 * den1);
        double den1_b = -2.0 * qsqr_b * num / (den1 * den1 * den1);
        double G2_b = 0.5 * num_b;
        double L_b = -L / 8.0 * num_b + 0.25 * den1_b;
        double Jc_b = (-2.0 * G2 * G2_b - L * L_b) / Jc;
        for (int x = 0; x < 4; x++) {
            double dx_b = *out_b[x] + G2_b * 2.0 * d[k][x] / (Jc * Jc) + L_b / Jc;
            *out_b[x] = 0.0;
            J_b[nb[x]] += dx_b;
            Jc_b -= dx_b;
        }
        J_b[k] += Jc_b;
    }

    /* statistics: q0 = var / mean^2, var = sum2/size - mean^2, mean = sum/size */
    double var_b = q0_b / (mean * mean);
    double mean_b = -2.0 * var * q0_b / (mean * mean * mean) - 2.0 * mean * var_b;
    double sum_b = mean_b / size, sum2_b = var_b / size;
    for (int i = r2; i >= r1; i--)
        for (int j = c2; j >= c1; j--) J_b[i * cols + j] += sum_b + 2.0 * J[i * cols + j] * sum2_b;

    free(d);
    free(coef);
    free(saturated);
}
