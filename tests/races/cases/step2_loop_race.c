// adrace-expect: race definite
// adrace-race: 9 a
// Iteration i=0 writes a[2] and iteration i=2 (the next one of the step-2 loop) reads a[2].
void step2_loop(int n, double *a)
{
  int i;
#pragma omp parallel for
  for (i = 0; i < n - 2; i += 2)
    a[i + 2] = a[i] + 1.0;
}
