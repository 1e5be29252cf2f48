/* flush */
void f(int n, double *x, double *y)
{
#pragma omp parallel for
    for (int i = 0; i < n; i++) {
        y[i] = x[i] * 7.0;
#pragma omp flush
    }
}
