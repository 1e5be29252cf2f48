// adrace-expect: race-free
// Rodinia needleman-wunsch-style blocked wavefront: the blocks on one anti-diagonal (bx + by = d) are
// processed in parallel. Block (bx, by) writes only its own cells score[i][j] and reads the row above
// it and the column to its left, which belong to blocks of earlier diagonals (finished: the omp for of
// each diagonal ends in an implicit barrier).
#include <stdio.h>

#define BS 16
#define NB 12
#define DIM (NB * BS + 1)
#define PENALTY 10

static int score[DIM][DIM], reference[DIM][DIM];

static inline int max3(int a, int b, int c)
{
  int m = a > b ? a : b;
  return m > c ? m : c;
}

static void process_block(int bx, int by)
{
  int i, j;
  for (i = 1 + by * BS; i <= (by + 1) * BS; i++)
    for (j = 1 + bx * BS; j <= (bx + 1) * BS; j++)
      score[i][j] = max3(score[i - 1][j - 1] + reference[i][j], score[i - 1][j] - PENALTY,
                         score[i][j - 1] - PENALTY);
}

static void nw_blocked(void)
{
  int d;
#pragma omp parallel private(d)
  for (d = 0; d < 2 * NB - 1; d++) {
    int first = d < NB ? 0 : d - NB + 1;
    int last = d < NB ? d : NB - 1;
    int bx;
#pragma omp for schedule(static)
    for (bx = first; bx <= last; bx++)
      process_block(bx, d - bx);
  }
}

int main(void)
{
  int i, j;
  for (i = 0; i < DIM; i++)
    for (j = 0; j < DIM; j++)
      reference[i][j] = ((i * 17 + j * 31) % 21) - 10;
  for (i = 0; i < DIM; i++) {
    score[i][0] = -i * PENALTY;
    score[0][i] = -i * PENALTY;
  }
  nw_blocked();
  printf("%d\n", score[DIM - 1][DIM - 1]);
  return 0;
}
