/* teams distribute */
void f(int n, double *x, double *y)
{
#pragma omp teams distribute parallel for num_teams(2)
    for (int i = 0; i < n; i++)
        y[i] = x[i] * 5.0;
}
