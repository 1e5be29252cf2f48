// adrace-expect: race-free
// The consumer takes the token with an atomic capture that reads and resets the flag (acquire); it leaves its wait only after reading the producer's release store, which orders the write of data before its read.
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
#pragma omp atomic write release
      token = 1;
    } else if (omp_get_thread_num() == 1) {
      int taken = 0;
      while (!taken) {
#pragma omp atomic capture acquire
        { taken = token; token = 0; }
      }
      printf("data = %d\n", data);
    }
  }
  return 0;
}
