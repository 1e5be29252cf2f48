// adrace-expect: race definite
// adrace-race: 17 grid->u
// The same smoothing done in place: iteration i writes u[i] while iteration i+1 reads it as its left neighbour.
#define NX 512

typedef struct {
  float u[NX];
  float unew[NX];
  float coef;
} Grid;

void smooth(Grid *grid, int n)
{
  int i;
#pragma omp parallel for firstprivate(n)
  for (i = 1; i < n - 1; i++)
    grid->u[i] = grid->coef * (grid->u[i - 1] + /* centre */ grid->u[i] + grid->u[i + 1]);
}
