// adrace-expect: race definite
// adrace-race: 8 a
// Iterations 2k and 2k+1 both write a[k].
void index_div(int n, double *a, const double *b)
{
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[i / 2] = b[i];
}
