/* teams with distribute inside */
void f(int n, double *x, double *y)
{
#pragma omp teams num_teams(2)
#pragma omp distribute
    for (int i = 0; i < n; i++)
        y[i] = x[i] * 5.0;
}
