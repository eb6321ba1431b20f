#pragma once
#include <cstdint>
#include <unordered_map>

// std::function comes from cuda_runtime.h, which includes <functional> when
// nvcc compiles with --expt-extended-lambda (as this project's build does).
struct LaunchParams {
  const float *x;
  float *y;
  int rows;
  int cols;
};
using LaunchFunction = std::function<void(const LaunchParams &)>;
std::unordered_map<uint64_t, LaunchFunction> &launch_registry();
