/* an orphaned omp for (through _Pragma) in a helper, called twice in the caller's parallel region */
#define PRAGMA(x) _Pragma(#x)

static void square_into(int n, const double *in, double *out)
{
    int i;
    PRAGMA(omp for schedule(static))
    for (i = 0; i < n; i++)
        out[i] = in[i] * in[i];
}

void f(int n, double *x, double *y)
{
#pragma omp parallel
    {
        square_into(n, x, y);
        square_into(n, y, x);
    }
}
