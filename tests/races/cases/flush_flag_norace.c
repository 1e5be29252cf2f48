// adrace-expect: race-free
// The classic OpenMP flag protocol: flush, atomic write of the flag, and on the reader an atomic read
// in a loop followed by a flush. The flushes order the write of payload before its read.
/* Signalling through a flag with flushes (pre-5.0 style). */
#include <stdio.h>
#include <omp.h>

double payload = 0.0;
int flag = 0;

int main(void)
{
#pragma omp parallel num_threads(2)
  {
    if (omp_get_thread_num() == 0) {
      payload = 3.5;
#pragma omp flush
#pragma omp atomic write
      flag = 1;
    } else if (omp_get_thread_num() == 1) {
      int seen = 0;
      while (!seen) {
#pragma omp atomic read
        seen = flag;
      }
#pragma omp flush
      printf("payload = %f\n", payload);
    }
  }
  return 0;
}
