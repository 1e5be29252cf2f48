// adrace-expect: race definite
// adrace-race: 9 a
// k = i+1, so iteration i writes a[i+1] that iteration i+1 reads as a[i].
void local_index(int n, double *a)
{
#pragma omp parallel for
  for (int i = 0; i < n - 1; i++) {
    int k = i + 1;
    a[k] = a[i] + 1.0;
  }
}
