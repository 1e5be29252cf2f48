// adrace-expect: race-free
// Each box owns MAXPER slots: the second counter k of the comma list runs over
// [MAXPER * box, MAXPER * box + MAXPER), so the boxes never share a slot.
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
    for (k = MAXPER * box, ii = 0; ii < MAXPER; ++ii, ++k)
      out[k] = 2.0 * pos[k];
  }
  printf("%f\n", out[NBOX * MAXPER - 1]);
  return 0;
}
