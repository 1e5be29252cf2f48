// adrace-expect: race definite
// adrace-race: 26 strtok
// strtok keeps its position in the string in hidden static state: iterations tokenising concurrently overwrite it.
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
    char *field;
    int k = 0;
    field = strtok(lines[i], ",");
    while (field != NULL && k < NFIELDS) {
      coord[i][k++] = strtod(field, NULL);
      field = strtok(NULL, ",");
    }
    if (k != NFIELDS) {
      fprintf(stderr, "record %d: %d fields\n", i, k);
      bad++;
    }
    snprintf(out[i], LINELEN, "%g %g %g", coord[i][0], coord[i][1], coord[i][2]);
  }
  return bad;
}
