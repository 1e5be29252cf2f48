// The local time step of a cell-centred Euler solver, as Rodinia's CFD code (euler3d_cpu.cpp)
// writes it in C++: blocks of cells in a parallel loop with schedule(auto), an `omp simd` loop over
// each block, a float3 struct filled member by member, and inline helpers taking every argument by
// reference, the velocity written through one.
#include <cmath>

#define NDIM 3
#define VAR_DENSITY 0
#define VAR_MOMENTUM 1
#define VAR_DENSITY_ENERGY (VAR_MOMENTUM + NDIM)
#define GAMMA 1.4
#define block_length 8

struct float3 {
    float x, y, z;
};

inline void compute_velocity(float& density, float3& momentum, float3& velocity)
{
    velocity.x = momentum.x / density;
    velocity.y = momentum.y / density;
    velocity.z = momentum.z / density;
}

inline float compute_speed_sqd(float3& velocity)
{
    return velocity.x * velocity.x + velocity.y * velocity.y + velocity.z * velocity.z;
}

inline float compute_pressure(float& density, float& density_energy, float& speed_sqd)
{
    return (float(GAMMA) - float(1.0f)) * (density_energy - float(0.5f) * density * speed_sqd);
}

inline float compute_speed_of_sound(float& density, float& pressure)
{
    return std::sqrt(float(GAMMA) * pressure / density);
}

void cfd_step_factor(int nelr, float* __restrict variables, float* areas, float* __restrict step_factors)
{
#pragma omp parallel for default(shared) schedule(auto)
    for (int blk = 0; blk < nelr / block_length; ++blk) {
        int b_start = blk * block_length;
        int b_end = (blk + 1) * block_length > nelr ? nelr : (blk + 1) * block_length;
#pragma omp simd
        for (int i = b_start; i < b_end; i++) {
            float density = variables[i + VAR_DENSITY * nelr];

            float3 momentum;
            momentum.x = variables[i + (VAR_MOMENTUM + 0) * nelr];
            momentum.y = variables[i + (VAR_MOMENTUM + 1) * nelr];
            momentum.z = variables[i + (VAR_MOMENTUM + 2) * nelr];

            float density_energy = variables[i + VAR_DENSITY_ENERGY * nelr];
            float3 velocity;       compute_velocity(density, momentum, velocity);
            float speed_sqd      = compute_speed_sqd(velocity);
            float pressure       = compute_pressure(density, density_energy, speed_sqd);
            float speed_of_sound = compute_speed_of_sound(density, pressure);

            // dt = float(0.5f) * std::sqrt(areas[i]) /  (||v|| + c).... but when we do time stepping, this later would need to be divided by the area, so we just do it all at once
            step_factors[i] = float(0.5f) / (std::sqrt(areas[i]) * (std::sqrt(speed_sqd) + speed_of_sound));
        }
    }
}
