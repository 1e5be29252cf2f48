// adrace-expect: race possible
// adrace-race: 36 e
// LULESH EvalEOSForElems-style region loop: compact per-region arrays (e_new, p_new, indexed by i) are
// written directly, reading element fields through the region's element list regElemList. The final
// scatter e[regElemList[i]] = e_new[i] is race-free only if regElemList has no repeated element, which
// the code never checks or proves (LULESH builds it as a partition): race possible, not definite.
#include <stdio.h>

#define NUM_ELEM 3000
#define NUM_REG 3

static double e[NUM_ELEM], delv[NUM_ELEM], p[NUM_ELEM], q[NUM_ELEM];
static int regElemSize[NUM_REG], regElemList[NUM_REG][NUM_ELEM];
static double e_new[NUM_ELEM], p_new[NUM_ELEM];

static inline double pressure_of(double energy, double compression)
{
  double pr = (2.0 / 3.0) * (1.0 + compression) * energy;
  return pr < 1.0e-7 ? 0.0 : pr;
}

static void EvalEOSForElems(const int *regList, int numElemReg, double emin)
{
  int i;
#pragma omp parallel for firstprivate(numElemReg, emin)
  for (i = 0; i < numElemReg; ++i) {
    int elem = regList[i];
    double compression = 1.0 / (1.0 + delv[elem]) - 1.0;
    e_new[i] = e[elem] - 0.5 * delv[elem] * (p[elem] + q[elem]);
    if (e_new[i] < emin)
      e_new[i] = emin;
    p_new[i] = pressure_of(e_new[i], compression);
  }
#pragma omp parallel for firstprivate(numElemReg)
  for (i = 0; i < numElemReg; ++i) {
    e[regList[i]] = e_new[i];
    p[regList[i]] = p_new[i];
  }
}

int main(void)
{
  int r, k;
  for (k = 0; k < NUM_ELEM; k++) {
    e[k] = 1.0 + k % 5;
    delv[k] = 1.0e-3 * (k % 7);
    p[k] = q[k] = 0.1;
    r = k % NUM_REG; /* a partition: element k belongs to region k % NUM_REG */
    regElemList[r][regElemSize[r]++] = k;
  }
  for (r = 0; r < NUM_REG; r++)
    EvalEOSForElems(regElemList[r], regElemSize[r], 1.0e-9);
  printf("%f %f\n", e[NUM_ELEM - 1], p[0]);
  return 0;
}
