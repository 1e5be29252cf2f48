// adrace-expect: race definite
// adrace-race: 40 q
// Twin of realistic/advect_upwind_float.c with nowait on the row halo copy: the column copy reads
// q[IDX(0, NJ)] and q[IDX(NI + NG, NJ)], corner halo cells another thread may still be writing.
#include <stdio.h>

#define NI 130
#define NJ 66
#define NG 1                                 /* halo width */
#define IDX(i, j) ((i) * (NJ + 2 * NG) + (j))
#define NSTEP 25

static float q[(NI + 2 * NG) * (NJ + 2 * NG)], qn[(NI + 2 * NG) * (NJ + 2 * NG)];

static void advect(float cu, float cv)
{
  int i, j;
  float fx, fy;
  int si, sj;

  si = cu > 0.0f ? -1 : 1;                   /* upwind offset in i */
  sj = cv > 0.0f ? -1 : 1;
  fx = cu > 0.0f ? cu : -cu;
  fy = cv > 0.0f ? cv : -cv;
#pragma omp parallel for collapse(2) default(none) shared(q, qn) firstprivate(si, sj, fx, fy) private(i, j)
  for (i = NG; i < NI + NG; i++)
    for (j = NG; j < NJ + NG; j++)
      qn[IDX(i, j)] = q[IDX(i, j)]
                      - fx * (q[IDX(i, j)] - q[IDX(i + si, j)]) /* x flux */
                      - fy * (q[IDX(i, j)] - q[IDX(i, j + sj)]) /* y flux */;
#pragma omp parallel default(none) shared(q, qn) private(i, j)
  {
#pragma omp for
    for (i = NG; i < NI + NG; i++)
      for (j = NG; j < NJ + NG; j++)
        q[IDX(i, j)] = qn[IDX(i, j)];
    /* periodic halo: rows first, then columns (corners come out right) */
#pragma omp for nowait
    for (j = NG; j < NJ + NG; j++) {
      q[IDX(0, j)] = q[IDX(NI, j)];
      q[IDX(NI + NG, j)] = q[IDX(NG, j)];
    }
#pragma omp for
    for (i = 0; i < NI + 2 * NG; i++) {
      q[IDX(i, 0)] = q[IDX(i, NJ)];
      q[IDX(i, NJ + NG)] = q[IDX(i, NG)];
    }
  }
}

int main(void)
{
  int i, j, n;
  float mass;

  for (i = 0; i < NI + 2 * NG; i++)
    for (j = 0; j < NJ + 2 * NG; j++)
      q[IDX(i, j)] = (i > 40 && i < 60 && j > 20 && j < 40) ? 1.0f : 0.0f;
  for (n = 0; n < NSTEP; n++)
    advect(0.3f, -0.2f);
  mass = 0.0f;
  for (i = NG; i < NI + NG; i++)
    for (j = NG; j < NJ + NG; j++)
      mass += q[IDX(i, j)];
  printf("mass %.4f q(50,30) %.5f\n", mass, q[IDX(50, 30)]);
  return 0;
}
