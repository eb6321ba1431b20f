"""A kernel whose autotune pruner drops configs, for test/e2e/report.sh.

The pruner compares shared memory with the device limit and BLOCK_M with the
M argument; with `kernels.pruned_gemm.shapes: {M: 64}` in .btlint.yaml the
report can run the second check too.
"""
import triton
import triton.language as tl


def prune(configs, named_args, **kwargs):
    M = named_args["M"]
    smem_limit = 232448
    kept = []
    for config in configs:
        bm, bn, bk = config.kwargs["BLOCK_M"], config.kwargs["BLOCK_N"], config.kwargs["BLOCK_K"]
        needed = config.num_stages * (bm * bk + bk * bn) * 2
        if config.kwargs["BLOCK_M"] <= M and needed <= smem_limit:
            kept.append(config)
    return kept


@triton.autotune(
    configs=[
        triton.Config({"BLOCK_M": 64, "BLOCK_N": 64, "BLOCK_K": 64}, num_warps=4, num_stages=3),
        triton.Config({"BLOCK_M": 128, "BLOCK_N": 128, "BLOCK_K": 64}, num_warps=4, num_stages=3),
        triton.Config({"BLOCK_M": 64, "BLOCK_N": 256, "BLOCK_K": 128}, num_warps=8, num_stages=5),
    ],
    key=["M", "N", "K"],
    prune_configs_by={"early_config_prune": prune},
)
@triton.jit
def pruned_gemm(a_ptr, b_ptr, c_ptr, M, N, K, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    rows = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    cols = tl.program_id(1) * BLOCK_N + tl.arange(0, BLOCK_N)
    ks = tl.arange(0, BLOCK_K)
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k0 in range(0, K, BLOCK_K):
        a = tl.load(a_ptr + rows[:, None] * K + (ks[None, :] + k0))
        b = tl.load(b_ptr + (ks[:, None] + k0) * N + cols[None, :])
        acc = tl.dot(a, b, acc)
    tl.store(c_ptr + rows[:, None] * N + cols[None, :], acc.to(tl.float16))
