// adrace-expect: race definite
// adrace-race: 24 this->total
// Samples::accumulate adds every element into the member this->total from every thread, with no reduction or atomic.
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
  total = 0.0;
#pragma omp parallel for
  for (int k = 0; k < (int)values.size(); ++k)
    total += values[k] * values[k];
}

int main()
{
  Samples samples(1000);
  samples.accumulate();
  std::printf("%f\n", samples.sum());
  return 0;
}
