// adrace-expect: race definite
// adrace-race: 19 stage
// Without lastprivate, stage is shared and both sections write it.
/* Which stage ran last? */
#include <stdio.h>

int main(void)
{
  int stage = 0;
#pragma omp parallel sections
  {
#pragma omp section
    {
      stage = 1;
      printf("stage %d\n", stage);
    }
#pragma omp section
    {
      stage = 2;
      printf("stage %d\n", stage);
    }
  }
  printf("last stage = %d\n", stage);
  return 0;
}
