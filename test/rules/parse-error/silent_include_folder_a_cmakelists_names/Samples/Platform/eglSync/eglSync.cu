// build-flags: -I../../../Common
// <helper_driver.h> is in Common/, which this sample's CMakeLists.txt puts on
// the include path, and also, as another sample's own copy, in
// ../driverJit/: the build's folder is the one searched.
#include <helper_driver.h>

__global__ void update_surface(unsigned *surface, unsigned value, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) surface[i] = value;
}

void run_update_surface(unsigned *surface, unsigned value, int n) {
  update_surface<<<driver_blocks(n, 256), 256>>>(surface, value, n);
}
