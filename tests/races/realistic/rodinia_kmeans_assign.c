// adrace-expect: race-free
// Rodinia kmeans-style assignment step: each point writes only membership[i]; per-thread partial
// cluster sums are indexed by the thread number (partial_new_centers[tid][...]), and the thread id is
// declared inside the region. The partials are combined by the initial thread after the region.
#include <stdio.h>
#include <float.h>
#include <omp.h>

#define NPOINTS 2000
#define NFEATURES 4
#define NCLUSTERS 5
#define MAX_THREADS 64

static float feature[NPOINTS][NFEATURES], clusters[NCLUSTERS][NFEATURES];
static int membership[NPOINTS];
static float partial_new_centers[MAX_THREADS][NCLUSTERS][NFEATURES];
static int partial_len[MAX_THREADS][NCLUSTERS];

static int find_nearest_point(const float *pt, int nfeatures, float (*pts)[NFEATURES], int npts)
{
  int index = 0, i, j;
  float min_dist = FLT_MAX;
  for (i = 0; i < npts; i++) {
    float dist = 0.0f;
    for (j = 0; j < nfeatures; j++)
      dist += (pt[j] - pts[i][j]) * (pt[j] - pts[i][j]);
    if (dist < min_dist) {
      min_dist = dist;
      index = i;
    }
  }
  return index;
}

int main(void)
{
  int i, j, t, nthreads = 1;
  float delta = 0.0f;
  for (i = 0; i < NPOINTS; i++)
    for (j = 0; j < NFEATURES; j++)
      feature[i][j] = (float)((i * 7 + j * 3) % 100);
  for (i = 0; i < NCLUSTERS; i++)
    for (j = 0; j < NFEATURES; j++)
      clusters[i][j] = feature[i * 37][j];
  for (i = 0; i < NPOINTS; i++)
    membership[i] = -1;
#pragma omp parallel shared(feature, clusters, membership, partial_new_centers, partial_len) num_threads(4)
  {
    int tid = omp_get_thread_num();
    int index;
#pragma omp single
    nthreads = omp_get_num_threads();
#pragma omp for private(j) schedule(static) reduction(+: delta)
    for (i = 0; i < NPOINTS; i++) {
      index = find_nearest_point(feature[i], NFEATURES, clusters, NCLUSTERS);
      if (membership[i] != index)
        delta += 1.0f;
      membership[i] = index;
      partial_len[tid][index]++;
      for (j = 0; j < NFEATURES; j++)
        partial_new_centers[tid][index][j] += feature[i][j];
    }
  }
  for (t = 1; t < nthreads; t++)
    for (i = 0; i < NCLUSTERS; i++) {
      partial_len[0][i] += partial_len[t][i];
      for (j = 0; j < NFEATURES; j++)
        partial_new_centers[0][i][j] += partial_new_centers[t][i][j];
    }
  printf("delta = %f, %d in cluster 0\n", delta, partial_len[0][0]);
  return 0;
}
