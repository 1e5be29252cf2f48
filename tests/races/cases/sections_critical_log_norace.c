// adrace-expect: race-free
// Both sections append to the shared log inside the same (unnamed) critical section.
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
#pragma omp critical /* second */
      log_entries[nlog++] = 2;
    }
  }
  printf("%d entries\n", nlog);
  return 0;
}
