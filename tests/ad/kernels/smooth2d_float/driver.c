/* Exact check of smooth2d_float_b (the kernel is linear, so its adjoint is known in closed form):
 * x_b[r][j] gets y_b[r + 1][j] (from row i = r + 1) and y_b[r - 1][j] (from i = r - 1), rows 1..n-2
 * only; y_b is consumed. Global arrays, so that AddressSanitizer sees an overflow of x_b. */
#include <math.h>
#include <stdio.h>

void smooth2d_float(int n, const float x[64][64], float y[64][64]);
void smooth2d_float_b(int n, const float x[64][64], float x_b[64][64], float y[64][64], float y_b[64][64]);

static float x[64][64], x_b[64][64], y[64][64], y_b[64][64];
static double expected[64][64];

int main(void)
{
    int n = 64, i, j, bad = 0;
    for (i = 0; i < 64; i++)
        for (j = 0; j < 64; j++) {
            x[i][j] = (float)((i * 7 + j * 3) % 11) / 11.0f;
            y_b[i][j] = (float)((i * 5 + j * 13) % 17) / 17.0f + 0.5f;
            x_b[i][j] = 0.0f;
        }
    for (i = 1; i < n - 1; i++)
        for (j = 0; j < 64; j++) {
            expected[i - 1][j] += y_b[i][j];
            expected[i + 1][j] += y_b[i][j];
        }
    smooth2d_float(n, x, y);
    smooth2d_float_b(n, x, x_b, y, y_b);
    for (i = 0; i < 64; i++)
        for (j = 0; j < 64; j++) {
            if (fabs(x_b[i][j] - expected[i][j]) > 1e-5 * (1.0 + fabs(expected[i][j]))) {
                if (bad++ < 5) printf("x_b[%d][%d] = %g, expected %g\n", i, j, x_b[i][j], expected[i][j]);
            }
            if (i >= 1 && i < n - 1 && y_b[i][j] != 0.0f) {
                if (bad++ < 5) printf("y_b[%d][%d] = %g not consumed\n", i, j, y_b[i][j]);
            }
        }
    printf("%s: %d wrong values\n", bad ? "FAIL" : "ok", bad);
    return bad != 0;
}
