/* Stream-collide step of the Parboil LBM benchmark (lattice Boltzmann, D3Q19, BGK collision) in its C
 * form ([FormAD] §7.3), in double precision. Each cell holds N_CELL_ENTRIES = 20
 * values (19 distribution functions and, in Parboil, a flag word); the cell loop steps i by 20, reads
 * its own cell through LOCAL and pushes the collided values to the neighbours through NEIGHBOR
 * (streaming). Obstacle cells bounce their values back instead. The obstacle flags are read as integers
 * from their own array (Parboil keeps them in the FLAGS entry and reads it through a pointer cast).
 * dst must have a margin of at least SIZE_X*SIZE_Y + SIZE_X + 1 cells before and after the
 * N_CELLS cells (Parboil allocates its grids with such margins). */

#define SIZE_X 120
#define SIZE_Y 120
#define N_CELL_ENTRIES 20
#define N_CELLS (SIZE_X * SIZE_Y * size_z)

typedef enum { C = 0, N, S, E, W, T, B, NE, NW, SE, SW, NT, NB, ST, SB, ET, EB, WT, WB, FLAGS } CELL_ENTRIES;

#define OMEGA 1.95
#define DFL1 (1.0 / 3.0)
#define DFL2 (1.0 / 18.0)
#define DFL3 (1.0 / 36.0)
#define OBSTACLE 1

#define LOCAL(g, e) ((g)[(e) + i])
#define NEIGHBOR(g, e, dx, dy, dz) ((g)[(e) + i + ((dx) + (dy) * SIZE_X + (dz) * SIZE_X * SIZE_Y) * N_CELL_ENTRIES])

void lbm(int size_z, const int *flags, const double *src, double *dst)
{
#pragma omp parallel for
    for (int i = 0; i < N_CELLS * N_CELL_ENTRIES; i += N_CELL_ENTRIES) {
        if (flags[i / N_CELL_ENTRIES] & OBSTACLE) {
            /* bounce back: every value leaves in the opposite direction */
            NEIGHBOR(dst, C, 0, 0, 0)    = LOCAL(src, C);
            NEIGHBOR(dst, S, 0, -1, 0)   = LOCAL(src, N);
            NEIGHBOR(dst, N, 0, +1, 0)   = LOCAL(src, S);
            NEIGHBOR(dst, W, -1, 0, 0)   = LOCAL(src, E);
            NEIGHBOR(dst, E, +1, 0, 0)   = LOCAL(src, W);
            NEIGHBOR(dst, B, 0, 0, -1)   = LOCAL(src, T);
            NEIGHBOR(dst, T, 0, 0, +1)   = LOCAL(src, B);
            NEIGHBOR(dst, SW, -1, -1, 0) = LOCAL(src, NE);
            NEIGHBOR(dst, SE, +1, -1, 0) = LOCAL(src, NW);
            NEIGHBOR(dst, NW, -1, +1, 0) = LOCAL(src, SE);
            NEIGHBOR(dst, NE, +1, +1, 0) = LOCAL(src, SW);
            NEIGHBOR(dst, SB, 0, -1, -1) = LOCAL(src, NT);
            NEIGHBOR(dst, ST, 0, -1, +1) = LOCAL(src, NB);
            NEIGHBOR(dst, NB, 0, +1, -1) = LOCAL(src, ST);
            NEIGHBOR(dst, NT, 0, +1, +1) = LOCAL(src, SB);
            NEIGHBOR(dst, WB, -1, 0, -1) = LOCAL(src, ET);
            NEIGHBOR(dst, WT, -1, 0, +1) = LOCAL(src, EB);
            NEIGHBOR(dst, EB, +1, 0, -1) = LOCAL(src, WT);
            NEIGHBOR(dst, ET, +1, 0, +1) = LOCAL(src, WB);
            continue;
        }

        /* density and velocity */
        double rho = LOCAL(src, C) + LOCAL(src, N) + LOCAL(src, S) + LOCAL(src, E) + LOCAL(src, W)
                     + LOCAL(src, T) + LOCAL(src, B) + LOCAL(src, NE) + LOCAL(src, NW) + LOCAL(src, SE)
                     + LOCAL(src, SW) + LOCAL(src, NT) + LOCAL(src, NB) + LOCAL(src, ST)
                     + LOCAL(src, SB) + LOCAL(src, ET) + LOCAL(src, EB) + LOCAL(src, WT)
                     + LOCAL(src, WB);
        double ux = LOCAL(src, E) - LOCAL(src, W) + LOCAL(src, NE) - LOCAL(src, NW) + LOCAL(src, SE)
                    - LOCAL(src, SW) + LOCAL(src, ET) + LOCAL(src, EB) - LOCAL(src, WT) - LOCAL(src, WB);
        double uy = LOCAL(src, N) - LOCAL(src, S) + LOCAL(src, NE) + LOCAL(src, NW) - LOCAL(src, SE)
                    - LOCAL(src, SW) + LOCAL(src, NT) + LOCAL(src, NB) - LOCAL(src, ST) - LOCAL(src, SB);
        double uz = LOCAL(src, T) - LOCAL(src, B) + LOCAL(src, NT) - LOCAL(src, NB) + LOCAL(src, ST)
                    - LOCAL(src, SB) + LOCAL(src, ET) - LOCAL(src, EB) + LOCAL(src, WT) - LOCAL(src, WB);
        ux /= rho;
        uy /= rho;
        uz /= rho;
        double u2 = 1.5 * (ux * ux + uy * uy + uz * uz);
        double c1 = DFL1 * OMEGA * rho, c2 = DFL2 * OMEGA * rho, c3 = DFL3 * OMEGA * rho;

        /* relax towards the equilibrium and stream to the neighbours */
        NEIGHBOR(dst, C, 0, 0, 0)    = (1.0 - OMEGA) * LOCAL(src, C) + c1 * (1.0 - u2);
        NEIGHBOR(dst, N, 0, +1, 0)   = (1.0 - OMEGA) * LOCAL(src, N) + c2 * (1.0 + uy * (4.5 * uy + 3.0) - u2);
        NEIGHBOR(dst, S, 0, -1, 0)   = (1.0 - OMEGA) * LOCAL(src, S) + c2 * (1.0 + uy * (4.5 * uy - 3.0) - u2);
        NEIGHBOR(dst, E, +1, 0, 0)   = (1.0 - OMEGA) * LOCAL(src, E) + c2 * (1.0 + ux * (4.5 * ux + 3.0) - u2);
        NEIGHBOR(dst, W, -1, 0, 0)   = (1.0 - OMEGA) * LOCAL(src, W) + c2 * (1.0 + ux * (4.5 * ux - 3.0) - u2);
        NEIGHBOR(dst, T, 0, 0, +1)   = (1.0 - OMEGA) * LOCAL(src, T) + c2 * (1.0 + uz * (4.5 * uz + 3.0) - u2);
        NEIGHBOR(dst, B, 0, 0, -1)   = (1.0 - OMEGA) * LOCAL(src, B) + c2 * (1.0 + uz * (4.5 * uz - 3.0) - u2);
        NEIGHBOR(dst, NE, +1, +1, 0) = (1.0 - OMEGA) * LOCAL(src, NE) + c3 * (1.0 + (+ux+uy) * (4.5 * (+ux+uy) + 3.0) - u2);
        NEIGHBOR(dst, NW, -1, +1, 0) = (1.0 - OMEGA) * LOCAL(src, NW) + c3 * (1.0 + (-ux+uy) * (4.5 * (-ux+uy) + 3.0) - u2);
        NEIGHBOR(dst, SE, +1, -1, 0) = (1.0 - OMEGA) * LOCAL(src, SE) + c3 * (1.0 + (+ux-uy) * (4.5 * (+ux-uy) + 3.0) - u2);
        NEIGHBOR(dst, SW, -1, -1, 0) = (1.0 - OMEGA) * LOCAL(src, SW) + c3 * (1.0 + (-ux-uy) * (4.5 * (-ux-uy) + 3.0) - u2);
        NEIGHBOR(dst, NT, 0, +1, +1) = (1.0 - OMEGA) * LOCAL(src, NT) + c3 * (1.0 + (+uy+uz) * (4.5 * (+uy+uz) + 3.0) - u2);
        NEIGHBOR(dst, NB, 0, +1, -1) = (1.0 - OMEGA) * LOCAL(src, NB) + c3 * (1.0 + (+uy-uz) * (4.5 * (+uy-uz) + 3.0) - u2);
        NEIGHBOR(dst, ST, 0, -1, +1) = (1.0 - OMEGA) * LOCAL(src, ST) + c3 * (1.0 + (-uy+uz) * (4.5 * (-uy+uz) + 3.0) - u2);
        NEIGHBOR(dst, SB, 0, -1, -1) = (1.0 - OMEGA) * LOCAL(src, SB) + c3 * (1.0 + (-uy-uz) * (4.5 * (-uy-uz) + 3.0) - u2);
        NEIGHBOR(dst, ET, +1, 0, +1) = (1.0 - OMEGA) * LOCAL(src, ET) + c3 * (1.0 + (+ux+uz) * (4.5 * (+ux+uz) + 3.0) - u2);
        NEIGHBOR(dst, EB, +1, 0, -1) = (1.0 - OMEGA) * LOCAL(src, EB) + c3 * (1.0 + (+ux-uz) * (4.5 * (+ux-uz) + 3.0) - u2);
        NEIGHBOR(dst, WT, -1, 0, +1) = (1.0 - OMEGA) * LOCAL(src, WT) + c3 * (1.0 + (-ux+uz) * (4.5 * (-ux+uz) + 3.0) - u2);
        NEIGHBOR(dst, WB, -1, 0, -1) = (1.0 - OMEGA) * LOCAL(src, WB) + c3 * (1.0 + (-ux-uz) * (4.5 * (-ux-uz) + 3.0) - u2);
    }
}
