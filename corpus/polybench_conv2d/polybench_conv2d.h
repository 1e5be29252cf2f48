/* Problem sizes and data type of polybench_conv2d, in PolyBench's style (2DConvolution.h): one of
 * MINI_DATASET, SMALL_DATASET, LARGE_DATASET picks the sizes; the default is the standard set. */
#ifndef POLYBENCH_CONV2D_H
#define POLYBENCH_CONV2D_H

#if !defined(MINI_DATASET) && !defined(SMALL_DATASET) && !defined(LARGE_DATASET)
#define STANDARD_DATASET
#endif

#ifdef MINI_DATASET
#define NI 64
#define NJ 64
#endif

#ifdef SMALL_DATASET
#define NI 512
#define NJ 512
#endif

#ifdef STANDARD_DATASET
#define NI 4096
#define NJ 4096
#endif

#ifdef LARGE_DATASET
#define NI 8192
#define NJ 8192
#endif

#ifndef DATA_TYPE
#define DATA_TYPE float
#endif

#endif
