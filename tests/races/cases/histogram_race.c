// adrace-expect: race possible
// adrace-race: 8 h
// h[bin[i]]++ without protection: iterations falling into the same bin increment the same counter.
void histogram(int n, int *h, const int *bin)
{
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    h[bin[i]]++;
}
