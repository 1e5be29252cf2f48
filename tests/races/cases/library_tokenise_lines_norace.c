// adrace-expect: race-free
// Each iteration tokenises its own line with strtok_r and a save pointer of its own, and formats its own row of out.
/* Parse "x,y,z" records into coordinates, one record per iteration. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <assert.h>

#define NLINES 1024
#define LINELEN 64
#define NFIELDS 3

static char lines[NLINES][LINELEN];
static char out[NLINES][LINELEN];
static double coord[NLINES][NFIELDS];

int parse_records(int nlines)
{
  int i, bad = 0;
  assert(nlines <= NLINES);
#pragma omp parallel for reduction(+:bad)
  for (i = 0; i < nlines; i++) {
    char *save = NULL, *field;
    int k = 0;
    field = strtok_r(lines[i], ",", &save);
    while (field != NULL && k < NFIELDS) {
      coord[i][k++] = strtod(field, NULL);
      field = strtok_r(NULL, ",", &save);
    }
    if (k != NFIELDS) {
      fprintf(stderr, "record %d: %d fields\n", i, k);
      bad++;
    }
    snprintf(out[i], LINELEN, "%g %g %g", coord[i][0], coord[i][1], coord[i][2]);
  }
  return bad;
}
