/* macros in the loop body */
#define SQ(v) ((v) * (v))
#define IDX(i) (i)

void f(int n, double *x, double *y)
{
#pragma omp parallel for
    for (int i = 0; i < n; i++)
        y[IDX(i)] = SQ(x[IDX(i)]);
}
