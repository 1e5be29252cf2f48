/* while loop in the body */
void f(int n, double *x, double *y)
{
#pragma omp parallel for
    for (int i = 0; i < n; i++) {
        int j = 0;
        double t = x[i];
        while (j < 3) {
            t = t * 0.5 + x[i];
            j++;
        }
        y[i] = t;
    }
}
