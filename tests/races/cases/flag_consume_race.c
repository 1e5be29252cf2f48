// adrace-expect: race definite
// adrace-race: 25 data
// The swap that takes the token is relaxed (no acquire, no flush), and so is the store that sets it: they do not order the write of data before its read.
/* A one-shot token handed from a producer to a consumer, taken with an atomic swap. */
#include <stdio.h>
#include <omp.h>

int data = 0;
int token = 0;

int main(void)
{
#pragma omp parallel num_threads(2)
  {
    if (omp_get_thread_num() == 0) {
      data = 42;
#pragma omp atomic write
      token = 1;
    } else if (omp_get_thread_num() == 1) {
      int taken = 0;
      while (!taken) {
#pragma omp atomic capture
        { taken = token; token = 0; }
      }
      printf("data = %d\n", data);
    }
  }
  return 0;
}
