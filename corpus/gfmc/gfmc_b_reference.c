/* Hand-written reverse-mode adjoint of gfmc (the test oracle). Active: cr, ctt, cl; tdott and the
 * x.. coefficients are passive. The spin-flip loop is reversed first, then the spin exchange.
 *   cl[j][a] = x1*cr[j][a] + x2*ctt[j][a] + x3*cr[j][b]
 *       =>  t = cl_b[j][a]; cl_b[j][a] = 0; cr_b[j][a] += x1*t; ctt_b[j][a] += x2*t; cr_b[j][b] += x3*t
 *   ctt[j][i] += tdott[j][jp]*cr[jp][i]   =>  cr_b[jp][i] += tdott[j][jp]*ctt_b[j][i]
 *   ctt[j][i] = 0                         =>  ctt_b[j][i] = 0 */

void gfmc_b(int nt, int ns, int nsg, const int mss[nsg][4], const double tdott[nt][nt], double xee, double xeet,
            double xem, double xmm, double xmmt, double xme, const double cr[nt][ns], double cr_b[nt][ns],
            double ctt[nt][ns], double ctt_b[nt][ns], double cl[nt][ns], double cl_b[nt][ns])
{
    double t;
    (void)cr;
    (void)ctt;
    (void)cl;

    /* spin flip, reversed */
    for (int j = nt - 1; j >= 0; j--) {
        for (int ig = nsg - 1; ig >= 0; ig--) {
            int idd = mss[ig][0];
            int iud = mss[ig][1];
            int idu = mss[ig][2];
            int iuu = mss[ig][3];
            /* cl[j][idu] = xmm*cr[j][idu] + xmmt*ctt[j][idu] + xme*cr[j][iud] */
            t = cl_b[j][idu];
            cl_b[j][idu] = 0.0;
            cr_b[j][idu] += xmm * t;
            ctt_b[j][idu] += xmmt * t;
            cr_b[j][iud] += xme * t;
            /* cl[j][iud] = xmm*cr[j][iud] + xmmt*ctt[j][iud] + xme*cr[j][idu] */
            t = cl_b[j][iud];
            cl_b[j][iud] = 0.0;
            cr_b[j][iud] += xmm * t;
            ctt_b[j][iud] += xmmt * t;
            cr_b[j][idu] += xme * t;
            /* cl[j][iuu] = xee*cr[j][iuu] + xeet*ctt[j][iuu] + xem*cr[j][idd] */
            t = cl_b[j][iuu];
            cl_b[j][iuu] = 0.0;
            cr_b[j][iuu] += xee * t;
            ctt_b[j][iuu] += xeet * t;
            cr_b[j][idd] += xem * t;
            /* cl[j][idd] = xee*cr[j][idd] + xeet*ctt[j][idd] + xem*cr[j][iuu] */
            t = cl_b[j][idd];
            cl_b[j][idd] = 0.0;
            cr_b[j][idd] += xee * t;
            ctt_b[j][idd] += xeet * t;
            cr_b[j][iuu] += xem * t;
        }
    }

    /* spin exchange, reversed */
    for (int j = nt - 1; j >= 0; j--) {
        for (int jp = nt - 1; jp >= 0; jp--) {
            if (tdott[j][jp] != 0.0) {
                for (int i = ns - 1; i >= 0; i--)
                    cr_b[jp][i] += tdott[j][jp] * ctt_b[j][i];
            }
        }
        for (int i = ns - 1; i >= 0; i--)
            ctt_b[j][i] = 0.0;
    }
}
