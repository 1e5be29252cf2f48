// adrace-expect: race-free
// Blocked loop: block blk covers [blk*BL, min((blk+1)*BL, n)), so two blocks never share an
// element of v. The upper bound is written with `?:`, as application codes do.
#define BL 64

void blocked_scale(int n, double *v)
{
  int blk, i, s, e;
  int nblk = (n + BL - 1) / BL;
#pragma omp parallel for private(i, s, e)
  for (blk = 0; blk < nblk; blk++) {
    s = blk * BL;
    e = (blk + 1) * BL > n ? n : (blk + 1) * BL; /* last block is short */
    for (i = s; i < e; i++) v[i] = 2.0 * v[i];
  }
}
