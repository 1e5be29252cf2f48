// adrace-expect: race-free
// Each tile is copied whole into its checkpoint and passed by value (a copy of its fields); its
// cells, a block of its own, are filled through the copy's pointer; each iteration rescales its own tile.
/* An array of tiles, each with its own heap block, handed to a helper by value. */
#include <stdio.h>
#include <stdlib.h>

#define NTILE 64
#define NCELL 100

typedef struct {
  double *cells;
  int ncell;
  double scale;
} Tile;

Tile tiles[NTILE], saved[NTILE];

static void tile_fill(Tile t, double v)
{
  int k;
  for (k = 0; k < t.ncell; k++)
    t.cells[k] = v * t.scale + k;
}

int main(void)
{
  int i;
  for (i = 0; i < NTILE; i++) {
    tiles[i].cells = (double *) malloc(NCELL * sizeof(double));
    tiles[i].ncell = NCELL;
    tiles[i].scale = 1.0;
  }
#pragma omp parallel for
  for (i = 0; i < NTILE; i++) {
    saved[i] = tiles[i]; /* keep the settings the tile was filled with */
    tiles[i].scale = 0.5 * tiles[i].scale;
    tile_fill(tiles[i], (double) i);
  }
  printf("%f\n", tiles[NTILE - 1].cells[1]);
  for (i = 0; i < NTILE; i++)
    free(tiles[i].cells);
  return 0;
}
