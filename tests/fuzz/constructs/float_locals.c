/* float temporaries [no-fd]: float rounding is coarser than the finite-difference step */
void f(int n, double *x, double *y)
{
#pragma omp parallel for
    for (int i = 0; i < n; i++) {
        float t = (float)x[i];
        y[i] = (double)(t * 2.0f);
    }
}
