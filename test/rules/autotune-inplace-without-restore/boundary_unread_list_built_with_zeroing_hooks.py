# A list btlint cannot read (its helper branches on a tensor's rank, known
# only at run time) whose configs are built with a hook that zeroes the
# output before each run: the split-K accumulation is restored. A list
# whose helper builds no hook still draws the finding.
import triton
import triton.language as tl


def _zero_output(nargs):
    nargs["c_ptr"].zero_()


def _split_k_configs(per_channel):
    if per_channel:
        return [triton.Config({"BLOCK_N": 64, "SPLIT_K": s}, num_warps=4, pre_hook=_zero_output) for s in (2, 4)]
    configs = []
    for block_n in (64, 128):
        configs.append(triton.Config({"BLOCK_N": block_n, "SPLIT_K": 4}, num_warps=8, pre_hook=_zero_output))
    return configs


def _plain_split_k_configs(per_channel):
    if per_channel:
        return [triton.Config({"BLOCK_N": 64, "SPLIT_K": s}, num_warps=4) for s in (2, 4)]
    return [triton.Config({"BLOCK_N": 128, "SPLIT_K": 4}, num_warps=8)]


@triton.jit
def _gemv_split_k(a_ptr, x_ptr, c_ptr, N, K, BLOCK_N: tl.constexpr, SPLIT_K: tl.constexpr):
    pid_n = tl.program_id(0)
    pid_k = tl.program_id(1)
    rn = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    acc = tl.zeros((BLOCK_N,), dtype=tl.float32)
    for k in range(pid_k, K, SPLIT_K):
        acc += tl.load(a_ptr + k * N + rn, mask=rn < N, other=0.0) * tl.load(x_ptr + k)
    tl.atomic_add(c_ptr + rn, acc, mask=rn < N)


def gemv(a, x, c, scales):
    kernel = triton.autotune(configs=_split_k_configs(scales.dim() == 1), key=["N", "K"])(_gemv_split_k)
    grid = lambda meta: (triton.cdiv(a.shape[1], meta["BLOCK_N"]), meta["SPLIT_K"])
    kernel[grid](a, x, c, a.shape[1], a.shape[0])


def gemv_unhooked(a, x, c, scales):
    kernel = triton.autotune(configs=_plain_split_k_configs(scales.dim() == 1), key=["N", "K"])(_gemv_split_k)
    grid = lambda meta: (triton.cdiv(a.shape[1], meta["BLOCK_N"]), meta["SPLIT_K"])
    kernel[grid](a, x, c, a.shape[1], a.shape[0])
