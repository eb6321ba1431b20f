#!/bin/bash
# Parsing CUDA needs none of an installed Clang's headers: btlint serves
# Clang's own headers (stddef.h, stdint.h, the CUDA wrappers) from memory. In
# a mount namespace where every /usr/lib/llvm-*/lib/clang folder is an empty
# tmpfs, a kernel that includes <stddef.h>, <stdint.h> and <cuda_runtime.h>
# parses with no error, with btlint's own CUDA declarations and with the
# toolkit's headers.
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh" "$@"
cd "$WORK" || exit 1

if ! unshare -m true 2>/dev/null; then
  fail "unshare -m is allowed (the test hides the installed Clang's headers in a mount namespace)"
  finish
fi
cat >scale.cu <<'EOF2'
#include <stddef.h>
#include <stdint.h>
#include <stdarg.h>
#include <cuda_runtime.h>

__global__ void scale(float *out, const float *in, size_t n, float factor) {
  __shared__ float tile[256];
  const size_t i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) tile[threadIdx.x] = in[i] * factor;
  __syncthreads();
  if (i < n) out[i] = tile[threadIdx.x] + static_cast<float>(sizeof(int64_t));
}
EOF2
hidden=$(ls -d /usr/lib/llvm-*/lib/clang 2>/dev/null | tr '\n' ' ')
hide() { # hide CMD...: runs CMD with every installed Clang's headers hidden
  unshare -m sh -c 'for d in '"$hidden"'; do mount -t tmpfs none "$d" || exit 97; done; exec "$0" "$@"' "$@"
}
check "there is an installed Clang's header folder to hide ($hidden)" test -n "$hidden"
hide ls /usr/lib/llvm-22/lib/clang >listing.out 2>&1
check "inside the namespace the folders are empty" test ! -s listing.out

for cuda in none /usr/local/cuda; do
  [ "$cuda" = none ] || [ -d "$cuda/include" ] || { pass "no toolkit at $cuda to parse with"; continue; }
  hide "$BTLINT" --no-config --cuda-path "$cuda" --select parse-error scale.cu >out.txt 2>&1
  rc=$?
  check "--cuda-path $cuda: no parse error with Clang's headers hidden (exit $rc)" test "$rc" -eq 0
  check_lacks out.txt "file not found" "--cuda-path $cuda: no header is missing"
done
finish
