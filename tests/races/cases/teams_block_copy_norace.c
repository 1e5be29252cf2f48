// adrace-expect: race-free
// Team t copies the block [t * BLOCK, (t + 1) * BLOCK) of the input; the blocks of two teams are
// disjoint.
/* Each team of a host teams construct copies one block (sizes from macros). */
#include <stdio.h>
#include <omp.h>

#define NUM_TEAMS 8
#define LEN 1024
#define BLOCK (LEN / NUM_TEAMS)

float src[LEN], dst[LEN];

int main(void)
{
  int i;
  for (i = 0; i < LEN; i++)
    src[i] = (float)i;
#pragma omp teams num_teams(NUM_TEAMS) thread_limit(1)
  {
    int t = omp_get_team_num();
    int first = t * BLOCK;
    int last = first + BLOCK; /* one past the block */
    int j;
    for (j = first; j < last; j++)
      dst[j] = 2.0f * src[j];
  }
  printf("%f\n", dst[LEN - 1]);
  return 0;
}
