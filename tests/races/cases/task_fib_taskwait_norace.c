// adrace-expect: race-free
// Each call spawns two child tasks that write the shared locals x and y of their parent; the taskwait
// orders both writes before the parent reads them.
/* Recursive Fibonacci with one task per call, as in the OpenMP examples. */
#include <stdio.h>

#define FIB_INPUT 14

static int fib(int n)
{
  int x, y;
  if (n < 2)
    return n;
#pragma omp task shared(x) firstprivate(n)
  x = fib(n - 1);
#pragma omp task shared(y) firstprivate(n)
  y = fib(n - 2);
#pragma omp taskwait
  return x + y;
}

int main(void)
{
  int result = 0;
#pragma omp parallel
#pragma omp single
  result = fib(FIB_INPUT);
  printf("fib(%d) = %d\n", FIB_INPUT, result);
  return 0;
}
