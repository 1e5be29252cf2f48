// adrace-expect: race-free
// Histogram of particle energies with one row of bins per thread in a shared 2-D array: thread tid
// clears and fills only local_bins[tid][*] (the region's statements, not a worksharing loop, clear
// it), a barrier completes every row, and the merge is a worksharing loop over bins b that sums column
// b over all threads' rows and writes hist[b] only. nthreads is written by one thread (single) before
// the barrier of that single, and only read afterwards.
#include <stdio.h>
#include <omp.h>

#define NSAMPLES 40000
#define NBINS 50
#define MAX_THREADS 32
#define EMAX 10.0

static double energy[NSAMPLES];
static long local_bins[MAX_THREADS][NBINS];
static long hist[NBINS];

static int bin_of(double e)
{
  int b = (int)(e / EMAX * NBINS);
  if (b < 0) b = 0;
  if (b >= NBINS) b = NBINS - 1;
  return b;
}

static void histogram(int n)
{
  int nthreads = 1;
#pragma omp parallel num_threads(4)
  {
    int tid = omp_get_thread_num();
    int i, b, t;
#pragma omp single
    nthreads = omp_get_num_threads();
    for (b = 0; b < NBINS; b++)
      local_bins[tid][b] = 0;
#pragma omp for schedule(dynamic, 256)
    for (i = 0; i < n; i++)
      local_bins[tid][bin_of(energy[i])]++;
    /* the implicit barrier of the loop above completes every row */
#pragma omp for
    for (b = 0; b < NBINS; b++) {
      long sum = 0;
      for (t = 0; t < nthreads; t++)
        sum += local_bins[t][b];
      hist[b] = sum;
    }
  }
}

int main(void)
{
  int i, b;
  long total = 0;
  for (i = 0; i < NSAMPLES; i++)
    energy[i] = EMAX * (double)((i * 2654435761u) % 100000u) / 100000.0;
  histogram(NSAMPLES);
  for (b = 0; b < NBINS; b++)
    total += hist[b];
  printf("total %ld hist[0] %ld hist[%d] %ld\n", total, hist[0], NBINS - 1, hist[NBINS - 1]);
  return 0;
}
