/* RACY: the ordered block orders y[0], but the update after it is outside */
void f(int n, double *x, double *y)
{
#pragma omp parallel for ordered
    for (int i = 0; i < n; i++) {
#pragma omp ordered
        y[0] += x[i];
        y[1] += x[i];
    }
}
