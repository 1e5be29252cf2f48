// adrace-expect: race-free
// Rodinia SRAD-style diffusion step: the first loop writes the directional derivatives dN/dS/dW/dE
// and the coefficient c of pixel (i, j) only; after its implicit barrier the second loop reads c of
// the neighbours (through the iN/iS/jW/jE index arrays, which the code fills as clamped neighbours)
// and writes J[k] of its own pixel. J is read in the first loop and written in the second: separated
// by the barrier.
#include <stdio.h>
#include <stdlib.h>

#define ROWS 96
#define COLS 96

static float J[ROWS * COLS], c[ROWS * COLS];
static float dN[ROWS * COLS], dS[ROWS * COLS], dW[ROWS * COLS], dE[ROWS * COLS];
static int iN[ROWS], iS[ROWS], jW[COLS], jE[COLS];

static void srad_step(int rows, int cols, float q0sqr, float lambda)
{
  int i, j;
#pragma omp parallel private(i, j)
  {
#pragma omp for
    for (i = 0; i < rows; i++)
      for (j = 0; j < cols; j++) {
        int k = i * cols + j;
        float Jc = J[k], G2, L, num, den, qsqr;
        dN[k] = J[iN[i] * cols + j] - Jc;
        dS[k] = J[iS[i] * cols + j] - Jc;
        dW[k] = J[i * cols + jW[j]] - Jc;
        dE[k] = J[i * cols + jE[j]] - Jc;
        G2 = (dN[k] * dN[k] + dS[k] * dS[k] + dW[k] * dW[k] + dE[k] * dE[k]) / (Jc * Jc);
        L = (dN[k] + dS[k] + dW[k] + dE[k]) / Jc;
        num = (0.5f * G2) - ((1.0f / 16.0f) * (L * L));
        den = 1 + (.25f * L);
        qsqr = num / (den * den);
        den = (qsqr - q0sqr) / (q0sqr * (1 + q0sqr));
        c[k] = 1.0f / (1.0f + den);
        c[k] = c[k] < 0 ? 0 : (c[k] > 1 ? 1 : c[k]);
      }
#pragma omp for
    for (i = 0; i < rows; i++)
      for (j = 0; j < cols; j++) {
        int k = i * cols + j;
        float cN = c[k], cS = c[iS[i] * cols + j], cW = c[k], cE = c[i * cols + jE[j]];
        float D = cN * dN[k] + cS * dS[k] + cW * dW[k] + cE * dE[k];
        J[k] = J[k] + 0.25f * lambda * D;
      }
  }
}

int main(void)
{
  int i, j;
  for (i = 0; i < ROWS; i++) {
    iN[i] = i > 0 ? i - 1 : 0;
    iS[i] = i < ROWS - 1 ? i + 1 : ROWS - 1;
  }
  for (j = 0; j < COLS; j++) {
    jW[j] = j > 0 ? j - 1 : 0;
    jE[j] = j < COLS - 1 ? j + 1 : COLS - 1;
  }
  for (i = 0; i < ROWS * COLS; i++)
    J[i] = 1.0f + (float)(i % 17) / 17.0f;
  srad_step(ROWS, COLS, 0.05f, 0.5f);
  printf("%f\n", J[ROWS * COLS / 2]);
  return 0;
}
