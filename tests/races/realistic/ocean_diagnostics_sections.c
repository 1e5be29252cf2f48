// adrace-expect: race-free
// A time step of a toy 1-D shallow-water model followed by diagnostics. The two update loops are
// nowait with schedule(static) and the same bounds: the second reads hnew[i] only at the index the
// first wrote, so the same thread ran both (the static same-index rule). After the barrier, three
// sections compute independent diagnostics, each with a helper that reads the fields and writes only
// its own result variable.
#include <stdio.h>
#include <math.h>

#define NX 3000
#define G 9.81

static double h[NX], hu[NX], hnew[NX], hunew[NX];

static double total_mass(const double *hh, int n)
{
  double s = 0.0;
  int i;
  for (i = 0; i < n; i++)
    s += hh[i];
  return s;
}

static double max_speed(const double *hh, const double *q, int n)
{
  double m = 0.0;
  int i;
  for (i = 0; i < n; i++) {
    double c = fabs(q[i] / hh[i]) + sqrt(G * hh[i]);
    if (c > m)
      m = c;
  }
  return m;
}

static double energy(const double *hh, const double *q, int n)
{
  double e = 0.0;
  int i;
  for (i = 0; i < n; i++)
    e += 0.5 * q[i] * q[i] / hh[i] + 0.5 * G * hh[i] * hh[i];
  return e;
}

int main(void)
{
  double dt = 1.0e-4, dx = 1.0 / NX;
  double mass = 0.0, cmax = 0.0, en = 0.0;
  int i;
  for (i = 0; i < NX; i++) {
    h[i] = 1.0 + 0.1 * exp(-100.0 * (i * dx - 0.5) * (i * dx - 0.5));
    hu[i] = 0.0;
  }
#pragma omp parallel private(i)
  {
#pragma omp for schedule(static) nowait
    for (i = 1; i < NX - 1; i++)
      hnew[i] = h[i] - 0.5 * dt / dx * (hu[i + 1] - hu[i - 1]);
#pragma omp for schedule(static) nowait
    for (i = 1; i < NX - 1; i++)
      hunew[i] = hu[i] - 0.5 * dt / dx * (hu[i + 1] * hu[i + 1] / h[i + 1] - hu[i - 1] * hu[i - 1] / h[i - 1]
                                          + 0.5 * G * (h[i + 1] * h[i + 1] - h[i - 1] * h[i - 1]))
                 /* a little damping proportional to the new depth */
                 - 1.0e-3 * hnew[i] * hu[i];
#pragma omp single
    {
      hnew[0] = h[0];
      hnew[NX - 1] = h[NX - 1];
      hunew[0] = hunew[NX - 1] = 0.0;
    }
#pragma omp sections
    {
#pragma omp section
      mass = total_mass(hnew, NX) * dx;
#pragma omp section
      cmax = max_speed(hnew, hunew, NX);
#pragma omp section
      en = energy(hnew, hunew, NX) * dx;
    }
  }
  printf("mass %.8f cmax %.6f energy %.8f\n", mass, cmax, en);
  return 0;
}
