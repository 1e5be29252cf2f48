// adrace-expect: race-free
// Swapping over i < n/2 touches a[i] (lower half) and a[n-1-i] (upper half) only; no two iterations share an element.
void reverse_swap_half(int n, double *a)
{
#pragma omp parallel for
  for (int i = 0; i < n / 2; i++) {
    double t = a[i];
    a[i] = a[n - 1 - i];
    a[n - 1 - i] = t;
  }
}
