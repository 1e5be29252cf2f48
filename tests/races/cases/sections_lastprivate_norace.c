// adrace-expect: race-free
// lastprivate(stage) gives each section its own stage and copies out the lexically last section's
// value.
/* Which stage ran last? */
#include <stdio.h>

int main(void)
{
  int stage = 0;
#pragma omp parallel sections lastprivate(stage)
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
