// The flux residual of a cell-centred Euler solver as Rodinia's CFD code (euler3d_cpu.cpp) writes
// it in C++: blocks of cells in a parallel loop with schedule(auto) and an `omp simd` loop over each
// block; neighbours from an index array, `#pragma unroll` on the loop over them; a wall (-1) and a
// far field (-2) whose constant fluxes come as float3 parameters passed by value; float3 locals
// declared at the top of the cell's body and filled member by member and by reference helpers.
#include <cmath>

#define NDIM 3
#define NNB 4
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

inline void compute_flux_contribution(float& density, float3& momentum, float& density_energy, float& pressure,
                                      float3& velocity, float3& fc_momentum_x, float3& fc_momentum_y,
                                      float3& fc_momentum_z, float3& fc_density_energy)
{
    fc_momentum_x.x = velocity.x * momentum.x + pressure;
    fc_momentum_x.y = velocity.x * momentum.y;
    fc_momentum_x.z = velocity.x * momentum.z;

    fc_momentum_y.x = fc_momentum_x.y;
    fc_momentum_y.y = velocity.y * momentum.y + pressure;
    fc_momentum_y.z = velocity.y * momentum.z;

    fc_momentum_z.x = fc_momentum_x.z;
    fc_momentum_z.y = fc_momentum_y.z;
    fc_momentum_z.z = velocity.z * momentum.z + pressure;

    float de_p = density_energy + pressure;
    fc_density_energy.x = velocity.x * de_p;
    fc_density_energy.y = velocity.y * de_p;
    fc_density_energy.z = velocity.z * de_p;
    (void)density;
}

void cfd_face_flux(int nelr, int* elements_surrounding_elements, float* normals, float* variables, float* fluxes,
                   float* ff_variable, float3 ff_flux_contribution_momentum_x, float3 ff_flux_contribution_momentum_y,
                   float3 ff_flux_contribution_momentum_z, float3 ff_flux_contribution_density_energy)
{
    const float smoothing_coefficient = float(0.2f);

#pragma omp parallel for default(shared) schedule(auto)
    for (int blk = 0; blk < nelr / block_length; ++blk) {
        int b_start = blk * block_length;
        int b_end = (blk + 1) * block_length > nelr ? nelr : (blk + 1) * block_length;
#pragma omp simd
        for (int i = b_start; i < b_end; ++i) {
            float density_i = variables[i + VAR_DENSITY * nelr];
            float3 momentum_i;
            momentum_i.x = variables[i + (VAR_MOMENTUM + 0) * nelr];
            momentum_i.y = variables[i + (VAR_MOMENTUM + 1) * nelr];
            momentum_i.z = variables[i + (VAR_MOMENTUM + 2) * nelr];
            float density_energy_i = variables[i + VAR_DENSITY_ENERGY * nelr];

            float3 velocity_i;             compute_velocity(density_i, momentum_i, velocity_i);
            float speed_sqd_i            = compute_speed_sqd(velocity_i);
            float speed_i                = std::sqrt(speed_sqd_i);
            float pressure_i             = compute_pressure(density_i, density_energy_i, speed_sqd_i);
            float speed_of_sound_i       = compute_speed_of_sound(density_i, pressure_i);
            float3 flux_contribution_i_momentum_x, flux_contribution_i_momentum_y, flux_contribution_i_momentum_z;
            float3 flux_contribution_i_density_energy;
            compute_flux_contribution(density_i, momentum_i, density_energy_i, pressure_i, velocity_i,
                                      flux_contribution_i_momentum_x, flux_contribution_i_momentum_y,
                                      flux_contribution_i_momentum_z, flux_contribution_i_density_energy);

            float flux_i_density = float(0.0f);
            float3 flux_i_momentum;
            flux_i_momentum.x = float(0.0f);
            flux_i_momentum.y = float(0.0f);
            flux_i_momentum.z = float(0.0f);
            float flux_i_density_energy = float(0.0f);

            float3 velocity_nb;
            float density_nb, density_energy_nb;
            float3 momentum_nb;
            float speed_sqd_nb, speed_of_sound_nb, pressure_nb;
#pragma unroll
            for (int j = 0; j < NNB; j++) {
                float3 normal; float normal_len;
                float factor;

                int nb = elements_surrounding_elements[i + j * nelr];
                normal.x = normals[i + (j + 0 * NNB) * nelr];
                normal.y = normals[i + (j + 1 * NNB) * nelr];
                normal.z = normals[i + (j + 2 * NNB) * nelr];
                normal_len = std::sqrt(normal.x * normal.x + normal.y * normal.y + normal.z * normal.z);

                if (nb >= 0) {  // a legitimate neighbor
                    density_nb =        variables[nb + VAR_DENSITY * nelr];
                    momentum_nb.x =     variables[nb + (VAR_MOMENTUM + 0) * nelr];
                    momentum_nb.y =     variables[nb + (VAR_MOMENTUM + 1) * nelr];
                    momentum_nb.z =     variables[nb + (VAR_MOMENTUM + 2) * nelr];
                    density_energy_nb = variables[nb + VAR_DENSITY_ENERGY * nelr];
                                        compute_velocity(density_nb, momentum_nb, velocity_nb);
                    speed_sqd_nb      = compute_speed_sqd(velocity_nb);
                    pressure_nb       = compute_pressure(density_nb, density_energy_nb, speed_sqd_nb);
                    speed_of_sound_nb = compute_speed_of_sound(density_nb, pressure_nb);

                    // artificial viscosity
                    factor = -normal_len * smoothing_coefficient * float(0.5f) *
                             (speed_i + std::sqrt(speed_sqd_nb) + speed_of_sound_i + speed_of_sound_nb);
                    flux_i_density += factor * (density_i - density_nb);
                    flux_i_density_energy += factor * (density_energy_i - density_energy_nb);
                    flux_i_momentum.x += factor * (momentum_i.x - momentum_nb.x);
                    flux_i_momentum.y += factor * (momentum_i.y - momentum_nb.y);
                    flux_i_momentum.z += factor * (momentum_i.z - momentum_nb.z);

                    // accumulate cell-centered fluxes
                    factor = float(0.5f) * normal.x;
                    flux_i_density += factor * (momentum_nb.x + momentum_i.x);
                    flux_i_density_energy += factor * (velocity_nb.x * (density_energy_nb + pressure_nb) +
                                                       flux_contribution_i_density_energy.x);
                    flux_i_momentum.x += factor * (velocity_nb.x * momentum_nb.x + pressure_nb +
                                                   flux_contribution_i_momentum_x.x);
                    flux_i_momentum.y += factor * (velocity_nb.x * momentum_nb.y + flux_contribution_i_momentum_y.x);
                    flux_i_momentum.z += factor * (velocity_nb.x * momentum_nb.z + flux_contribution_i_momentum_z.x);
                } else if (nb == -1) {  // a wing boundary
                    flux_i_momentum.x += normal.x * pressure_i;
                    flux_i_momentum.y += normal.y * pressure_i;
                    flux_i_momentum.z += normal.z * pressure_i;
                } else if (nb == -2) {  // a far field boundary
                    factor = float(0.5f) * normal.x;
                    flux_i_density += factor * (ff_variable[VAR_MOMENTUM + 0] + momentum_i.x);
                    flux_i_density_energy += factor * (ff_flux_contribution_density_energy.x +
                                                       flux_contribution_i_density_energy.x);
                    flux_i_momentum.x += factor * (ff_flux_contribution_momentum_x.x + flux_contribution_i_momentum_x.x);
                    flux_i_momentum.y += factor * (ff_flux_contribution_momentum_y.x + flux_contribution_i_momentum_y.x);
                    flux_i_momentum.z += factor * (ff_flux_contribution_momentum_z.x + flux_contribution_i_momentum_z.x);
                }
            }

            fluxes[i + VAR_DENSITY * nelr] = flux_i_density;
            fluxes[i + (VAR_MOMENTUM + 0) * nelr] = flux_i_momentum.x;
            fluxes[i + (VAR_MOMENTUM + 1) * nelr] = flux_i_momentum.y;
            fluxes[i + (VAR_MOMENTUM + 2) * nelr] = flux_i_momentum.z;
            fluxes[i + VAR_DENSITY_ENERGY * nelr] = flux_i_density_energy;
        }
    }
}
