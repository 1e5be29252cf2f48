/* struct local and members */
struct pair { double a, b; };

void f(int n, double *x, double *y)
{
#pragma omp parallel for
    for (int i = 0; i < n; i++) {
        struct pair p;
        p.a = x[i];
        p.b = x[i] * 2.0;
        y[i] = p.a * p.b;
    }
}
