#pragma once
#include <cuda_runtime.h>

// The launcher is declared here and defined, with its instantiations, in
// transpose.cu: the usual split of a kernel library.
template <typename T>
void launchTranspose(T *dst, const T *src, int rows, int cols, cudaStream_t stream);
