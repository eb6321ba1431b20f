import triton
import triton.language as tl


# One config handed to the autotuner is a fixed config: Triton runs it
# without benchmarking, as a launch with those values would. Silent at one;
# a second config makes it a search of two, reported.
@triton.autotune(
    configs=[triton.Config({"BLOCK_M": 128, "BLOCK_N": 256, "BLOCK_K": 32}, num_stages=3, num_warps=8)],
    key=["num_tokens", "hidden_size", "vocab_size"],
)
@triton.jit
def logits_mainloop(h_ptr, w_ptr, out_ptr, num_tokens, hidden_size, vocab_size, BLOCK_M: tl.constexpr,
                    BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    offs_m = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = tl.program_id(1) * BLOCK_N + tl.arange(0, BLOCK_N)
    offs_k = tl.arange(0, BLOCK_K)
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, hidden_size, BLOCK_K):
        h = tl.load(h_ptr + offs_m[:, None] * hidden_size + (k + offs_k)[None, :],
                    mask=(offs_m[:, None] < num_tokens) & ((k + offs_k)[None, :] < hidden_size), other=0.0)
        w = tl.load(w_ptr + offs_n[None, :] * hidden_size + (k + offs_k)[:, None],
                    mask=(offs_n[None, :] < vocab_size) & ((k + offs_k)[:, None] < hidden_size), other=0.0)
        acc += tl.dot(h, w)
    tl.store(out_ptr + offs_m[:, None] * vocab_size + offs_n[None, :], acc,
             mask=(offs_m[:, None] < num_tokens) & (offs_n[None, :] < vocab_size))


@triton.autotune(
    configs=[
        triton.Config({"BLOCK_M": 128, "BLOCK_N": 256, "BLOCK_K": 32}, num_stages=3, num_warps=8),
        triton.Config({"BLOCK_M": 64, "BLOCK_N": 128, "BLOCK_K": 32}, num_stages=4, num_warps=4),
    ],
    key=["num_tokens", "hidden_size", "vocab_size"],
)
@triton.jit
def logits_mainloop_two(h_ptr, w_ptr, out_ptr, num_tokens, hidden_size, vocab_size, BLOCK_M: tl.constexpr,
                        BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    offs_m = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = tl.program_id(1) * BLOCK_N + tl.arange(0, BLOCK_N)
    offs_k = tl.arange(0, BLOCK_K)
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, hidden_size, BLOCK_K):
        h = tl.load(h_ptr + offs_m[:, None] * hidden_size + (k + offs_k)[None, :],
                    mask=(offs_m[:, None] < num_tokens) & ((k + offs_k)[None, :] < hidden_size), other=0.0)
        w = tl.load(w_ptr + offs_n[None, :] * hidden_size + (k + offs_k)[:, None],
                    mask=(offs_n[None, :] < vocab_size) & ((k + offs_k)[:, None] < hidden_size), other=0.0)
        acc += tl.dot(h, w)
    tl.store(out_ptr + offs_m[:, None] * vocab_size + offs_n[None, :], acc,
             mask=(offs_m[:, None] < num_tokens) & (offs_n[None, :] < vocab_size))
