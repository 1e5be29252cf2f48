/* A firstprivate scalar ([Enzyme] figure 6): every thread starts with its own copy of
 * `in`, so the first iteration each thread runs stores `in` and all later ones store 0. The result
 * depends on the schedule, so the schedule is spelled out: the adjoint must replay the same one. */

void firstprivate_scalar(int n, double *out, double in)
{
#pragma omp parallel for firstprivate(in) schedule(static)
    for (int i = 0; i < n; i++) {
        out[i] = in;
        in = 0.0;
    }
}
