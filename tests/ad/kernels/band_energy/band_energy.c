/* Energy per frequency band of a set of spectral lines, as a hand-parallelised signal code sums it:
 * each thread adds its lines into a band buffer of its own, allocated on entry to the region, and
 * adds the buffer into the shared spectrum under `omp critical` once its lines are done (no
 * reduction over an array in the compilers the code was first written for). */
#include <stdlib.h>

#define SQR(a) ((a) * (a))

void band_energy(int nline, int nband, const int *band, const double *amp, const double *gain, double *spectrum)
{
#pragma omp parallel
    {
        double *mine = (double *)malloc((size_t)nband * sizeof(double)); /* this thread's bands */
        int l, b;

        for (b = 0; b < nband; b++)
            mine[b] = 0.0;
#pragma omp for schedule(static)
        for (l = 0; l < nline; l++)
            mine[band[l]] += gain[band[l]] * SQR(amp[l]);

#pragma omp critical
        {
            for (b = 0; b < nband; b++)
                spectrum[b] += mine[b];
        }
        free(mine);
    }
}
