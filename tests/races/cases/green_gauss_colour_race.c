// adrace-expect: race possible
// adrace-race: 14 grad
// Edge loop over one colour: the colouring makes the edges' nodes distinct, but the checker cannot know that,
// so grad[i] and grad[j] may be updated by two edges sharing a node.
void green_gauss_colour(int ebegin, int eend, const int *e2n, const double *nx,
                        const double *u, double *grad)
{
#pragma omp parallel for
  for (int ie = ebegin; ie < eend; ie++) {
    int i = e2n[2 * ie];
    int j = e2n[2 * ie + 1];
    if (i != j) {
      double f = 0.5 * (u[i] + u[j]) * nx[ie];
      grad[i] += f;
      grad[j] -= f;
    }
  }
}
