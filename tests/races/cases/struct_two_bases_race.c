// adrace-expect: race possible
// adrace-race: 16 dst->p
// dst and src are two pointers to Mesh that may be the same mesh: then iteration i writes p[i] while iteration i+1 reads it through src.
#define MAXN 4096

typedef struct {
  double p[MAXN];
  double e[MAXN];
} Mesh;

void shift_state(Mesh *dst, Mesh *src, int n)
{
  int i;
#pragma omp parallel for
  for (i = 1; i < n; i++)
    dst->p[i] = src->p[i - 1];
}
