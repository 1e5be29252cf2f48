// adrace-expect: race definite
// adrace-race: 15 v
// Twin of helper_accessor_norace.c: the accessor reads the right neighbour of the array the
// setter writes, so iteration i reads v[i + 1] while iteration i + 1 writes it.
#define NNODES 4096

static inline float node(const float *v, int i) { return v[i]; }
static inline void set_node(float *v, int i, float x) { v[i] = x; }

void shift_nodes(int n, float *v)
{
  int i;
#pragma omp parallel for
  for (i = 0; i < n - 1; i++) {
    set_node(v, i, node(v, i + 1));
  }
}
