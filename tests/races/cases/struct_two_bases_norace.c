// adrace-expect: race-free
// Copy between two meshes: dst and src may be the same mesh, but each iteration reads and writes element i only.
#define MAXN 4096

typedef struct {
  double p[MAXN];
  double e[MAXN];
} Mesh;

void copy_state(Mesh *dst, const Mesh *src, int n)
{
  int i;
#pragma omp parallel for
  for (i = 0; i < n; i++) {
    dst->p[i] = src->p[i];
    dst->e[i] = 0.5 * src->e[i];
  }
}
