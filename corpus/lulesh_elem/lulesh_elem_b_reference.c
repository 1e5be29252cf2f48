/* Hand-written reverse-mode adjoint of lulesh_elem (the test oracle), in vector form rather than
 * statement by statement, so that it does not share the kernel's text. The adjoint Domain domain_b
 * has the primal's type: its floating fields point to (or hold) the adjoints, its integer fields are
 * unused.
 *
 * Per element, with P[n] the position of local node n and U[n] its velocity:
 *   V(P) = 1/12 sum_t u_t . (v_t x w_t), three terms whose vectors are sums of node differences
 *          (the table `term` below), so  grad V: u_b = s v x w,  v_b = s w x u,  w_b = s u x v,  s = V_b/12
 *   vnew = V / volo,  delv = V / volo - v
 *   arealg = 4 V / sqrt(A),  A = the largest face area  |f|^2 |g|^2 - (f.g)^2,
 *            f = (P2 - P0) - (P3 - P1),  g = (P2 - P0) + (P3 - P1) over the face's corners P0..P3
 *   vdov = (V - Vh) / (dt2 V),  Vh = V(P - dt2 U),  dt2 = deltatime / 2
 * The inputs are never written, so the forward values are recomputed per element.
 *
 * Verdicts expected for the adjoint of the loop at lulesh_elem.c:115 (active: every floating field of
 * the Domain):
 *   m_x, m_y, m_z, m_xd, m_yd, m_zd   guarded  gathered through nodelist: elements sharing a node
 *                                              increment the same adjoint element
 *   m_volo, m_v                       shared   element k's own entry only
 *   m_vnew, m_delv, m_arealg, m_vdov  shared   element k's own entry only (read and zeroed)
 *   dt2      firstprivate in the primal (a copy of the shared value per thread): every iteration adds
 *            to its adjoint, so the adjoint is reduction(+) (firstprivate <-> reduction), and
 *            m_deltatime's adjoint is incremented once after the loop
 *   numElem  firstprivate, integer (passive); x_local, y_local, z_local, volume, relativeVolume private */

#include <math.h>
#include <stddef.h>

#include "types.h"

/* u = P[a] - P[b] + P[c] - P[d],  v = P[e] - P[f],  w = P[g] - P[h] */
static const int term[3][8] = {{3, 1, 7, 2, 6, 3, 2, 0}, {4, 3, 5, 7, 6, 4, 7, 0}, {1, 4, 2, 5, 6, 1, 5, 0}};
static const int face[6][4] = {{0, 1, 2, 3}, {4, 5, 6, 7}, {0, 1, 5, 4}, {1, 2, 6, 5}, {2, 3, 7, 6}, {3, 0, 4, 7}};

static void cross(const double a[3], const double b[3], double c[3])
{
    c[0] = a[1] * b[2] - a[2] * b[1];
    c[1] = a[2] * b[0] - a[0] * b[2];
    c[2] = a[0] * b[1] - a[1] * b[0];
}

static double dot(const double a[3], const double b[3]) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }

/* V(P); with grad != NULL, grad[n] += scale * dV/dP[n] */
static double volume(const double P[8][3], double scale, double grad[8][3])
{
    double V = 0.0;
    for (int t = 0; t < 3; t++) {
        const int *m = term[t];
        double u[3], v[3], w[3], vw[3], wu[3], uv[3];
        for (int c = 0; c < 3; c++) {
            u[c] = P[m[0]][c] - P[m[1]][c] + P[m[2]][c] - P[m[3]][c];
            v[c] = P[m[4]][c] - P[m[5]][c];
            w[c] = P[m[6]][c] - P[m[7]][c];
        }
        cross(v, w, vw);
        cross(w, u, wu);
        cross(u, v, uv);
        V += dot(u, vw) / 12.0;
        if (grad)
            for (int c = 0; c < 3; c++) {
                double ub = scale * vw[c] / 12.0, vb = scale * wu[c] / 12.0, wb = scale * uv[c] / 12.0;
                grad[m[0]][c] += ub; grad[m[1]][c] -= ub; grad[m[2]][c] += ub; grad[m[3]][c] -= ub;
                grad[m[4]][c] += vb; grad[m[5]][c] -= vb;
                grad[m[6]][c] += wb; grad[m[7]][c] -= wb;
            }
    }
    return V;
}

/* area of face q; with grad != NULL, grad[n] += scale * dA/dP[n] */
static double face_area(const double P[8][3], int q, double scale, double grad[8][3])
{
    const int *c4 = face[q];
    double f[3], g[3];
    for (int c = 0; c < 3; c++) {
        f[c] = (P[c4[2]][c] - P[c4[0]][c]) - (P[c4[3]][c] - P[c4[1]][c]);
        g[c] = (P[c4[2]][c] - P[c4[0]][c]) + (P[c4[3]][c] - P[c4[1]][c]);
    }
    double ff = dot(f, f), gg = dot(g, g), fg = dot(f, g);
    if (grad)
        for (int c = 0; c < 3; c++) {
            double fb = scale * (2.0 * gg * f[c] - 2.0 * fg * g[c]);
            double gb = scale * (2.0 * ff * g[c] - 2.0 * fg * f[c]);
            grad[c4[2]][c] += fb + gb;
            grad[c4[0]][c] -= fb + gb;
            grad[c4[3]][c] += gb - fb;
            grad[c4[1]][c] += fb - gb;
        }
    return ff * gg - fg * fg;
}

void lulesh_elem_b(Domain *domain, Domain *domain_b)
{
    double *coord[3] = {domain->m_x, domain->m_y, domain->m_z};
    double *coord_b[3] = {domain_b->m_x, domain_b->m_y, domain_b->m_z};
    double *vel[3] = {domain->m_xd, domain->m_yd, domain->m_zd};
    double *vel_b[3] = {domain_b->m_xd, domain_b->m_yd, domain_b->m_zd};
    double dt2 = 0.5 * domain->m_deltatime, dt2_b = 0.0;

    for (int k = domain->m_numElem - 1; k >= 0; k--) {
        const int *nodes = domain->m_nodelist + 8 * k;
        double P[8][3], Q[8][3], P_b[8][3] = {{0.0}}, Q_b[8][3] = {{0.0}};
        for (int n = 0; n < 8; n++)
            for (int c = 0; c < 3; c++) {
                P[n][c] = coord[c][nodes[n]];
                Q[n][c] = P[n][c] - dt2 * vel[c][nodes[n]];
            }
        double V = volume(P, 0.0, NULL), Vh = volume(Q, 0.0, NULL);
        double volo = domain->m_volo[k];
        int largest = 0;
        double A = 0.0;
        for (int q = 0; q < 6; q++) {
            double a = face_area(P, q, 0.0, NULL);
            if (a > A) {
                A = a;
                largest = q;
            }
        }

        /* vdov = (V - Vh) / (dt2 V) */
        double vdov_b = domain_b->m_vdov[k];
        domain_b->m_vdov[k] = 0.0;
        double V_b = vdov_b * Vh / (dt2 * V * V);
        double Vh_b = -vdov_b / (dt2 * V);
        dt2_b -= vdov_b * (V - Vh) / (dt2 * dt2 * V);
        volume(Q, Vh_b, Q_b);
        for (int n = 0; n < 8; n++)
            for (int c = 0; c < 3; c++) {
                P_b[n][c] += Q_b[n][c];
                vel_b[c][nodes[n]] -= dt2 * Q_b[n][c];
                dt2_b -= Q_b[n][c] * vel[c][nodes[n]];
            }

        /* arealg = 4 V / sqrt(A) */
        double al_b = domain_b->m_arealg[k];
        domain_b->m_arealg[k] = 0.0;
        V_b += 4.0 * al_b / sqrt(A);
        face_area(P, largest, -2.0 * V * al_b / (A * sqrt(A)), P_b);

        /* vnew = V / volo, delv = vnew - v */
        double vnew_b = domain_b->m_vnew[k] + domain_b->m_delv[k];
        domain_b->m_v[k] -= domain_b->m_delv[k];
        domain_b->m_vnew[k] = 0.0;
        domain_b->m_delv[k] = 0.0;
        V_b += vnew_b / volo;
        domain_b->m_volo[k] -= vnew_b * V / (volo * volo);

        volume(P, V_b, P_b);
        for (int n = 0; n < 8; n++)
            for (int c = 0; c < 3; c++) coord_b[c][nodes[n]] += P_b[n][c];
    }
    domain_b->m_deltatime += 0.5 * dt2_b;
}
