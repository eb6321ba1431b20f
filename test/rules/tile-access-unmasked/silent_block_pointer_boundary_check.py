import triton
import triton.language as tl


@triton.jit
def copy_tile_kernel(src_ptr, dst_ptr, M, N, stride_m, stride_n, BLOCK_M: tl.constexpr = 64, BLOCK_N: tl.constexpr = 64):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    src = tl.make_block_ptr(src_ptr, shape=(M, N), strides=(stride_m, stride_n),
                            offsets=(pid_m * BLOCK_M, pid_n * BLOCK_N), block_shape=(BLOCK_M, BLOCK_N), order=(1, 0))
    dst = tl.make_block_ptr(dst_ptr, shape=(M, N), strides=(stride_m, stride_n),
                            offsets=(pid_m * BLOCK_M, pid_n * BLOCK_N), block_shape=(BLOCK_M, BLOCK_N), order=(1, 0))
    tile = tl.load(src, boundary_check=(0, 1), padding_option="zero")
    tl.store(dst, tile, boundary_check=(0, 1))
