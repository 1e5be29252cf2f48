// Test kernel for `adrace adjoint` (not a corpus case): the tracer tendency of one model column as
// a C++ ocean code writes it. The column is a struct with member arrays sized by a constexpr and
// accessors called in the loop (one through `this->`); each face's upwind blend is a small class
// built in the loop from the face's weight; the weights and the tendency are std::array references,
// and the loop bound comes from tend.size().
//   tend[k] = (w[k] F(k) + (1 - w[k]) F(k-1)) / h[k],   F(k) = (q[k] + q[k+1]) / 2 * h[k]   (1 <= k < n - 1)
#include <array>
#include <cstddef>

constexpr int NCELL = 4096;

struct Column {
    double h[NCELL]; // layer thickness
    double q[NCELL]; // tracer concentration

    double thickness(int k) const { return h[k]; }
    // the tracer carried across the bottom face of layer k
    double flux(int k) const { return 0.5 * (this->q[k] + this->q[k + 1]) * h[k]; }
};

// a convex combination of two face values, with its weight
class Blend {
public:
    explicit Blend(double weight) : alpha(weight) {}
    double of(double upper, double lower) const { return alpha * upper + (1.0 - alpha) * lower; }

private:
    double alpha;
};

void class_column(const Column& col, const std::array<double, NCELL>& w, std::array<double, NCELL>& tend)
{
    const int n = static_cast<int>(tend.size());
#pragma omp parallel for schedule(static)
    for (int k = 1; k < n - 1; ++k) {
        const Blend face(w[k]);
        tend[k] = face.of(col.flux(k), col.flux(k - 1)) / col.thickness(k);
    }
}
