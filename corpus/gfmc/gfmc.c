/* Spin exchange and spin flip of the CORAL GFMC kernel stassuij ([FormAD] §7.2),
 * in real arithmetic, split in two worksharing loops over the isospin states j of one parallel region
 * (the paper's "GFMC"; gfmc_fused is the original single loop, "GFMC*").
 *
 * cr[jp][i], cl[j][i]: the wave function before and after, for isospin state j and spin state i.
 * tdott[j][jp]: sparse isospin exchange matrix. mss[ig][0..3]: the spin states dd, ud, du, uu of the
 * ig-th group that the spin flip of one particle pair mixes (every spin state is in one group). */

void gfmc(int nt, int ns, int nsg, const int mss[nsg][4], const double tdott[nt][nt], double xee, double xeet,
          double xem, double xmm, double xmmt, double xme, const double cr[nt][ns], double ctt[nt][ns],
          double cl[nt][ns])
{
#pragma omp parallel
    {
        /* spin exchange: ctt[j] = sum over jp of tdott[j][jp]*cr[jp]; the rows of tdott have different
         * numbers of nonzeros, hence the dynamic schedule */
#pragma omp for schedule(dynamic)
        for (int j = 0; j < nt; j++) {
            for (int i = 0; i < ns; i++)
                ctt[j][i] = 0.0;
            for (int jp = 0; jp < nt; jp++) {
                if (tdott[j][jp] != 0.0) {
                    for (int i = 0; i < ns; i++)
                        ctt[j][i] += tdott[j][jp] * cr[jp][i];
                }
            }
        }

        /* spin flip: mix the four states of each group, in cr and in its exchanged copy ctt */
#pragma omp for
        for (int j = 0; j < nt; j++) {
            for (int ig = 0; ig < nsg; ig++) {
                int idd = mss[ig][0];
                int iud = mss[ig][1];
                int idu = mss[ig][2];
                int iuu = mss[ig][3];
                cl[j][idd] = xee * cr[j][idd] + xeet * ctt[j][idd] + xem * cr[j][iuu];
                cl[j][iuu] = xee * cr[j][iuu] + xeet * ctt[j][iuu] + xem * cr[j][idd];
                cl[j][iud] = xmm * cr[j][iud] + xmmt * ctt[j][iud] + xme * cr[j][idu];
                cl[j][idu] = xmm * cr[j][idu] + xmmt * ctt[j][idu] + xme * cr[j][iud];
            }
        }
    }
}
