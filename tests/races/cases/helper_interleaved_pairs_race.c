// adrace-expect: race definite
// adrace-race: 25 z
// The pair of iteration k starts at z + k, not z + 2 * k: its imaginary part is the real part of iteration k + 1.
/* Pointwise complex multiply of an interleaved signal, with the pair stride forgotten. */
#define NPOINTS 4096

typedef struct { double re, im; } cplx;

static double z[2 * NPOINTS];
static cplx w[NPOINTS];

static void cmul_in_place(double *p, cplx c)
{
  double re = p[0] * c.re - p[1] * c.im;
  double im = p[0] * c.im + p[1] * c.re;
  p[0] = re;
  p[1] = im;
}

void twiddle(int n)
{
  int k;
#pragma omp parallel for firstprivate(n)
  for (k = 0; k < n; k++)
    cmul_in_place(z + k, w[k]);
}
