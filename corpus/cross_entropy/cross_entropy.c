/* Softmax cross-entropy of a batch of classifier outputs, as a hand-written C inference/training code
 * computes it: float logits, one row per sample, the loss of each sample and their mean in double.
 * One parallel region: a `single` reads the team size, an `omp for` over the samples accumulates into a
 * region-local double, each thread stores its partial sum at its thread number, and after a barrier the
 * master thread adds them up (a fixed order, so the mean is reproducible for a given team size). */

#include <math.h>
#include <omp.h>
#include <stdlib.h>

#define FABS(x) fabsf(x)
#define MIN_TEMPERATURE 1.0e-3f

void cross_entropy(int n, int m, const float *logits, const int *label, float temperature, float *loss,
                   double *mean_loss)
{
    double *partial;
    int nthreads = 1;
    /* a temperature of (nearly) zero would divide by zero: keep it away from 0 */
    float t = FABS(temperature) > MIN_TEMPERATURE ? temperature : MIN_TEMPERATURE;

    if (n <= 0) { /* empty batch */
        *mean_loss = 0.0;
        return;
    }
    partial = malloc((size_t)omp_get_max_threads() * sizeof *partial);

#pragma omp parallel
    {
        int i, j;
        double mine = 0.0; /* this thread's partial sum */

#pragma omp single
        nthreads = omp_get_num_threads();

#pragma omp for schedule(static)
        for (i = 0; i < n; i++) {
            const float *row = logits + (long)i * m;
            float mx = row[0], s = 0.0f;

            /* the largest logit, subtracted before exponentiating */
            for (j = 1; j < m; j++)
                if (row[j] > mx)
                    mx = row[j];
            j = 0;
            do {
                s += expf((row[j] - mx) / t);
                j++;
            } while (j < m);
            loss[i] = logf(s) - (row[label[i]] - mx) / t;
            mine += loss[i];
        }

        partial[omp_get_thread_num()] = mine;
#pragma omp barrier
#pragma omp master
        {
            double total = 0.0;
            for (i = 0; i < nthreads; i++)
                total += partial[i];
            *mean_loss = total / n;
        }
    }
    free(partial);
}
