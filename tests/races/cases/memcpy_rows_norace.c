// adrace-expect: race-free
// Each iteration copies its own row of the old field into the new one with memcpy and clears its
// own row of the flux with memset; rows of NX floats never overlap.
#include <stdio.h>
#include <string.h>

#define NY 128
#define NX 96
#define ROW(j) ((size_t)(j) * NX)

static float old_field[NY * NX], new_field[NY * NX], flux[NY * NX];

void start_step(void)
{
  int j;
#pragma omp parallel for
  for (j = 0; j < NY; j++) {
    memcpy(&new_field[ROW(j)], &old_field[ROW(j)], NX * sizeof(float)); /* one row */
    memset(flux + ROW(j), 0, sizeof(float) * NX);
  }
}

int main(void)
{
  int k;
  for (k = 0; k < NY * NX; k++)
    old_field[k] = (float)(k % 17);
  start_step();
  printf("%f %f\n", new_field[NX + 3], flux[5]);
  return 0;
}
