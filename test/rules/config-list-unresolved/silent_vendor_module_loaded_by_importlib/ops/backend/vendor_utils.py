import triton


def config_grid(blocks, warps):
    return [triton.Config({"BLOCK": b}, num_warps=w) for b in blocks for w in warps]
