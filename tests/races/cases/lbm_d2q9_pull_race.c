// adrace-expect: race definite
// adrace-race: 28 r
// Twin of realistic/lbm_d2q9_pull.c with the cell's scalars declared C89-style at the top of the
// function and r forgotten in the private clause: every cell accumulates its density in the shared r.
#include <stdio.h>

#define NX 64
#define NY 48
#define Q 9
#define F(arr, q, x, y) arr[((q) * NY + (y)) * NX + (x)]
#define OMEGA 1.2

static const int cx[Q] = {0, 1, 0, -1, 0, 1, -1, -1, 1};
static const int cy[Q] = {0, 0, 1, 0, -1, 1, 1, -1, -1};
static const double wt[Q] = {4.0 / 9, 1.0 / 9, 1.0 / 9, 1.0 / 9, 1.0 / 9,
                             1.0 / 36, 1.0 / 36, 1.0 / 36, 1.0 / 36};

static double fa[Q * NX * NY], fb[Q * NX * NY], rho[NX * NY];

static void stream_collide(const double *restrict f, double *restrict fnew)
{
  int x, y, q;
  double r, ux, uy, usq;
#pragma omp parallel for collapse(2) schedule(static) private(q, ux, uy, usq)
  for (y = 0; y < NY; y++) {
    for (x = 0; x < NX; x++) {
      double fl[Q];
      r = 0.0;
      ux = uy = 0.0;
      for (q = 0; q < Q; q++) {
        int xs = (x - cx[q] + NX) % NX, ys = (y - cy[q] + NY) % NY;
        fl[q] = F(f, q, xs, ys);
        r += fl[q];
        ux += cx[q] * fl[q];
        uy += cy[q] * fl[q];
      }
      ux /= r;
      uy /= r;
      usq = ux * ux + uy * uy;
      for (q = 0; q < Q; q++) {
        double cu = 3.0 * (cx[q] * ux + cy[q] * uy);
        double feq = wt[q] * r * (1.0 + cu + 0.5 * cu * cu - 1.5 * usq);
        F(fnew, q, x, y) = fl[q] - OMEGA * (fl[q] - feq);
      }
      rho[y * NX + x] = r;
    }
  }
}

int main(void)
{
  int x, y, q, t;
  double *f = fa, *fn = fb, *sw, mass = 0.0;
  for (y = 0; y < NY; y++)
    for (x = 0; x < NX; x++)
      for (q = 0; q < Q; q++)
        F(fa, q, x, y) = wt[q] * (1.0 + 0.05 * ((x * 3 + y * 5) % 7 == 0));
  for (t = 0; t < 20; t++) {
    stream_collide(f, fn);
    sw = f;
    f = fn;
    fn = sw;
  }
  for (x = 0; x < NX * NY; x++)
    mass += rho[x];
  printf("mass %.10f rho[100] %.10f\n", mass, rho[100]);
  return 0;
}
