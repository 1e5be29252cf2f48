/* Hand-written reverse-mode adjoint of hotspot (the test oracle), cell by cell in reverse row-major
 * order; the coefficients (file-scope, set by hotspot_coefficients) are passive.
 *   result[i] = temp[i] + k (power[i] + Ry (temp[s] + temp[n] - 2 temp[i]) + Rx (temp[e] + temp[w]
 *               - 2 temp[i]) + Rz (amb - temp[i])),   k = step_div_cap
 *   =>  b = result_b[i];  result_b[i] = 0;  power_b[i] += k b;
 *       temp_b[i] += (1 - k (2 Ry + 2 Rx + Rz)) b;  temp_b[n], temp_b[s] += k Ry b;  temp_b[e], temp_b[w] += k Rx b
 *   (an edge cell is its own missing neighbour: the increments land on temp_b[i] as well).
 *
 * Verdicts expected for the adjoint of the loop at hotspot.c:51 (one tile row per iteration; active
 * temp, power, result):
 *   temp    guarded  a tile row's first and last rows increment temp_b of the neighbouring tile rows'
 *                    cells, which other iterations increment too (the primal only reads temp)
 *   power   shared   power_b[r*col + c] of the iteration's own rows only
 *   result  shared   result_b[r*col + c] of the iteration's own rows only (read and zeroed)
 *   r, c, bc private; row, col firstprivate (integers, passive) */

extern float step_div_cap, Rx_1, Ry_1, Rz_1;

void hotspot_b(int row, int col, const float *temp, float *temp_b, const float *power, float *power_b,
               float *result, float *result_b)
{
    (void)temp;
    (void)power;
    (void)result;
    const float k = step_div_cap;
    for (int i = row * col - 1; i >= 0; i--) {
        int r = i / col, c = i % col;
        int north = r > 0 ? i - col : i, south = r < row - 1 ? i + col : i;
        int west = c > 0 ? i - 1 : i, east = c < col - 1 ? i + 1 : i;
        float b = result_b[i];
        result_b[i] = 0.0f;
        power_b[i] += k * b;
        temp_b[i] += (1.0f - k * (2.0f * Ry_1 + 2.0f * Rx_1 + Rz_1)) * b;
        temp_b[north] += k * Ry_1 * b;
        temp_b[south] += k * Ry_1 * b;
        temp_b[east] += k * Rx_1 * b;
        temp_b[west] += k * Rx_1 * b;
    }
}
