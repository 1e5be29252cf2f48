// adrace-expect: race-free
// Element-wise update with a dynamic schedule; each element has exactly one writer whatever the schedule.
void schedule_dynamic(int n, double *restrict y, const double *restrict x)
{
#pragma omp parallel for schedule(dynamic, 4)
  for (int i = 0; i < n; i++)
    y[i] = x[i] * x[i] - y[i];
}
