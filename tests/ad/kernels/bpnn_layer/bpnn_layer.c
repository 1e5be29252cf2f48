/* Test kernel for `adrace adjoint` (not a corpus case): one layer of a back-propagation network in
 * Rodinia backprop's style (bpnn_layerforward and bpnn_adjust_weights), its weights `float **`
 * arrays of row pointers (one row per unit of the first layer, docs/adjoint.md, "Arrays of row
 * pointers"): a layer-forward sum over conn[k][j] * l1[k] squashed by a sigmoid, then the weights
 * updated by a parallel loop over j with w[k][j] += new_dw and the momentum kept in oldw. C89
 * counters, float data, macros, a static helper, an `int` status.
 *   l2[j] = squash(sum_k conn[k][j] * l1[k])                      (j = 1..n2, k = 0..n1)
 *   new_dw = ETA * delta[j] * l2[j] * l1[k] + MOMENTUM * oldw[k][j];  w[k][j] += new_dw;  oldw[k][j] = new_dw */
#include <math.h>

#define ETA 0.3f
#define MOMENTUM 0.3f
#define BPNN_OK 0

static float squash(float x) { return (float)(1.0 / (1.0 + exp(-x))); }

int bpnn_layer(float *l1, float *l2, float **conn, float *delta, float **w, float **oldw, int n1, int n2)
{
    float sum, new_dw;
    int j, k;

    /*** For each unit in second layer: the weighted sum of its inputs ***/
#pragma omp parallel for shared(conn, n1, n2, l1) private(k, j, sum) schedule(static)
    for (j = 1; j <= n2; j++) {
        sum = 0.0f;
        for (k = 0; k <= n1; k++) {
            sum += conn[k][j] * l1[k];
        }
        l2[j] = squash(sum);
    }

    /*** Adjust the weights into the second layer ***/
#pragma omp parallel for shared(oldw, w, delta) private(j, k, new_dw) firstprivate(n1, n2)
    for (j = 1; j <= n2; j++) {
        for (k = 0; k <= n1; k++) {
            new_dw = ((ETA * delta[j] * l2[j] * l1[k]) + (MOMENTUM * oldw[k][j]));
            w[k][j] += new_dw;
            oldw[k][j] = new_dw;
        }
    }
    return BPNN_OK;
}
