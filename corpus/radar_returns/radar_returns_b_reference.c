/* Hand-written reverse-mode adjoint of radar_returns (the test oracle), serial. Active: x, y, z, amp
 * (inputs) and range, azimuth, elevation, power_db, pd, refl, loss, cell_radius (outputs, adjoints
 * consumed); bin, gate and processed are integers (passive). Per return, with r_h = |(x, y)|, R the
 * slant range, P the power in dB:
 *   R_b collects range_b + 40/(R ln 10) P_b + 2 a e^{-2 a R} loss_b + (2/3) cell_radius/R cell_radius_b,
 *   P_b = power_db_b + pd_b e^{-u^2}/(sqrt(pi) s sqrt 2) + refl_b sigmoid(P/10)/10,  u = (P - N)/(s sqrt 2)
 *   x_b += R_b x/R - azimuth_b y/r_h^2 - elevation_b z x/(r_h (r_h^2 + z^2)),  y_b likewise,
 *   z_b += R_b z/R + elevation_b r_h/(r_h^2 + z^2),  amp_b += 20/(amp ln 10) P_b
 *
 * Verdicts expected for the adjoint of the loop at radar_returns.c:28 (parallel for
 * lastprivate(i)): every active array shared (return i's own entry only); i lastprivate (integer);
 * r_h private. The timer and the printf stay in the primal and have no adjoint. */

#include <math.h>

void radar_returns_b(int n, int verbose, const double *x, double *x_b, const double *y, double *y_b,
                     const double *z, double *z_b, const double *amp, double *amp_b, double *range,
                     double *range_b, double *azimuth, double *azimuth_b, double *elevation, double *elevation_b,
                     double *power_db, double *power_db_b, double *pd, double *pd_b, double *refl, double *refl_b,
                     double *loss, double *loss_b, double *cell_radius, double *cell_radius_b, int *bin, int *gate,
                     int *processed)
{
    const double pi = 3.14159265358979323846, noise = 50.0, sigma = 6.0, alpha = 0.01;
    (void)verbose; (void)range; (void)azimuth; (void)elevation; (void)power_db; (void)pd; (void)refl;
    (void)loss; (void)cell_radius; (void)bin; (void)gate; (void)processed;
    for (int i = n - 1; i >= 0; i--) {
        double rh2 = x[i] * x[i] + y[i] * y[i], rh = sqrt(rh2), R = sqrt(rh2 + z[i] * z[i]);
        double P = 20.0 * log10(fabs(amp[i])) + 40.0 * log10(R);
        double u = (P - noise) / (sigma * sqrt(2.0));
        double radius = cbrt(0.75 / pi * 3.0e-4 * R * R * 0.25);

        double P_b = power_db_b[i] + pd_b[i] * exp(-u * u) / (sqrt(pi) * sigma * sqrt(2.0)) +
                     refl_b[i] / (1.0 + exp(-P / 10.0)) / 10.0;
        double R_b = range_b[i] + 40.0 / (R * log(10.0)) * P_b + 2.0 * alpha * exp(-2.0 * alpha * R) * loss_b[i] +
                     2.0 / 3.0 * radius / R * cell_radius_b[i];
        double az_b = azimuth_b[i], el_b = elevation_b[i];
        x_b[i] += R_b * x[i] / R - az_b * y[i] / rh2 - el_b * z[i] * x[i] / (rh * (rh2 + z[i] * z[i]));
        y_b[i] += R_b * y[i] / R + az_b * x[i] / rh2 - el_b * z[i] * y[i] / (rh * (rh2 + z[i] * z[i]));
        z_b[i] += R_b * z[i] / R + el_b * rh / (rh2 + z[i] * z[i]);
        amp_b[i] += 20.0 / (amp[i] * log(10.0)) * P_b;
        range_b[i] = azimuth_b[i] = elevation_b[i] = power_db_b[i] = 0.0;
        pd_b[i] = refl_b[i] = loss_b[i] = cell_radius_b[i] = 0.0;
    }
}
