/* A 1-D blur written C89 style, its three taps read inside one function-like macro: the reads of a
 * macro's argument all sit at the macro's name in the source positions, so the adjoint cannot tell
 * them apart by position (it must guard them rather than guess which is which). */
#define WEIGHT(x) ((x) * 0.25)

void macro_blur(int n, double gain, const double *in, double *out)
{
    int i;

#pragma omp parallel for firstprivate(gain) schedule(static)
    for (i = 1; i < n - 1; i++)
        out[i] = gain * WEIGHT(in[i - 1] + /* the centre weighs double */ 2.0 * in[i]
                               + in[i + 1]);
}
