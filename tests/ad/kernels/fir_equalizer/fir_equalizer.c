/* Test kernel for `adrace adjoint` (not a corpus case): one stage of an audio equaliser as a DSP
 * library writes it, in float with C89 counters. A symmetric FIR low-pass of NTAPS coefficients (a
 * bare pointer: its length is known only from the inner loop's bounds), then a gain per band (the
 * signal interleaves NBANDS channels, sample i on channel i % NBANDS; a table of declared size) and a
 * DC offset. Every sample reads every coefficient and one gain: both adjoints are small arrays that
 * every iteration increments, summed per thread and added once (docs/adjoint.md, "Small adjoint
 * arrays"). */
#define HALF 3
#define NTAPS (2 * HALF + 1)
#define NBANDS 4
#define EQ_OK 0
#define BAND_OF(i) ((i) % NBANDS)

int fir_equalizer(int n, const float *coef, const float band_gain[NBANDS], float dc, const float *in, float *out)
{
    int i, k;
    float acc;

    /* a signal shorter than NTAPS has no interior sample: the loop runs no iteration */
#pragma omp parallel for private(k, acc) firstprivate(dc) schedule(static)
    for (i = HALF; i < n - HALF; i++) {
        acc = dc;
        for (k = -HALF; k <= HALF; k++)
            acc += coef[k + HALF] /* tap k */ * in[i + k];
        out[i] = band_gain[BAND_OF(i)] * acc;
    }
    return(EQ_OK);
}
