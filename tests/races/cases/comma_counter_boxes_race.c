// adrace-expect: race definite
// adrace-race: 20 out
// The box stride is one slot short (MAXPER - 1): box b's last slot is box b + 1's first.
/* Scales the atoms of each box, CoMD style: k walks the box's slots beside ii. */
#include <stdio.h>

#define NBOX 16
#define MAXPER 32

double pos[NBOX * MAXPER], out[NBOX * MAXPER];

int main(void)
{
  int box, k;
  for (k = 0; k < NBOX * MAXPER; k++) pos[k] = k;
#pragma omp parallel for private(k)
  for (box = 0; box < NBOX; box++) {
    int ii;
    for (k = (MAXPER - 1) * box, ii = 0; ii < MAXPER; ++ii, ++k)
      out[k] = 2.0 * pos[k];
  }
  printf("%f\n", out[NBOX * MAXPER - 1]);
  return 0;
}
