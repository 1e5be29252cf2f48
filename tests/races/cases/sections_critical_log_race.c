// adrace-expect: race definite
// adrace-race: 24 nlog
// The second section appends without the critical section, racing with the first on nlog and
// log_entries.
/* A tiny shared event log written from two sections. */
#include <stdio.h>

#define MAXLOG 64

int log_entries[MAXLOG];
int nlog = 0;

int main(void)
{
#pragma omp parallel sections
  {
#pragma omp section
    {
#pragma omp critical
      log_entries[nlog++] = 1;
    }
#pragma omp section
    {
      log_entries[nlog++] = 2;
    }
  }
  printf("%d entries\n", nlog);
  return 0;
}
