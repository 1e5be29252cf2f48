/* Driver for radar_returns: gradient check and timing (see ../common/harness.h). N returns at
 * x, y in [-50, 50) km (at least 1 km from the antenna horizontally), z in [-2, 8) km, amplitudes in
 * [0.01, 1); verbose off. */
#include "../common/harness.h"

void radar_returns(int n, int verbose, const double *x, const double *y, const double *z, const double *amp,
                   double *range, double *azimuth, double *elevation, double *power_db, double *pd,
                   double *refl, double *loss, double *cell_radius, int *bin, int *gate, int *processed);
void radar_returns_b(int n, int verbose, const double *x, double *x_b, const double *y, double *y_b,
                     const double *z, double *z_b, const double *amp, double *amp_b, double *range,
                     double *range_b, double *azimuth, double *azimuth_b, double *elevation, double *elevation_b,
                     double *power_db, double *power_db_b, double *pd, double *pd_b, double *refl, double *refl_b,
                     double *loss, double *loss_b, double *cell_radius, double *cell_radius_b, int *bin, int *gate,
                     int *processed);

static int n, processed;
static int *bin, *gate;
static double *x, *x_b, *y, *y_b, *z, *z_b, *amp, *amp_b, *range, *range_b, *azimuth, *azimuth_b;
static double *elevation, *elevation_b, *power_db, *power_db_b, *pd, *pd_b, *refl, *refl_b, *loss, *loss_b;
static double *cell_radius, *cell_radius_b;
static long len;

static void setup(int size)
{
    n = size;
    len = n;
    double **arrays[] = {&x, &x_b, &y, &y_b, &z, &z_b, &amp, &amp_b, &range, &range_b, &azimuth, &azimuth_b,
                         &elevation, &elevation_b, &power_db, &power_db_b, &pd, &pd_b, &refl, &refl_b,
                         &loss, &loss_b, &cell_radius, &cell_radius_b};
    for (size_t a = 0; a < sizeof arrays / sizeof arrays[0]; a++) *arrays[a] = HARNESS_DOUBLES(len);
    bin = HARNESS_INTS(len);
    gate = HARNESS_INTS(len);
    lcg_seed(61);
    for (int i = 0; i < n; i++) {
        do {
            x[i] = lcg_uniform(-50.0, 50.0);
            y[i] = lcg_uniform(-50.0, 50.0);
        } while (x[i] * x[i] + y[i] * y[i] < 1.0);
        z[i] = lcg_uniform(-2.0, 8.0);
        amp[i] = lcg_uniform(0.01, 1.0);
    }
}

static void primal(void)
{
    radar_returns(n, 0, x, y, z, amp, range, azimuth, elevation, power_db, pd, refl, loss, cell_radius, bin, gate,
                  &processed);
}

static void adjoint(void)
{
    radar_returns_b(n, 0, x, x_b, y, y_b, z, z_b, amp, amp_b, range, range_b, azimuth, azimuth_b, elevation,
                    elevation_b, power_db, power_db_b, pd, pd_b, refl, refl_b, loss, loss_b, cell_radius,
                    cell_radius_b, bin, gate, &processed);
}

int main(int argc, char **argv)
{
    static const struct harness_kernel kernel = {
        .name = "radar_returns",
        .size_meaning = "returns",
        .check_size = 5000,
        .time_size = 4000000,
        .setup = setup,
        .narrays = 12,
        .arrays = {{"x", &x, &x_b, &len},
                   {"y", &y, &y_b, &len},
                   {"z", &z, &z_b, &len},
                   {"amp", &amp, &amp_b, &len},
                   {"range", &range, &range_b, &len},
                   {"azimuth", &azimuth, &azimuth_b, &len},
                   {"elevation", &elevation, &elevation_b, &len},
                   {"power_db", &power_db, &power_db_b, &len},
                   {"pd", &pd, &pd_b, &len},
                   {"refl", &refl, &refl_b, &len},
                   {"loss", &loss, &loss_b, &len},
                   {"cell_radius", &cell_radius, &cell_radius_b, &len}},
        .nvariants = 1,
        .variants = {{"radar_returns", primal, adjoint}},
    };
    return harness_main(argc, argv, &kernel);
}
