/* declare reduction */
#pragma omp declare reduction(plus: double: omp_out += omp_in) initializer(omp_priv = 0.0)

void f(int n, double *x, double *y)
{
    double s = 0.0;
#pragma omp parallel for reduction(plus: s)
    for (int i = 0; i < n; i++)
        s += x[i] * x[i];
    y[0] = s;
}
