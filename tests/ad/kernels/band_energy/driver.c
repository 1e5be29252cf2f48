/* Driver for the band_energy test kernel (see corpus/common/harness.h): NBAND bands, lines spread
 * over them at random; amp and gain active, spectrum the output. */
#include "../../../../corpus/common/harness.h"

enum { NBAND = 24 };

void band_energy(int nline, int nband, const int *band, const double *amp, const double *gain, double *spectrum);
void band_energy_b(int nline, int nband, const int *band, const double *amp, double *amp_b, const double *gain,
                  double *gain_b, double *spectrum, double *spectrum_b);

static int n, *band;
static double *amp, *amp_b, *gain, *gain_b, *spectrum, *spectrum_b;
static long n_len, band_len = NBAND;

static void setup(int size)
{
    n = size;
    n_len = n;
    band = HARNESS_INTS(n);
    amp = HARNESS_DOUBLES(n); amp_b = HARNESS_DOUBLES(n);
    gain = HARNESS_DOUBLES(NBAND); gain_b = HARNESS_DOUBLES(NBAND);
    spectrum = HARNESS_DOUBLES(NBAND); spectrum_b = HARNESS_DOUBLES(NBAND);
    lcg_seed(29);
    for (int l = 0; l < n; l++) {
        band[l] = lcg_int(NBAND);
        amp[l] = lcg_uniform(-1.0, 1.0);
    }
    for (int b = 0; b < NBAND; b++) {
        gain[b] = lcg_uniform(0.5, 1.5);
        spectrum[b] = lcg_uniform(0.0, 1.0);
    }
}

static void primal(void) { band_energy(n, NBAND, band, amp, gain, spectrum); }
static void adjoint(void) { band_energy_b(n, NBAND, band, amp, amp_b, gain, gain_b, spectrum, spectrum_b); }

int main(int argc, char **argv)
{
    static const struct harness_kernel kernel = {
        .name = "band_energy",
        .size_meaning = "spectral lines",
        .check_size = 1001,
        .time_size = 2000000,
        .setup = setup,
        .narrays = 3,
        .arrays = {{"amp", &amp, &amp_b, &n_len},
                   {"gain", &gain, &gain_b, &band_len},
                   {"spectrum", &spectrum, &spectrum_b, &band_len}},
        .nvariants = 1,
        .variants = {{"band_energy", primal, adjoint}},
    };
    return harness_main(argc, argv, &kernel);
}
