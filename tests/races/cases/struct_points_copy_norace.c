// adrace-expect: race-free
// Streamcluster-style gain: every iteration copies point x and its own point into dist (by value)
// and writes only its own gain; the points' fields are read, never written, in the loop.
/* Cost of moving each point to a candidate centre. */
#include <stdio.h>
#include <stdlib.h>

#define NPOINT 512
#define DIM 4

typedef struct {
  float weight;
  float *coord;
  long assign;
  float cost;
} Point;

typedef struct {
  long num;
  int dim;
  Point *p;
} Points;

static float dist(Point p1, Point p2, int dim)
{
  int k;
  float result = 0.0f;
  for (k = 0; k < dim; k++)
    result += (p1.coord[k] - p2.coord[k]) * (p1.coord[k] - p2.coord[k]);
  return result;
}

static void gains(Points *points, long x, float *gain)
{
  long i;
#pragma omp parallel for
  for (i = 0; i < points->num; i++) {
    float x_cost = dist(points->p[i], points->p[x], points->dim) * points->p[i].weight;
    gain[i] = points->p[i].cost - x_cost;
  }
}

int main(void)
{
  static float block[NPOINT * DIM];
  static float gain[NPOINT];
  Points points;
  long i;
  int k;
  points.num = NPOINT;
  points.dim = DIM;
  points.p = (Point *) malloc(NPOINT * sizeof(Point));
  if (points.p == NULL)
    return 1;
  for (i = 0; i < NPOINT; i++) {
    points.p[i].coord = &block[i * DIM];
    for (k = 0; k < DIM; k++)
      points.p[i].coord[k] = (float) ((i * 7 + k) % 13);
    points.p[i].weight = 1.0f;
    points.p[i].assign = 0;
    points.p[i].cost = 100.0f;
  }
  gains(&points, 3, gain);
  printf("%f\n", gain[NPOINT - 1]);
  free(points.p);
  return 0;
}
