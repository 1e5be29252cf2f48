// Driver for the body_energy test kernel (see corpus/common/harness.h), compiled as C++: a Vec3 of
// three doubles has no padding, so each array of n bodies is an array of 3n doubles to the harness.
#include "../../../../corpus/common/harness.h"

struct Vec3 {
  double x, y, z;
};
void body_energy(int n, double mass, double k, const Vec3* pos, const Vec3* vel, double* energy);
void body_energy_b(int n, double mass, double k, const Vec3* pos, Vec3* pos_b, const Vec3* vel, Vec3* vel_b,
                   double* energy, double* energy_b);

static int n;
static double *pos, *pos_b, *vel, *vel_b, *energy, *energy_b;
static long len, len3;
static const double mass = 1.5, k = 0.8;

static void setup(int size)
{
  n = size;
  len = n;
  len3 = 3L * n;
  pos = HARNESS_DOUBLES(len3); pos_b = HARNESS_DOUBLES(len3);
  vel = HARNESS_DOUBLES(len3); vel_b = HARNESS_DOUBLES(len3);
  energy = HARNESS_DOUBLES(len); energy_b = HARNESS_DOUBLES(len);
  lcg_seed(61);
  lcg_fill(pos, len3, -1.0, 1.0);
  lcg_fill(vel, len3, -2.0, 2.0);
  lcg_fill(energy, len, 0.0, 1.0);
}

static const Vec3* bodies(const double* a) { return reinterpret_cast<const Vec3*>(a); }
static Vec3* bodies(double* a) { return reinterpret_cast<Vec3*>(a); }

static void primal(void) { body_energy(n, mass, k, bodies(pos), bodies(vel), energy); }
static void adjoint(void)
{
  body_energy_b(n, mass, k, bodies(pos), bodies(pos_b), bodies(vel), bodies(vel_b), energy, energy_b);
}

int main(int argc, char** argv)
{
  static const struct harness_kernel kernel = {
      .name = "body_energy",
      .size_meaning = "bodies",
      .check_size = 87,
      .time_size = 2000000,
      .setup = setup,
      .narrays = 3,
      .arrays = {{"pos", &pos, &pos_b, &len3}, {"vel", &vel, &vel_b, &len3}, {"energy", &energy, &energy_b, &len}},
      .nvariants = 1,
      .variants = {{"body_energy", primal, adjoint}},
  };
  return harness_main(argc, argv, &kernel);
}
