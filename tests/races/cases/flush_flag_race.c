// adrace-expect: race definite
// adrace-race: 27 payload
// The writer's flush before setting the flag is missing, so the write of payload is not ordered before
// the flag and the reader may read payload while it is written.
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
