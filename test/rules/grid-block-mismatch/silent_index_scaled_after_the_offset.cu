// Each thread moves four bytes: its index is scaled after the block's
// offset is added, or its elements are vectors of the launcher's bytes.
__global__ void copyQuads(char *dst, const char *src, int n) {
  int i = (blockIdx.x * blockDim.x + threadIdx.x) << 2;
  if (i + 3 < n) {
    dst[i] = src[i];
    dst[i + 1] = src[i + 1];
    dst[i + 2] = src[i + 2];
    dst[i + 3] = src[i + 3];
  }
}

__global__ void copyQuadsNamed(char *dst, const char *src, int n) {
  int thread = blockIdx.x * blockDim.x + threadIdx.x;
  int i = thread * 4;
  if (i + 3 < n) {
    dst[i] = src[i];
    dst[i + 3] = src[i + 3];
  }
}

__global__ void copyChar4(char4 *dst, const char4 *src, int n4) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n4) dst[i] = src[i];
}

void launchCopies(char *dst, const char *src, int n) {
  copyQuads<<<(n + 1023) / 1024, 256>>>(dst, src, n);
  copyQuadsNamed<<<(n + 1023) / 1024, 256>>>(dst, src, n);
  copyChar4<<<(n + 1023) / 1024, 256>>>((char4 *)dst, (const char4 *)src, n / 4);
}
