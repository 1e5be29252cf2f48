/* metadirective */
void f(int n, double *x, double *y)
{
#pragma omp metadirective when(user = {condition(n > 8)}: parallel for) default(parallel for)
    for (int i = 0; i < n; i++)
        y[i] = x[i] * 3.0;
}
