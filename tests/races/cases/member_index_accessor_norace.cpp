// adrace-expect: race-free
// Grid::idx(i, j) = j * nx + i, a const member function, is one-to-one on the interior: each iteration writes its own unew elements and only reads u.
/* A C++ grid whose elements are addressed through an accessor, as C++ codes write it. */
#include <cstdio>
#include <vector>

struct Grid {
  int nx, ny;
  std::vector<double> u, unew;
  Grid(int x, int y) : nx(x), ny(y), u(x * y, 1.0), unew(x * y, 0.0) {}
  int idx(int i, int j) const { return j * nx + i; }
};

void smooth(Grid& g)
{
#pragma omp parallel for
  for (int j = 1; j < g.ny - 1; ++j)
    for (int i = 1; i < g.nx - 1; ++i)
      g.unew[g.idx(i, j)] = 0.5 * g.u[g.idx(i, j)] +
                            0.125 * (g.u[g.idx(i - 1, j)] + g.u[g.idx(i + 1, j)] + g.u[g.idx(i, j - 1)] +
                                     g.u[g.idx(i, j + 1)]);
}

int main()
{
  Grid g(64, 64);
  smooth(g);
  std::printf("%f\n", g.unew[g.idx(5, 5)]);
  return 0;
}
