// Byte steps on `void *` build with nvcc (a warning); steps on a pointer to a
// type declared but never defined do not, with nvcc or Clang: only the second
// is a parse error.
struct Descriptor;

__global__ void walk(void *base, Descriptor *descriptors, float *out, int stride) {
  const float *from_bytes = reinterpret_cast<const float *>(base + stride * blockIdx.x);
  Descriptor *next = descriptors + 1;
  out[blockIdx.x] = from_bytes[threadIdx.x] + (next != nullptr);
}
