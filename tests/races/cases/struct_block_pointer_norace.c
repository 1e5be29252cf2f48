// adrace-expect: race-free
// Each iteration points fb at the first cell of its own block (`fb = &cells[first];`, C89 style,
// the pointer private to the loop) and updates that block's cells only.
/* Blocks of cells, each updated through a pointer to its first cell. */
#include <stdio.h>

#define NBLOCK 50
#define PER_BLOCK 40

typedef struct {
  double e;
  double q;
} Cell;

Cell cells[NBLOCK * PER_BLOCK];

int main(void)
{
  int b, i;
  long first;
  Cell *fb;
  for (i = 0; i < NBLOCK * PER_BLOCK; i++) {
    cells[i].e = 0.0;
    cells[i].q = 0.01 * (i % 7);
  }
#pragma omp parallel for private(i, first, fb)
  for (b = 0; b < NBLOCK; b++) {
    first = (long) b * PER_BLOCK;
    fb = &cells[first];
    for (i = 0; i < PER_BLOCK; i++)
      fb[i].e += 0.5 * fb[i].q; /* charge to energy */
  }
  printf("%f\n", cells[NBLOCK * PER_BLOCK - 1].e);
  return 0;
}
