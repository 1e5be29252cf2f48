/* Driver for gfmc: gradient check and timing (see ../common/harness.h).
 * ns = 128 spin states (7 particles); the spin flip acts on particles 1 and 4, so the 32 groups
 * mss[ig] = {dd, ud, du, uu} partition the spin states. tdott is nt x nt with about 60% zeros. */
#include "../common/harness.h"

void gfmc(int nt, int ns, int nsg, const int mss[nsg][4], const double tdott[nt][nt], double xee, double xeet,
          double xem, double xmm, double xmmt, double xme, const double cr[nt][ns], double ctt[nt][ns],
          double cl[nt][ns]);
void gfmc_b(int nt, int ns, int nsg, const int mss[nsg][4], const double tdott[nt][nt], double xee, double xeet,
            double xem, double xmm, double xmmt, double xme, const double cr[nt][ns], double cr_b[nt][ns],
            double ctt[nt][ns], double ctt_b[nt][ns], double cl[nt][ns], double cl_b[nt][ns]);

enum { NS = 128, NSG = NS / 4, PARTICLE_P = 1, PARTICLE_Q = 4 };
static const double xee = 0.7, xeet = -0.3, xem = 0.45, xmm = -0.6, xmmt = 0.2, xme = 0.55;
static int nt, ns = NS, nsg = NSG;
static int mss[NSG][4];
static double *tdott;
static double *cr, *cr_b, *ctt, *ctt_b, *cl, *cl_b; /* nt x ns, row-major */
static long len;

static void setup(int size)
{
    nt = size;
    len = (long)nt * ns;
    tdott = HARNESS_DOUBLES((long)nt * nt);
    cr = HARNESS_DOUBLES(len); cr_b = HARNESS_DOUBLES(len);
    ctt = HARNESS_DOUBLES(len); ctt_b = HARNESS_DOUBLES(len);
    cl = HARNESS_DOUBLES(len); cl_b = HARNESS_DOUBLES(len);
    int ig = 0;
    for (int s = 0; s < ns; s++) {
        if (s & ((1 << PARTICLE_P) | (1 << PARTICLE_Q))) continue; /* both particles down: s is dd */
        mss[ig][0] = s;
        mss[ig][1] = s | (1 << PARTICLE_P);
        mss[ig][2] = s | (1 << PARTICLE_Q);
        mss[ig][3] = s | (1 << PARTICLE_P) | (1 << PARTICLE_Q);
        ig++;
    }
    lcg_seed(11);
    for (long k = 0; k < (long)nt * nt; k++) tdott[k] = lcg_uniform(0.0, 1.0) < 0.6 ? 0.0 : lcg_uniform(-1.0, 1.0);
    lcg_fill(cr, len, -1.0, 1.0);
    lcg_fill(ctt, len, -1.0, 1.0);
    lcg_fill(cl, len, -1.0, 1.0);
}

static void primal(void)
{
    gfmc(nt, ns, nsg, (const int(*)[4])mss, (const double(*)[nt])tdott, xee, xeet, xem, xmm, xmmt, xme,
         (const double(*)[ns])cr, (double(*)[ns])ctt, (double(*)[ns])cl);
}

static void adjoint(void)
{
    gfmc_b(nt, ns, nsg, (const int(*)[4])mss, (const double(*)[nt])tdott, xee, xeet, xem, xmm, xmmt, xme,
           (const double(*)[ns])cr, (double(*)[ns])cr_b, (double(*)[ns])ctt, (double(*)[ns])ctt_b,
           (double(*)[ns])cl, (double(*)[ns])cl_b);
}

int main(int argc, char **argv)
{
    static const struct harness_kernel kernel = {
        .name = "gfmc",
        .size_meaning = "isospin states nt (ns = 128 spin states)",
        .check_size = 12,
        .time_size = 512,
        .setup = setup,
        .narrays = 3,
        .arrays = {{"cr", &cr, &cr_b, &len}, {"ctt", &ctt, &ctt_b, &len}, {"cl", &cl, &cl_b, &len}},
        .nvariants = 1,
        .variants = {{"gfmc", primal, adjoint}},
    };
    return harness_main(argc, argv, &kernel);
}
