// adrace-expect: race-free
// The two accumulating tasks have depend(mutexinoutset: sum): they may run in either order but never
// at the same time; the final depend(in: sum) task runs after both.
/* Commutative updates in either order, but one at a time. */
#include <stdio.h>

#define LEN 1000

double w[LEN];

int main(void)
{
  int i;
  double sum = 0.0, mean = 0.0;
  for (i = 0; i < LEN; i++)
    w[i] = 1.0 / (i + 1);
#pragma omp parallel
#pragma omp single
  {
#pragma omp task shared(sum) depend(mutexinoutset: sum) /* evens */
    {
      int i;
      for (i = 0; i < LEN; i += 2)
        sum += w[i]; /* even */
    }
#pragma omp task shared(sum) depend(mutexinoutset: sum) /* odds */
    {
      int i;
      for (i = 1; i < LEN; i += 2)
        sum += w[i]; /* odd */
    }
#pragma omp task shared(sum, mean) depend(in: sum)
    mean = sum / LEN;
  }
  printf("mean = %f\n", mean);
  return 0;
}
