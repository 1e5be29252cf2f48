// adrace-expect: race-free
// A grid kept in a struct with fixed-size float member arrays: each iteration reads u[i-1..i+1] and writes only unew[i] (a different member, so a different array).
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
    grid->unew[i] = grid->coef * (grid->u[i - 1] + /* centre */ grid->u[i] + grid->u[i + 1]);
}
