#pragma once
// Gathers a sequence's KV pages into one buffer; its host check prints to
// std::cerr and relies on the includer for <iostream>.
#include <cstdint>

inline bool check_page_table(const int32_t *table, int n_pages) {
  if (table == nullptr || n_pages <= 0) {
    std::cerr << "page table is empty" << std::endl;
    return false;
  }
  return true;
}

__global__ void gather_pages_kernel(const float *pages, const int32_t *table, float *out, int page_size) {
  const int page = table[blockIdx.x];
  out[blockIdx.x * page_size + threadIdx.x] = pages[page * page_size + threadIdx.x];
}
