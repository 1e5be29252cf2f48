// adrace-expect: race definite
// adrace-race: 15 v
// Twin of blocked_ternary_bound_norace.c with an off-by-one: each block also writes the first
// element of the next block, which that block writes too.
#define BL 64

void blocked_scale(int n, double *v)
{
  int blk, i, s, e;
  int nblk = (n + BL - 1) / BL;
#pragma omp parallel for private(i, s, e)
  for (blk = 0; blk < nblk; blk++) {
    s = blk * BL;
    e = (blk + 1) * BL > n ? n : (blk + 1) * BL;
    for (i = s; i <= e && i < n; i++) v[i] = 2.0 * v[i];
  }
}
