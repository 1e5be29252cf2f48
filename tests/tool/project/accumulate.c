/* A running total every thread writes without protection: a race. */
double total;

void accumulate(int n, const double *x)
{
#pragma omp parallel for
    for (int i = 0; i < n; i++)
        total = total + x[i];
}
