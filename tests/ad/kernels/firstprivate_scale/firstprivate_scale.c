/* Regression kernel: a firstprivate loop whose adjoint needs no forward sweep (LULESH puts
 * firstprivate(numElem) on most loops). The adjoint used to pop the thread's final n from an
 * empty tape ("tape underflow"). */
void firstprivate_scale(int n, const double *x, double *y)
{
#pragma omp parallel for firstprivate(n)
    for (int i = 0; i < n; i++)
        y[i] = 2.0 * x[i];
}
