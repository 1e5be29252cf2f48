// adrace-expect: race definite
// adrace-race: 28 npairs
// add_pair counts the pair after releasing the nest lock, so the increments of npairs are unprotected.
/* A nestable lock taken again by a helper called with the lock held. */
#include <stdio.h>
#include <omp.h>

#define LEN 1000

omp_nest_lock_t qlock;
double sum = 0.0;
int count = 0, npairs = 0;

static void add_item(double v)
{
  omp_set_nest_lock(&qlock);
  sum += v;
  count++;
  omp_unset_nest_lock(&qlock);
}

static void add_pair(double v, double w)
{
  omp_set_nest_lock(&qlock);
  add_item(v);
  add_item(w);
  omp_unset_nest_lock(&qlock);
  npairs++;
}

int main(void)
{
  int i;
  omp_init_nest_lock(&qlock);
#pragma omp parallel for
  for (i = 0; i < LEN; i++)
    add_pair(i, -0.5 * i);
  omp_destroy_nest_lock(&qlock);
  printf("%f %d %d\n", sum, count, npairs);
  return 0;
}
