// adrace-expect: race-free
// Same-file static inline accessors, as application codes write them: node(v, i) reads and
// set_node(v, i, x) writes element i of its argument, so iteration i touches only v[i] and w[i].
#include <math.h>
#include <stdio.h>

#define NNODES 4096

static inline float node(const float *v, int i) { return v[i]; }
static inline void set_node(float *v, int i, float x) { v[i] = x; }
static inline float smooth(float x) { return x / (1.0f + fabsf(x)); }

void relax_nodes(int n, float *restrict w, const float *restrict v, int verbose)
{
  int i;
#pragma omp parallel for firstprivate(verbose)
  for (i = 0; i < n; i++) {
    set_node(w, i, smooth(node(v, i)) /* scaled below */ * 0.5f);
    if (verbose && i == 0) printf("first node %f\n", (double)node(w, 0));
  }
}
