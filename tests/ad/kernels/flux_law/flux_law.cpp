// Test kernel for `adrace adjoint` (not a corpus case): a finite-volume update whose flux law is a
// class hierarchy, as C++ solvers write it: the solver takes the law by a reference to a final
// class, so the virtual call `law.flux(...)` runs that class's overrider, which adrace inlines
// (ad/HelperInlining.cpp); through a reference to the base class it would be refused with the
// call's location. The face flux of cells i and i + 1 is read by both: u's adjoint is a gather.
namespace fv {

struct FluxLaw {
    virtual double flux(double left, double right) const = 0;
    virtual ~FluxLaw() {}
};

// Lax-Friedrichs flux of Burgers' equation, speed bound a.
struct LaxFriedrichsBurgers final : FluxLaw {
    double a;
    explicit LaxFriedrichsBurgers(double speed) : a(speed) {}
    double flux(double left, double right) const override
    {
        return 0.25 * (left * left + right * right) - 0.5 * a * (right - left);
    }
};

}  // namespace fv

void flux_law(int n, double dt_dx, const fv::LaxFriedrichsBurgers& law, const double* u, double* unew)
{
#pragma omp parallel for schedule(static)
    for (int i = 1; i < n - 1; i++) {
        const double east = law.flux(u[i], u[i + 1]), west = law.flux(u[i - 1], u[i]);  // both faces
        unew[i] = u[i] - dt_dx * (east - west);
    }
}
