/* One time step of Rodinia's HotSpot (openmp/hotspot/hotspot_openmp.cpp, single_iteration): the
 * transient temperature of a chip's grid cells from its neighbours, its power and the ambient
 * temperature, in single precision. The grid is walked in BLOCK x BLOCK tiles, one tile row per
 * iteration of the parallel loop; edge cells use themselves as the missing neighbour. The
 * coefficients are file-scope variables that hotspot_coefficients fills from the chip's size, as
 * HotSpot's compute_tran_temp does. */

#define BLOCK 16
#define MAX_PD (3.0e6f)         /* maximum power density possible (say 300W for a 10mm x 10mm chip) */
#define PRECISION (0.001f)      /* required precision in degrees */
#define SPEC_HEAT_SI (1.75e6f)
#define K_SI (100.0f)
#define FACTOR_CHIP (0.5f)      /* capacitance fitting factor */

/* chip parameters */
const float t_chip = 0.0005f;
const float chip_height = 0.016f;
const float chip_width = 0.016f;
const float amb_temp = 80.0f;   /* ambient temperature, assuming no package at all */

/* the time step's coefficients, set by hotspot_coefficients */
float step_div_cap, Rx_1, Ry_1, Rz_1;

void hotspot_coefficients(int row, int col)
{
    float grid_height = chip_height / row;
    float grid_width = chip_width / col;
    float cap = FACTOR_CHIP * SPEC_HEAT_SI * t_chip * grid_width * grid_height;
    float rx = grid_width / (2.0f * K_SI * t_chip * grid_height);
    float ry = grid_height / (2.0f * K_SI * t_chip * grid_width);
    float rz = t_chip / (K_SI * grid_height * grid_width);
    float max_slope = MAX_PD / (FACTOR_CHIP * t_chip * SPEC_HEAT_SI);
    float step = PRECISION / max_slope;
    step_div_cap = step / cap;
    Rx_1 = 1.0f / rx;
    Ry_1 = 1.0f / ry;
    Rz_1 = 1.0f / rz;
}

/* the temperature change of one cell */
static inline float delta(float t, float north, float south, float east, float west, float power)
{
    return step_div_cap * (power + (south + north - 2.0f * t) * Ry_1 + (east + west - 2.0f * t) * Rx_1 +
                           (amb_temp - t) * Rz_1);
}

void hotspot(int row, int col, const float *temp, const float *power, float *result)
{
    int r, c, br, bc;

#pragma omp parallel for private(r, c, bc) firstprivate(row, col) schedule(static)
    for (br = 0; br < row; br += BLOCK) {
        int r_end = br + BLOCK < row ? br + BLOCK : row;
        for (bc = 0; bc < col; bc += BLOCK) {
            int c_end = bc + BLOCK < col ? bc + BLOCK : col;
            for (r = br; r < r_end; r++)
                for (c = bc; c < c_end; c++) {
                    int n = r > 0 ? r - 1 : r, s = r < row - 1 ? r + 1 : r;
                    int w = c > 0 ? c - 1 : c, e = c < col - 1 ? c + 1 : c;
                    result[r * col + c] = temp[r * col + c] +
                                          delta(temp[r * col + c], temp[n * col + c], temp[s * col + c],
                                                temp[r * col + e], temp[r * col + w], power[r * col + c]);
                }
        }
    }
}
