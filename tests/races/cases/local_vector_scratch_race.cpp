// adrace-expect: race definite
// adrace-race: 14 line
// The row buffer is one std::vector declared before the loop and shared by every thread: two rows fill the same line.
/* A C++ row filter that copies each row into a scratch vector before smoothing it. */
#include <cstdio>
#include <vector>

void smooth_rows(std::vector<double>& out, const std::vector<double>& in, int rows, int cols)
{
  std::vector<double> line(cols);
#pragma omp parallel for
  for (int r = 0; r < rows; ++r) {
    for (int c = 0; c < cols; ++c)
      line[c] = in[r * cols + c];
    for (int c = 1; c < cols - 1; ++c)
      out[r * cols + c] = (line[c - 1] + line[c] + line[c + 1]) / 3.0;
  }
}

int main()
{
  const int rows = 64, cols = 128;
  std::vector<double> in(rows * cols, 1.0), out(rows * cols, 0.0);
  for (int k = 0; k < rows * cols; ++k)
    in[k] = (k % 7) * 0.5;
  smooth_rows(out, in, rows, cols);
  std::printf("%f\n", out[5 * cols + 5]);
  return 0;
}
