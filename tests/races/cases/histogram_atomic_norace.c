// adrace-expect: race-free
// The increment h[bin[i]]++ is atomic; bin is only read and does not alias h (restrict).
void histogram_atomic(int n, int *restrict h, const int *restrict bin)
{
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
#pragma omp atomic
    h[bin[i]]++;
  }
}
