/* RACY: C++ loop where iteration i writes what iteration i + 1 reads */
void f(int n, double *x, double *y)
{
#pragma omp parallel for
    for (int i = 0; i < n - 1; i++) {
        auto next = y[i + 1];
        y[i] = next + x[i];
    }
}
