// adrace-expect: race-free
// Thread 0 writes data, then sets ready with an atomic write release; thread 1 spins on an atomic read
// acquire of ready and reads data after seeing it set. Release/acquire orders the write of data before
// the read.
/* Producer/consumer through a flag with OpenMP 5.0 release/acquire atomics. */
#include <stdio.h>
#include <omp.h>

int data = 0;
int ready = 0;

int main(void)
{
#pragma omp parallel num_threads(2)
  {
    if (omp_get_thread_num() == 0) {
      data = 42;
#pragma omp atomic write release
      ready = 1;
    } else if (omp_get_thread_num() == 1) {
      int seen = 0;
      while (!seen) {
#pragma omp atomic read acquire
        seen = ready;
      }
      printf("data = %d\n", data);
    }
  }
  return 0;
}
