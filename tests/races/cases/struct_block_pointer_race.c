// adrace-expect: race definite
// adrace-race: 32 cells[].e
// The inner loop runs to `i <= PER_BLOCK`, one cell past the block: the first cell of block b + 1
// is updated by iterations b and b + 1.
/* Blocks of cells, each updated through a pointer to its first cell. */
#include <stdio.h>

#define NBLOCK 50
#define PER_BLOCK 40

typedef struct {
  double e;
  double q;
} Cell;

Cell cells[NBLOCK * PER_BLOCK + 1];

int main(void)
{
  int b, i;
  long first;
  Cell *fb;
  for (i = 0; i < NBLOCK * PER_BLOCK + 1; i++) {
    cells[i].e = 0.0;
    cells[i].q = 0.01 * (i % 7);
  }
#pragma omp parallel for private(i, first, fb)
  for (b = 0; b < NBLOCK; b++) {
    first = (long) b * PER_BLOCK;
    fb = &cells[first];
    for (i = 0; i <= PER_BLOCK; i++)
      fb[i].e += 0.5 * fb[i].q; /* charge to energy */
  }
  printf("%f\n", cells[NBLOCK * PER_BLOCK - 1].e);
  return 0;
}
