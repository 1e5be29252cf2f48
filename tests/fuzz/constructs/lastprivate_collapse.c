/* lastprivate on a collapsed nest */
void f(int n, double *x, double *y)
{
    int a = 0;
#pragma omp parallel for collapse(2) lastprivate(a)
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 4; j++) {
            a = 4 * i + j;
            y[a] = x[a] * x[a];
        }
    y[16] = (double)a;
}
