// Driver for the class_column test kernel (see corpus/common/harness.h), compiled as C++: the
// kernel takes a struct with member arrays and std::array references, the harness reads their data.
// (The kernel's Blend class is its own: the driver only needs Column.)
#include "../../../../corpus/common/harness.h"

#include <array>

constexpr int NCELL = 4096; // as in class_column.cpp

struct Column {
    double h[NCELL];
    double q[NCELL];
    double thickness(int k) const { return h[k]; }
    double flux(int k) const { return 0.5 * (this->q[k] + this->q[k + 1]) * h[k]; }
};

void class_column(const Column& col, const std::array<double, NCELL>& w, std::array<double, NCELL>& tend);
void class_column_b(const Column& col, Column& col_b, const std::array<double, NCELL>& w,
                    std::array<double, NCELL>& w_b, std::array<double, NCELL>& tend,
                    std::array<double, NCELL>& tend_b);

static Column col, col_b;
static std::array<double, NCELL> w, w_b, tend, tend_b;
static double *h_p, *h_bp, *q_p, *q_bp, *w_p, *w_bp, *tend_p, *tend_bp;
static long len = NCELL;

static void setup(int)
{
    h_p = col.h, h_bp = col_b.h, q_p = col.q, q_bp = col_b.q;
    w_p = w.data(), w_bp = w_b.data(), tend_p = tend.data(), tend_bp = tend_b.data();
    lcg_seed(37);
    lcg_fill(h_p, len, 0.5, 1.5); /* thicknesses away from 0 */
    lcg_fill(q_p, len, -1.0, 1.0);
    lcg_fill(w_p, len, -1.0, 1.0);
    lcg_fill(tend_p, len, -1.0, 1.0);
}

static void primal(void) { class_column(col, w, tend); }
static void adjoint(void) { class_column_b(col, col_b, w, w_b, tend, tend_b); }

int main(int argc, char** argv)
{
    static const struct harness_kernel kernel = {
        .name = "class_column",
        .size_meaning = "layers (fixed: NCELL)",
        .check_size = NCELL,
        .time_size = NCELL,
        .setup = setup,
        .narrays = 4,
        .arrays = {{"h", &h_p, &h_bp, &len}, {"q", &q_p, &q_bp, &len}, {"w", &w_p, &w_bp, &len},
                   {"tend", &tend_p, &tend_bp, &len}},
        .nvariants = 1,
        .variants = {{"class_column", primal, adjoint}},
    };
    return harness_main(argc, argv, &kernel);
}
