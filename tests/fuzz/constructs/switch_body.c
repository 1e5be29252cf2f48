/* switch in the loop body */
void f(int n, double *x, double *y)
{
#pragma omp parallel for
    for (int i = 0; i < n; i++) {
        switch (i % 3) {
        case 0: y[i] = x[i] * 2.0; break;
        case 1: y[i] = x[i] * x[i]; break;
        default: y[i] = x[i];
        }
    }
}
