/* Sizes and file-scope data of npb_rhs, in the manner of NPB's npbparams.h and header.h: the arrays are
 * sized for the largest grid of the problem class (PROBLEM_SIZE), the grid actually used is
 * grid_points[0..2] (nx, ny, nz). */
#ifndef NPB_RHS_H
#define NPB_RHS_H

#ifndef PROBLEM_SIZE
#define PROBLEM_SIZE 36 /* class W; S is 12, A is 64 */
#endif

#define IMAX PROBLEM_SIZE
#define JMAX PROBLEM_SIZE
#define KMAX PROBLEM_SIZE
#define IMAXP (IMAX / 2 * 2)
#define JMAXP (JMAX / 2 * 2)

extern int grid_points[3];

/* the flow field, its right-hand side and the forcing term, 5 conserved quantities per point */
extern double u[KMAX][JMAXP + 1][IMAXP + 1][5];
extern double rhs[KMAX][JMAXP + 1][IMAXP + 1][5];
extern double forcing[KMAX][JMAXP + 1][IMAXP + 1][5];

/* auxiliary fields computed from u */
extern double us[KMAX][JMAXP + 1][IMAXP + 1];
extern double vs[KMAX][JMAXP + 1][IMAXP + 1];
extern double ws[KMAX][JMAXP + 1][IMAXP + 1];
extern double qs[KMAX][JMAXP + 1][IMAXP + 1];
extern double rho_i[KMAX][JMAXP + 1][IMAXP + 1];
extern double square[KMAX][JMAXP + 1][IMAXP + 1];

/* constants, set by set_constants from the grid */
extern double dt, c1, c2, con43;
extern double tx2, ty2, tz2;
extern double dx1tx1, dx2tx1, dx3tx1, dx4tx1, dx5tx1;
extern double dy1ty1, dy2ty1, dy3ty1, dy4ty1, dy5ty1;
extern double dz1tz1, dz2tz1, dz3tz1, dz4tz1, dz5tz1;
extern double xxcon2, xxcon3, xxcon4, xxcon5;
extern double yycon2, yycon3, yycon4, yycon5;
extern double zzcon2, zzcon3, zzcon4, zzcon5;

void set_constants(void);
void npb_rhs(void);

#endif
