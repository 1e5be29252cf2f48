// adrace-expect: race definite
// adrace-race: 25 t.accepted
// The critical section is missing: accept() increments the tally object's member accepted from
// every thread at once (t.accept() writes t.accepted).
/* Scaling samples while a tally object counts the accepted ones. */
#include <cstdio>

const int kSamples = 1000;

struct Tally {
  int accepted;
  double slots[kSamples];
  void accept() { accepted++; }
};

static Tally tally;
static double sample[kSamples];

static void scale(Tally& t, int n, double threshold)
{
#pragma omp parallel for
  for (int i = 0; i < n; ++i) {
    t.slots[i] = 2.0 * sample[i];
    if (sample[i] > threshold) {
      t.accept();
    }
  }
}

int main()
{
  for (int i = 0; i < kSamples; ++i) sample[i] = 0.01 * (i % 13);
  tally.accepted = 0;
  scale(tally, kSamples, 0.05);
  std::printf("%d %f\n", tally.accepted, tally.slots[7]);
  return 0;
}
