// adrace-expect: race definite
// adrace-race: 10 x
// Two single constructs with nowait can run on two different threads at once: one writes x[0] while the other
// reads it.
void single_twice_nowait(double *restrict x, double *restrict y)
{
#pragma omp parallel
  {
#pragma omp single nowait
    x[0] = 1.0;
#pragma omp single nowait
    y[0] = x[0];
  }
}
