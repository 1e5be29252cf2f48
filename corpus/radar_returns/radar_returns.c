/* Per-return processing of a radar's detections, as a signal-processing code writes it: from each
 * return's position relative to the antenna (x, y, z in km) and its raw amplitude, the slant range,
 * azimuth and elevation, the range-corrected power in dB, the probability of detection against the
 * noise floor (a Gaussian CDF through erf), a soft-thresholded reflectivity, the two-way attenuation,
 * the radius of the sphere as large as the resolution cell, and the integer azimuth bin and range gate (no derivative). The loop is `parallel for` with the
 * C89 counter made lastprivate to report how many returns were processed; the timing and the verbose
 * print do not enter the results. */

#include <math.h>
#include <omp.h>
#include <stdio.h>

#define PI 3.14159265358979323846
#define AZ_BINS 360
#define GATE_KM 0.25       /* range gate length */
#define NOISE_DB 50.0      /* detection threshold */
#define SIGMA_DB 6.0       /* spread of the detection threshold */
#define ALPHA_PER_KM 0.01  /* one-way attenuation rate */
#define BEAM_SR 3.0e-4     /* solid angle of the beam (steradian) */

void radar_returns(int n, int verbose, const double *x, const double *y, const double *z, const double *amp,
                   double *range, double *azimuth, double *elevation, double *power_db, double *pd,
                   double *refl, double *loss, double *cell_radius, int *bin, int *gate, int *processed)
{
    int i;
    double start = omp_get_wtime();

#pragma omp parallel for lastprivate(i)
    for (i = 0; i < n; i++) {
        double r_h = hypot(x[i], y[i]); /* horizontal distance */

        range[i] = sqrt(r_h * r_h + z[i] * z[i]);
        azimuth[i] = atan2(y[i], x[i]);
        elevation[i] = copysign(atan(fabs(z[i]) / r_h), z[i]);
        power_db[i] = 20.0 * log10(fabs(amp[i])) + 40.0 * log10(range[i]); /* undo the r^4 spreading */
        pd[i] = 0.5 * (1.0 + erf((power_db[i] - NOISE_DB) / (SIGMA_DB * sqrt(2.0))));
        refl[i] = log1p(exp(power_db[i] / 10.0)); /* softplus: smooth max(0, power/10) */
        loss[i] = -expm1(-2.0 * ALPHA_PER_KM * range[i]);
        cell_radius[i] = cbrt(0.75 / PI * BEAM_SR * range[i] * range[i] * GATE_KM);
        bin[i] = (int)floor((azimuth[i] + PI) / (2.0 * PI) * AZ_BINS) % AZ_BINS;
        gate[i] = (int)ceil(range[i] / GATE_KM);
    }
    *processed = i;

    if (verbose)
        printf("radar_returns: %d returns in %.3f ms\n", *processed, 1e3 * (omp_get_wtime() - start));
}
