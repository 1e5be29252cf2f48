/* The x-flux of a Burgers-like field held in file-scope arrays, in the manner of NPB and other Fortran
 * codes written in C: sizes are macros, the grid in use and the step's coefficient are file-scope
 * variables set up once, counters are declared at the top. */
#define NX 64
#define NY 48

double q[NY][NX];    /* the field */
double flux[NY][NX]; /* its flux difference, per cell */
double dtdx;         /* dt / dx, set by global_fields_setup */
int nx = NX, ny = NY; /* the part of the arrays in use */

void global_fields_setup(double dt, double dx)
{
    dtdx = dt / dx;
}

void global_fields(void)
{
    int i, j;

#pragma omp parallel for private(i)
    for (j = 0; j < ny; j++)
        for (i = 1; i < nx - 1; i++)
            flux[j][i] = 0.5 * dtdx * (q[j][i + 1] * q[j][i + 1] - q[j][i - 1] * q[j][i - 1]);
}
