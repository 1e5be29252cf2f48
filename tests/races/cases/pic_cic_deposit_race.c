// adrace-expect: race definite
// adrace-race: 37 rho
// Twin of realistic/pic_cic_deposit.c without the atomic on the right-hand node: a particle of the
// next cell adds to the same node (its left node) at the same time, one of the two updates plain.
#include <stdio.h>
#include <math.h>

#define NG 64
#define NP 5000
#define LENGTH 1.0f

typedef struct {
  float x, v, q;
} particle_t;

static particle_t part[NP];
/* grid sums in double: the float weights add up exactly, in any order of the atomics */
static double rho[NG], efield[NG];

static void pic_step(float dt)
{
  const float dx = LENGTH / NG;
  int p, g;
#pragma omp parallel private(p, g)
  {
#pragma omp for
    for (g = 0; g < NG; g++)
      rho[g] = 0.0;
#pragma omp for
    for (p = 0; p < NP; p++) {
      float s = part[p].x / dx;
      int cell = (int)s % NG;             /* guards x == LENGTH after rounding */
      float w = s - (float)cell;          /* weight of the right-hand node */
      int right = (cell + 1) % NG;
#pragma omp atomic
      rho[cell] += part[p].q * (1.0f - w);
      rho[right] += part[p].q * w;
    }
    /* E = -d(phi)/dx approximated from the charge by a centred difference */
#pragma omp for
    for (g = 0; g < NG; g++)
      efield[g] = -(rho[(g + 1) % NG] - rho[(g + NG - 1) % NG]) / (2.0 * dx);
#pragma omp for
    for (p = 0; p < NP; p++) {
      int cell = (int)(part[p].x / dx) % NG;
      part[p].v += (float)efield[cell] * part[p].q * dt;
      part[p].x += part[p].v * dt;
      /* periodic wrap */
      if (part[p].x >= LENGTH) part[p].x -= LENGTH;
      if (part[p].x < 0.0f) part[p].x += LENGTH;
    }
  }
}

int main(void)
{
  int p, step;
  float total = 0.0f;
  for (p = 0; p < NP; p++) {
    part[p].x = (float)((p * 7919) % NP) / NP * LENGTH;
    part[p].v = 0.0f;
    part[p].q = (p % 2) ? 1.0f : -1.0f;
  }
  for (step = 0; step < 5; step++)
    pic_step(1.0e-4f);
  for (p = 0; p < NP; p++)
    total += fabsf(part[p].v);
  printf("sum|v| = %.4e rho[3] = %.3f\n", total, rho[3]);
  return 0;
}
