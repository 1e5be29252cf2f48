// adrace-expect: race definite
// adrace-race: 14 t
// An orphaned `omp for` whose temporary is a static local: static locals are shared by every
// thread (OpenMP 5.2, 5.1.1), so all iterations write the one `t`.
#define N 64

static void scale(int n, double *a)
{
  int i;
  static double t;
#pragma omp for
  for (i = 0; i < n; i++) {
    /* the temporary is shared */
    t = a[i];
    a[i] = 0.5 * t;
  }
}

void scale_all(double a[N])
{
#pragma omp parallel
  scale(N, a);
}
