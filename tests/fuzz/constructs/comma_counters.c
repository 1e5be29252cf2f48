/* comma in the loop increment */
void f(int n, double *x, double *y)
{
    int j;
#pragma omp parallel for private(j)
    for (int i = 0; i < n; i++) {
        j = i;
        y[j] = x[j] * 3.0;
    }
    int a, b;
    for (a = 0, b = n - 1; a < b; a++, b--)
        y[n] += x[a] * x[b];
}
