// adrace-expect: race-free
// Statistics of two fields computed concurrently with sections: the first section reads pressure and
// writes only pmin/pmax, the second reads velocity and writes only ekin; a third section rescales a
// separate output array. No section reads what another writes.
#include <stdio.h>

#define NCELLS 50000

static double pressure[NCELLS], velocity[NCELLS], scaled[NCELLS];

static void field_stats(int n, double *pmin, double *pmax, double *ekin)
{
#pragma omp parallel sections
  {
#pragma omp section
    {
      int i;
      double lo = pressure[0], hi = pressure[0];
      for (i = 1; i < n; i++) {
        lo = pressure[i] < lo ? pressure[i] : lo;
        hi = pressure[i] > hi ? pressure[i] : hi;
      }
      *pmin = lo;
      *pmax = hi;
    }
#pragma omp section
    {
      int i;
      double e = 0.0;
      for (i = 0; i < n; i++)
        e += 0.5 * velocity[i] * velocity[i];
      *ekin = e;
    }
#pragma omp section
    {
      int i;
      for (i = 0; i < n; i++)
        scaled[i] = 1.0e-5 * pressure[i];
    }
  }
}

int main(void)
{
  int i;
  double pmin, pmax, ekin;
  for (i = 0; i < NCELLS; i++) {
    pressure[i] = 1.0e5 + (i % 1000);
    velocity[i] = 0.01 * (i % 50);
  }
  field_stats(NCELLS, &pmin, &pmax, &ekin);
  printf("%f %f %f %f\n", pmin, pmax, ekin, scaled[NCELLS - 1]);
  return 0;
}
