// adrace-expect: race definite
// adrace-race: 26 data
// The flag accesses are relaxed atomics (no release/acquire, no flush), so they do not order the write
// of data before its read.
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
#pragma omp atomic write
      ready = 1;
    } else if (omp_get_thread_num() == 1) {
      int seen = 0;
      while (!seen) {
#pragma omp atomic read
        seen = ready;
      }
      printf("data = %d\n", data);
    }
  }
  return 0;
}
