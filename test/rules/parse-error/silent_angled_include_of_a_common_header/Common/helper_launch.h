#pragma once
// Shared by every sample; found through the path the samples' build adds.
#include <helper_errors.h>

inline int blocks_for(int n, int threads) { return (n + threads - 1) / threads; }
