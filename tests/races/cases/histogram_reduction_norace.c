// adrace-expect: race-free
// An array-section reduction gives each thread a private copy of h[0:nbins], summed at the end.
void histogram_reduction(int n, int nbins, int *restrict h, const int *restrict bin)
{
#pragma omp parallel for reduction(+:h[:nbins])
  for (int i = 0; i < n; i++)
    h[bin[i]]++;
}
