/* Hand-written reverse-mode adjoint of lbm (the test oracle), written over the lattice vectors rather
 * than statement by statement, so that it does not share the kernel's text.
 *
 * Per fluid cell, with f[e] = src[e + i] and c[e] the lattice vector of direction e:
 *   rho = sum f[e];  m = sum c[e] f[e];  u = m / rho;  u2 = 1.5 |u|^2;  cu[e] = c[e].u
 *   out[e] = (1 - OMEGA) f[e] + w[e] OMEGA rho (1 + cu[e] (4.5 cu[e] + 3) - u2)
 *   dst[e + i + offset(c[e])] = out[e]
 * Per obstacle cell: dst[opp(e) + i + offset(c[opp(e)])] = f[e]  (bounce back).
 * Adjoint, cells in reverse order (src is never written, so the forward values are recomputed):
 *   out_b[e] = dst_b[..];  dst_b[..] = 0
 *   f_b[e] += (1 - OMEGA) out_b[e]
 *   rho_b  += w[e] OMEGA (1 + cu (4.5 cu + 3) - u2) out_b[e]
 *   cu_b[e] = w[e] OMEGA rho (9 cu + 3) out_b[e];   u2_b -= w[e] OMEGA rho out_b[e]
 *   u_b    += sum c[e] cu_b[e] + 3 u u2_b
 *   m_b = u_b / rho;  rho_b -= (u . u_b) / rho
 *   f_b[e] += rho_b + c[e] . m_b */

#define SIZE_X 120
#define SIZE_Y 120
#define N_CELL_ENTRIES 20
#define N_DIRECTIONS 19
#define OMEGA 1.95
#define OBSTACLE 1

/* directions in Parboil's order: C, N, S, E, W, T, B, NE, NW, SE, SW, NT, NB, ST, SB, ET, EB, WT, WB */
static const int lattice[N_DIRECTIONS][3] = {
    {0, 0, 0},  {0, 1, 0},   {0, -1, 0}, {1, 0, 0},  {-1, 0, 0}, {0, 0, 1},  {0, 0, -1},
    {1, 1, 0},  {-1, 1, 0},  {1, -1, 0}, {-1, -1, 0}, {0, 1, 1}, {0, 1, -1}, {0, -1, 1},
    {0, -1, -1}, {1, 0, 1},  {1, 0, -1}, {-1, 0, 1}, {-1, 0, -1}};

static double weight(int e)
{
    int speed2 = lattice[e][0] * lattice[e][0] + lattice[e][1] * lattice[e][1] + lattice[e][2] * lattice[e][2];
    return speed2 == 0 ? 1.0 / 3.0 : speed2 == 1 ? 1.0 / 18.0 : 1.0 / 36.0;
}

static int opposite(int e)
{
    for (int o = 0; o < N_DIRECTIONS; o++)
        if (lattice[o][0] == -lattice[e][0] && lattice[o][1] == -lattice[e][1] && lattice[o][2] == -lattice[e][2])
            return o;
    return -1;
}

/* where the value leaving cell i in direction e is stored in dst */
static long destination(long i, int e)
{
    return e + i + (long)(lattice[e][0] + lattice[e][1] * SIZE_X + lattice[e][2] * SIZE_X * SIZE_Y) * N_CELL_ENTRIES;
}

void lbm_b(int size_z, const int *flags, const double *src, double *src_b, double *dst, double *dst_b)
{
    long n_cells = (long)SIZE_X * SIZE_Y * size_z;
    (void)dst;
    for (long cell = n_cells - 1; cell >= 0; cell--) {
        long i = cell * N_CELL_ENTRIES;
        const double *f = src + i;
        double *f_b = src_b + i;

        if (flags[cell] & OBSTACLE) {
            for (int e = N_DIRECTIONS - 1; e >= 0; e--) {
                long d = destination(i, opposite(e));
                f_b[e] += dst_b[d];
                dst_b[d] = 0.0;
            }
            continue;
        }

        /* forward values */
        double rho = 0.0, m[3] = {0.0, 0.0, 0.0}, u[3];
        for (int e = 0; e < N_DIRECTIONS; e++) {
            rho += f[e];
            for (int k = 0; k < 3; k++) m[k] += lattice[e][k] * f[e];
        }
        for (int k = 0; k < 3; k++) u[k] = m[k] / rho;
        double u2 = 1.5 * (u[0] * u[0] + u[1] * u[1] + u[2] * u[2]);

        /* collide and stream, reversed */
        double rho_b = 0.0, u_b[3] = {0.0, 0.0, 0.0}, u2_b = 0.0;
        for (int e = N_DIRECTIONS - 1; e >= 0; e--) {
            long d = destination(i, e);
            double out_b = dst_b[d];
            dst_b[d] = 0.0;
            double cu = lattice[e][0] * u[0] + lattice[e][1] * u[1] + lattice[e][2] * u[2];
            double w = weight(e) * OMEGA;
            f_b[e] += (1.0 - OMEGA) * out_b;
            rho_b += w * (1.0 + cu * (4.5 * cu + 3.0) - u2) * out_b;
            double cu_b = w * rho * (9.0 * cu + 3.0) * out_b;
            u2_b -= w * rho * out_b;
            for (int k = 0; k < 3; k++) u_b[k] += lattice[e][k] * cu_b;
        }

        /* u2 = 1.5 |u|^2;  u = m / rho;  rho = sum f;  m = sum c f */
        for (int k = 0; k < 3; k++) u_b[k] += 3.0 * u[k] * u2_b;
        double m_b[3];
        for (int k = 0; k < 3; k++) {
            m_b[k] = u_b[k] / rho;
            rho_b -= u[k] * u_b[k] / rho;
        }
        for (int e = N_DIRECTIONS - 1; e >= 0; e--)
            f_b[e] += rho_b + lattice[e][0] * m_b[0] + lattice[e][1] * m_b[1] + lattice[e][2] * m_b[2];
    }
}
