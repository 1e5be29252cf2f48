/* RACY: every iteration of the offloaded loop adds into y[0] */
void f(int n, double *x, double *y)
{
#pragma omp target teams distribute parallel for map(to: x[0:n]) map(tofrom: y[0:n])
    for (int i = 0; i < n; i++)
        y[0] += x[i];
}
