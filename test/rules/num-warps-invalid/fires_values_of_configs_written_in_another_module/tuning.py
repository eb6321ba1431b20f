import triton

SCALE_CONFIGS = [
    triton.Config({"BLOCK": 64}, num_warps=4),
    triton.Config({"BLOCK": 128}, num_warps=3),
    triton.Config({"BLOCK": 256}, num_warps=12),
    triton.Config({"BLOCK": 512}, num_warps=3),
]
