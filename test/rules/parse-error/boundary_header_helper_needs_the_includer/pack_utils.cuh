#pragma once
// Uses the packed type that the translation unit defines before it includes
// the kernels.
__device__ inline float unpack_sum(Packed4 v) { return v.x + v.y + v.z + v.w; }
