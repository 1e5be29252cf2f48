// adrace-expect: race-free
// Heat::step is a member function: u[idx(i, j)] is this->u, read through at(), and set() writes this->unew, one element per iteration.
/* A C++ solver whose loop is a member function of its own class: members reached through `this`. */
#include <cstdio>
#include <vector>

class Heat {
 public:
  Heat(int x, int y) : nx(x), ny(y), u(x * y, 1.0), unew(x * y, 0.0) {}
  void step(double alpha);
  double at(int i, int j) const { return u[idx(i, j)]; }

 private:
  int nx, ny;
  std::vector<double> u, unew;
  int idx(int i, int j) const { return j * nx + i; }
  void set(int i, int j, double value) { unew[idx(i, j)] = value; }
};

void Heat::step(double alpha)
{
#pragma omp parallel for
  for (int j = 1; j < ny - 1; ++j)
    for (int i = 1; i < nx - 1; ++i)
      set(i, j, at(i, j) + alpha * (at(i - 1, j) + at(i + 1, j) + at(i, j - 1) + at(i, j + 1) - 4.0 * at(i, j)));
}

int main()
{
  Heat heat(64, 64);
  heat.step(0.1);
  std::printf("%f\n", heat.at(5, 5));
  return 0;
}
