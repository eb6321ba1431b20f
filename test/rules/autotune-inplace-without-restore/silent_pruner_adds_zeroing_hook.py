import torch
import triton
import triton.language as tl


def init_to_zero(name):
    return lambda nargs: nargs[name].zero_()


# The pruner rebuilds every config for the problem at hand and gives the
# split-K ones a hook that zeroes `c` before each run: the atomic
# accumulation starts from zero every time.
def early_config_prune(configs, named_args, **kwargs):
    for config in configs:
        kw = config.kwargs
        split_k = kw["SPLIT_K"] if named_args["K"] >= 4096 else 1
        yield triton.Config(
            {"BLOCK_M": kw["BLOCK_M"], "BLOCK_N": kw["BLOCK_N"], "BLOCK_K": kw["BLOCK_K"], "SPLIT_K": split_k},
            num_warps=config.num_warps,
            num_stages=config.num_stages,
            pre_hook=init_to_zero("c_ptr") if split_k > 1 else None,
        )


@triton.autotune(
    configs=[
        triton.Config({"BLOCK_M": 64, "BLOCK_N": 64, "BLOCK_K": 64, "SPLIT_K": 4}, num_warps=4, num_stages=3),
        triton.Config({"BLOCK_M": 128, "BLOCK_N": 64, "BLOCK_K": 32, "SPLIT_K": 2}, num_warps=4, num_stages=4),
    ],
    key=["M", "N", "K"],
    prune_configs_by={"early_config_prune": early_config_prune},
)
@triton.jit
def splitk_gemm_kernel(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_bk, stride_cm,
                       BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr, SPLIT_K: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    pid_k = tl.program_id(2)
    rows = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    cols = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(pid_k * BLOCK_K, K, BLOCK_K * SPLIT_K):
        ks = k + tl.arange(0, BLOCK_K)
        a = tl.load(a_ptr + rows[:, None] * stride_am + ks[None, :], mask=ks[None, :] < K, other=0.0)
        b = tl.load(b_ptr + ks[:, None] * stride_bk + cols[None, :], mask=ks[:, None] < K, other=0.0)
        acc = tl.dot(a, b, acc)
    tl.atomic_add(c_ptr + rows[:, None] * stride_cm + cols[None, :], acc,
                  mask=(rows[:, None] < M) & (cols[None, :] < N))


def splitk_gemm(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    M, K = a.shape
    N = b.shape[1]
    c = torch.zeros((M, N), device=a.device, dtype=torch.float32)
    grid = lambda meta: (triton.cdiv(M, meta["BLOCK_M"]), triton.cdiv(N, meta["BLOCK_N"]), meta["SPLIT_K"])
    splitk_gemm_kernel[grid](a, b, c, M, N, K, a.stride(0), b.stride(0), c.stride(0))
    return c
