/* Problem sizes and types of the macro_sizes test kernel, PolyBench style: the default size unless
 * the program is built with -DSMALL_DATASET. */
#ifndef MACRO_SIZES_H
#define MACRO_SIZES_H
typedef double real;
#ifdef SMALL_DATASET
#define N 40
#else
#define N 400
#endif
#endif
