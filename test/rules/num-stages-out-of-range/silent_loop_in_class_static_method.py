import triton
import triton.language as tl


class Softmax:
    @staticmethod
    @triton.jit
    def row_max(x_ptr, n_cols, BLOCK: tl.constexpr):
        # The loop a kernel calling this helper pipelines.
        best = tl.full((BLOCK,), float("-inf"), tl.float32)
        for start in range(0, n_cols, BLOCK):
            cols = start + tl.arange(0, BLOCK)
            x = tl.load(x_ptr + cols, mask=cols < n_cols, other=float("-inf"))
            best = tl.maximum(best, x.to(tl.float32))
        return tl.max(best, 0)


@triton.autotune(
    configs=[triton.Config({"BLOCK": b}, num_warps=4, num_stages=s) for b in (512, 1024) for s in (2, 3, 4)],
    key=["n_cols"],
)
@triton.jit
def row_max_kernel(y_ptr, x_ptr, n_cols, stride_row, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    tl.store(y_ptr + row, Softmax.row_max(x_ptr + row * stride_row, n_cols, BLOCK))
