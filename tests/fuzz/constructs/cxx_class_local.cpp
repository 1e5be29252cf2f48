/* C++: a class local built in the loop by its constructor, read through an accessor */
class Scale {
public:
    explicit Scale(double s) : factor(s) {}
    double of(double v) const { return factor * v; }

private:
    double factor;
};

void f(int n, double *x, double *y)
{
#pragma omp parallel for
    for (int i = 0; i < n; i++) {
        Scale twice(2.0);
        y[i] = twice.of(x[i]) * x[i];
    }
}
