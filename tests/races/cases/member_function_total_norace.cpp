// adrace-expect: race-free
// Samples::accumulate sums its member vector into a local reduction variable and stores it in this->total once, after the loop.
/* A C++ class whose member function reduces one of its vectors into another member. */
#include <cstdio>
#include <vector>

class Samples {
 public:
  explicit Samples(int n) : values(n, 0.5), total(0.0) {}
  void accumulate();
  double sum() const { return total; }

 private:
  std::vector<double> values;
  double total;
};

void Samples::accumulate()
{
  double partial = 0.0;
#pragma omp parallel for reduction(+ : partial)
  for (int k = 0; k < (int)values.size(); ++k)
    partial += values[k] * values[k];
  total = partial;
}

int main()
{
  Samples samples(1000);
  samples.accumulate();
  std::printf("%f\n", samples.sum());
  return 0;
}
