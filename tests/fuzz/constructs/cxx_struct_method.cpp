/* C++: a struct with an inline method evaluated in the loop */
struct Material {
    double a, b;
    double stress(double strain) const { return a * strain + b * strain * strain; }
};

void f(int n, double *x, double *y)
{
    Material steel{2.0, 0.5};
#pragma omp parallel for
    for (int i = 0; i < n; i++)
        y[i] = steel.stress(x[i]);
}
