// adrace-expect: race definite
// adrace-race: 27 dst
// The blocks start at t * (BLOCK - 1) but are still BLOCK long: the last element of team t's block
// is the first of team t + 1's, and both teams write it.
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
    int first = t * (BLOCK - 1);
    int last = first + BLOCK; /* one past the block */
    int j;
    for (j = first; j < last; j++)
      dst[j] = 2.0f * src[j];
  }
  printf("%f\n", dst[LEN - 1]);
  return 0;
}
