/* Hand-written reverse-mode adjoint of cross_entropy (the test oracle), serial, computed in double.
 * label is passive; temperature is active (by value: *temperature_b); loss and mean_loss are outputs
 * (their adjoints consumed). With t the clamped temperature and p = softmax(x / t) of a row x,
 *   loss = log sum_j exp((x_j - mx) / t) - (x_label - mx) / t  = logsumexp(x / t) - x_label / t
 *   (the shift mx cancels, so its adjoint contributions do too)
 *   =>  x_b[j] += (p_j - [j = label]) / t * l_b,   t_b += (x_label - sum_j p_j x_j) / t^2 * l_b,
 *       l_b = loss_b[i] + mean_loss_b / n;   temperature_b += t_b where |temperature| > 1e-3
 *
 * Verdicts expected for the adjoint of the parallel region at cross_entropy.c:28 (active logits,
 * temperature, loss, mean_loss):
 *   the omp for at :36   logits shared (row i only, through the pointer row = logits + (long)i * m);
 *                        loss shared (loss[i] only); t (the clamped temperature, shared, read by
 *                        every iteration): its adjoint is a sum, reduction(+)
 *   mine (region-local, one per thread) accumulates loss[i]: its adjoint is per thread, each thread's
 *   mine_b = partial_b[thread] = mean_loss_b / n, set by the adjoint of the master block
 *   partial[omp_get_thread_num()]: one element per thread, shared; the single and master blocks run
 *   once (their adjoints too), ordered by the barriers around them */

#include <math.h>

void cross_entropy_b(int n, int m, const float *logits, float *logits_b, const int *label, float temperature,
                     float *temperature_b, float *loss, float *loss_b, double *mean_loss, double *mean_loss_b)
{
    (void)loss;
    (void)mean_loss;
    if (n <= 0) {
        *mean_loss_b = 0.0;
        return;
    }
    const int clamped = !(fabs(temperature) > 1.0e-3);
    const double t = clamped ? 1.0e-3 : temperature;
    const double mean_b = *mean_loss_b;
    double t_b = 0.0;
    *mean_loss_b = 0.0;
    for (int i = n - 1; i >= 0; i--) {
        const float *x = logits + (long)i * m;
        double l_b = loss_b[i] + mean_b / n;
        loss_b[i] = 0.0f;
        double mx = x[0], s = 0.0, px = 0.0;
        for (int j = 1; j < m; j++) mx = x[j] > mx ? x[j] : mx;
        for (int j = 0; j < m; j++) s += exp((x[j] - mx) / t);
        for (int j = 0; j < m; j++) {
            double p = exp((x[j] - mx) / t) / s;
            px += p * x[j];
            logits_b[(long)i * m + j] += (float)((p - (j == label[i] ? 1.0 : 0.0)) / t * l_b);
        }
        t_b += (x[label[i]] - px) / (t * t) * l_b;
    }
    if (!clamped) *temperature_b += (float)t_b;
}
