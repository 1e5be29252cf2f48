// adrace-expect: race definite
// adrace-race: 28 balance
// Withdrawals take a different lock (audit_lock) than deposits, so they do not exclude each other on
// balance.
/* One balance: the first half of the transactions are deposits, the second half withdrawals. */
#include <stdio.h>
#include <omp.h>

#define NTRANS 2000

omp_lock_t balance_lock, audit_lock;
double balance = 0.0;

int main(void)
{
  int t;
  omp_init_lock(&balance_lock);
  omp_init_lock(&audit_lock);
#pragma omp parallel for
  for (t = 0; t < NTRANS; t++) {
    double amount = 1.0 + (t % 5);
    if (t < NTRANS / 2) { /* deposits first, then withdrawals */
      omp_set_lock(&balance_lock);
      balance += amount;
      omp_unset_lock(&balance_lock);
    } else {
      omp_set_lock(&audit_lock); /* withdraw */
      balance -= amount;
      omp_unset_lock(&audit_lock); /* withdraw */
    }
  }
  omp_destroy_lock(&balance_lock);
  omp_destroy_lock(&audit_lock);
  printf("balance = %f\n", balance);
  return 0;
}
