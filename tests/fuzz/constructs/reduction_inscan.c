/* reduction(inscan, +) with scan */
void f(int n, double *x, double *y)
{
    double s = 0.0;
#pragma omp parallel for reduction(inscan, +: s)
    for (int i = 0; i < n; i++) {
        s += x[i];
#pragma omp scan inclusive(s)
        y[i] = s;
    }
}
