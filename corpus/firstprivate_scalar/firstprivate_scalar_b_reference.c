/* Hand-written reverse-mode adjoint of firstprivate_scalar (the test oracle).
 *
 * Per thread, with `in_t` its private copy (initialised from `in`) and the thread's iterations
 * reversed:   in_t = 0     =>  in_t_b = 0
 *             out[i] = in_t =>  in_t_b += out_b[i];  out_b[i] = 0
 * so when the thread's first iteration has been reversed, in_t_b holds out_b[first iteration], and the
 * adjoint of the firstprivate initialisation in_t = in is  in_b += in_t_b  summed over the threads:
 * firstprivate becomes reduction(+) ([TOMS-AD] figure 9).
 *
 * Which iteration a thread ran first depends on the schedule, so this oracle (unlike the others) keeps
 * the OpenMP loop: the same static schedule over the same iterations with the same team gives every
 * thread the same iterations as in the primal. Going forward instead of backward changes nothing, as
 * each iteration touches its own out_b[i] and only the first one reaches in_t_b. */

void firstprivate_scalar_b(int n, double *out, double *out_b, double in, double *in_b)
{
    double in_sum_b = 0.0;
    (void)out;
    (void)in;
#pragma omp parallel reduction(+ : in_sum_b)
    {
        int first = 1; /* this thread has not run an iteration yet: in_t is still `in` */
#pragma omp for schedule(static)
        for (int i = 0; i < n; i++) {
            if (first) in_sum_b += out_b[i];
            first = 0;
            out_b[i] = 0.0;
        }
    }
    *in_b += in_sum_b;
}
