// Test kernel for `adrace adjoint` (not a corpus case): per-body energies in a harmonic trap as a
// C++ particle code writes them, arrays of a small vector struct and an inline helper taking
// `const Vec3&` (its members read through the reference: those of the element the call passes).
//   energy[i] = m/2 |vel[i]|^2 + k/2 |pos[i]|^2
struct Vec3 {
  double x, y, z;
};

inline double dot(const Vec3& a, const Vec3& b) { return a.x * b.x + a.y * b.y + a.z * b.z; }

void body_energy(int n, double mass, double k, const Vec3* pos, const Vec3* vel, double* energy)
{
#pragma omp parallel for schedule(static)
  for (int i = 0; i < n; ++i) {
    const double kinetic = 0.5 * mass * dot(vel[i], vel[i]);
    const double potential = 0.5 * k * dot(pos[i], /* the same body */ pos[i]);
    energy[i] = kinetic + potential;
  }
}
