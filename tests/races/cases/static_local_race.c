// adrace-expect: race definite
// adrace-race: 9 t
// A static local declared inside the loop body has static storage and is shared by all threads.
void static_local(int n, double *b, const double *a)
{
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    static double t;
    t = a[i] + 1.0;
    b[i] = t * t;
  }
}
