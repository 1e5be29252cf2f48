// adrace-expect: race-free
// Histogram with per-thread private bins: each thread fills a local array declared inside the region
// (private by scoping), then merges it into the shared hist inside a critical section. The merge loop
// runs after the worksharing loop (nowait is fine: the local bins are the thread's own).
#include <stdio.h>

#define LEN 100000
#define NBINS 64

static unsigned char pixels[LEN];
static long hist[NBINS];

static inline int bin_of(unsigned char p)
{
  return p * NBINS / 256;
}

static void compute_histogram(const unsigned char *img, int n, long *h)
{
  int i;
#pragma omp parallel
  {
    long local[NBINS];
    int b;
    for (b = 0; b < NBINS; b++)
      local[b] = 0;
#pragma omp for nowait
    for (i = 0; i < n; i++)
      local[bin_of(img[i])]++;
#pragma omp critical(merge_hist)
    for (b = 0; b < NBINS; b++)
      h[b] += local[b];
  }
}

int main(void)
{
  int i;
  long total = 0;
  for (i = 0; i < LEN; i++)
    pixels[i] = (unsigned char)((i * 31) & 0xff);
  compute_histogram(pixels, LEN, hist);
  for (i = 0; i < NBINS; i++)
    total += hist[i];
  printf("%ld %ld\n", total, hist[3]);
  return 0;
}
