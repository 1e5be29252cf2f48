/* Flux residual of a cell-centred Euler solver on an unstructured mesh, written as Rodinia's CFD
 * code writes it: the conserved variables and the face normals stored variable-major
 * (`variables[i + VAR_MOMENTUM * nelr]`), float3 struct locals filled member by member, void helpers
 * writing their results through pointers to float3, four neighbours per cell from an index array
 * (negative: a wall) whose pressure is scaled by a file-scope float3, and float arithmetic with
 * sqrtf. */
#include <math.h>

#define NDIM 3
#define NNB 4
#define VAR_DENSITY 0
#define VAR_MOMENTUM 1
#define VAR_DENSITY_ENERGY (VAR_MOMENTUM + NDIM)
#define GAMMA 1.4f
#define SMOOTHING 0.2f

typedef struct {
    float x, y, z;
} float3;

float3 wall_scale = {1.0f, 0.9f, 1.1f};

static inline void compute_velocity(float density, const float3 *momentum, float3 *velocity)
{
    velocity->x = momentum->x / density;
    velocity->y = momentum->y / density;
    velocity->z = momentum->z / density;
}

static inline float compute_speed_sqd(const float3 *velocity)
{
    return velocity->x * velocity->x + velocity->y * velocity->y + velocity->z * velocity->z;
}

static inline float compute_pressure(float density, float density_energy, float speed_sqd)
{
    return (GAMMA - 1.0f) * (density_energy - 0.5f * density * speed_sqd);
}

static inline void compute_flux_contribution(float density, const float3 *momentum, float density_energy,
                                             float pressure, const float3 *velocity, float3 *fc_momentum_x,
                                             float3 *fc_momentum_y, float3 *fc_momentum_z,
                                             float3 *fc_density_energy)
{
    float de_p = density_energy + pressure;
    fc_momentum_x->x = velocity->x * momentum->x + pressure;
    fc_momentum_x->y = velocity->x * momentum->y;
    fc_momentum_x->z = velocity->x * momentum->z;
    fc_momentum_y->x = fc_momentum_x->y;
    fc_momentum_y->y = velocity->y * momentum->y + pressure;
    fc_momentum_y->z = velocity->y * momentum->z;
    fc_momentum_z->x = fc_momentum_x->z;
    fc_momentum_z->y = fc_momentum_y->z;
    fc_momentum_z->z = velocity->z * momentum->z + pressure;
    fc_density_energy->x = velocity->x * de_p;
    fc_density_energy->y = velocity->y * de_p;
    fc_density_energy->z = velocity->z * de_p;
    (void)density;
}

void cfd_fluxes(int nelr, const int *elements_surrounding_elements, const float *normals, const float *variables,
                float *fluxes)
{
    int i;
#pragma omp parallel for default(shared) schedule(static)
    for (i = 0; i < nelr; i++) {
        int j, nb;
        float3 normal;
        float normal_len, factor;
        float density_i = variables[i + VAR_DENSITY * nelr];
        float3 momentum_i;
        float density_energy_i = variables[i + VAR_DENSITY_ENERGY * nelr];
        float3 velocity_i;
        float speed_sqd_i, speed_i, pressure_i, speed_of_sound_i;
        float3 flux_contribution_i_momentum_x, flux_contribution_i_momentum_y, flux_contribution_i_momentum_z;
        float3 flux_contribution_i_density_energy;
        float flux_i_density = 0.0f;
        float3 flux_i_momentum = {0.0f, 0.0f, 0.0f};
        float flux_i_density_energy = 0.0f;

        momentum_i.x = variables[i + (VAR_MOMENTUM + 0) * nelr];
        momentum_i.y = variables[i + (VAR_MOMENTUM + 1) * nelr];
        momentum_i.z = variables[i + (VAR_MOMENTUM + 2) * nelr];
        compute_velocity(density_i, &momentum_i, &velocity_i);
        speed_sqd_i = compute_speed_sqd(&velocity_i);
        speed_i = sqrtf(speed_sqd_i);
        pressure_i = compute_pressure(density_i, density_energy_i, speed_sqd_i);
        speed_of_sound_i = sqrtf(GAMMA * pressure_i / density_i);
        compute_flux_contribution(density_i, &momentum_i, density_energy_i, pressure_i, &velocity_i,
                                  &flux_contribution_i_momentum_x, &flux_contribution_i_momentum_y,
                                  &flux_contribution_i_momentum_z, &flux_contribution_i_density_energy);

        for (j = 0; j < NNB; j++) {
            nb = elements_surrounding_elements[i * NNB + j];
            normal.x = normals[i + (j + 0 * NNB) * nelr];
            normal.y = normals[i + (j + 1 * NNB) * nelr];
            normal.z = normals[i + (j + 2 * NNB) * nelr];
            normal_len = sqrtf(normal.x * normal.x + normal.y * normal.y + normal.z * normal.z);
            if (nb >= 0) {
                float density_nb = variables[nb + VAR_DENSITY * nelr];
                float3 momentum_nb, velocity_nb;
                float density_energy_nb = variables[nb + VAR_DENSITY_ENERGY * nelr];
                float speed_sqd_nb, pressure_nb, speed_of_sound_nb;
                momentum_nb.x = variables[nb + (VAR_MOMENTUM + 0) * nelr];
                momentum_nb.y = variables[nb + (VAR_MOMENTUM + 1) * nelr];
                momentum_nb.z = variables[nb + (VAR_MOMENTUM + 2) * nelr];
                compute_velocity(density_nb, &momentum_nb, &velocity_nb);
                speed_sqd_nb = compute_speed_sqd(&velocity_nb);
                pressure_nb = compute_pressure(density_nb, density_energy_nb, speed_sqd_nb);
                speed_of_sound_nb = sqrtf(GAMMA * pressure_nb / density_nb);

                /* artificial viscosity */
                factor = -normal_len * SMOOTHING * 0.5f *
                         (speed_i + sqrtf(speed_sqd_nb) + speed_of_sound_i + speed_of_sound_nb);
                flux_i_density += factor * (density_i - density_nb);
                flux_i_density_energy += factor * (density_energy_i - density_energy_nb);
                flux_i_momentum.x += factor * (momentum_i.x - momentum_nb.x);
                flux_i_momentum.y += factor * (momentum_i.y - momentum_nb.y);
                flux_i_momentum.z += factor * (momentum_i.z - momentum_nb.z);

                /* central flux through the face */
                factor = 0.5f * normal.x;
                flux_i_density += factor * (momentum_nb.x + momentum_i.x);
                flux_i_density_energy += factor * (velocity_nb.x * (density_energy_nb + pressure_nb) +
                                                   flux_contribution_i_density_energy.x);
                flux_i_momentum.x += factor * (velocity_nb.x * momentum_nb.x + pressure_nb +
                                               flux_contribution_i_momentum_x.x);
                flux_i_momentum.y += factor * (velocity_nb.x * momentum_nb.y + flux_contribution_i_momentum_y.x);
                flux_i_momentum.z += factor * (velocity_nb.x * momentum_nb.z + flux_contribution_i_momentum_z.x);
            } else {
                /* a wall: only the pressure pushes */
                flux_i_momentum.x += normal.x * pressure_i * wall_scale.x;
                flux_i_momentum.y += normal.y * pressure_i * wall_scale.y;
                flux_i_momentum.z += normal.z * pressure_i * wall_scale.z;
            }
        }
        fluxes[i + VAR_DENSITY * nelr] = flux_i_density;
        fluxes[i + (VAR_MOMENTUM + 0) * nelr] = flux_i_momentum.x;
        fluxes[i + (VAR_MOMENTUM + 1) * nelr] = flux_i_momentum.y;
        fluxes[i + (VAR_MOMENTUM + 2) * nelr] = flux_i_momentum.z;
        fluxes[i + VAR_DENSITY_ENERGY * nelr] = flux_i_density_energy;
    }
}
