// adrace-expect: race-free
// Complex values are stored as (re, im) pairs: iteration k passes z + 2 * k and the helper writes p[0] and p[1] of its own pair.
/* Pointwise complex multiply of an interleaved signal, as FFT codes store it. */
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
    cmul_in_place(z + 2 * k, w[k]);
}
