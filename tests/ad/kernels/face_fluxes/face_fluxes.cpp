// Fluxes through the faces of a 1-D advection-diffusion grid, as a C++ finite-volume code writes
// them: each face's state is a small class whose constructor computes it from the two cells it
// separates (the conductivity's harmonic mean and the transmissibility; the upwind weights of the
// face velocity), built per face inside the parallel loop.
#include <vector>

namespace grid {
constexpr double kTiny = 1.0e-12;  // keeps the harmonic mean finite when both cells are insulating
}

// The face between cells i - 1 and i: the harmonic mean of their conductivities, over the spacing.
struct Conductance {
    double k;      // harmonic-mean conductivity
    double trans;  // k / dx
    Conductance(double kl, double kr, double dx) : k(2.0 * kl * kr / (kl + kr + grid::kTiny)) { trans = k / dx; }
};

// Upwind weights of the face velocity: the left cell's when the flow goes right, else the right's.
class Upwind {
  public:
    explicit Upwind(double v)
    {
        left = v > 0.0 ? v : 0.0;
        right = v > 0.0 ? 0.0 : -v;
    }
    double left, right;
};

void face_fluxes(int n, double dx, const std::vector<double>& kappa, const std::vector<double>& vel,
                 const std::vector<double>& u, std::vector<double>& flux)
{
#pragma omp parallel for schedule(static)
    for (int i = 1; i < n; i++) {
        const Conductance face(kappa[i - 1], kappa[i], dx);
        Upwind up(0.5 * (vel[i - 1] + vel[i]));
        flux[i] = up.left * u[i - 1] - up.right * u[i] - face.trans * (u[i] - u[i - 1]);
    }
}
