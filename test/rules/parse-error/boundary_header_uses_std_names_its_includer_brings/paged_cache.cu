// The translation unit includes <iostream> before the header that reports
// bad page tables on std::cerr: the header is a piece of this file.
#include <cstdint>
#include <iostream>

#include "page_table.cuh"

void launch_gather_pages(const float *pages, const int32_t *table, float *out, int n_pages, int page_size,
                         cudaStream_t stream) {
  if (!check_page_table(table, n_pages)) return;
  gather_pages_kernel<<<n_pages, page_size, 0, stream>>>(pages, table, out, page_size);
}
