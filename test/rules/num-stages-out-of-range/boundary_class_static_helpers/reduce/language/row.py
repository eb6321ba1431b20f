import triton
import triton.language as tl


class Row:
    """Device helpers grouped by the operation they serve, as static methods."""

    @staticmethod
    @triton.jit
    def mean(x_ptr, n_cols, BLOCK: tl.constexpr):
        acc = tl.zeros((BLOCK,), tl.float32)
        for start in range(0, n_cols, BLOCK):
            cols = start + tl.arange(0, BLOCK)
            acc += tl.load(x_ptr + cols, mask=cols < n_cols, other=0.0).to(tl.float32)
        return tl.sum(acc, 0) / n_cols

    @staticmethod
    @triton.jit
    def first(x_ptr, n_cols, BLOCK: tl.constexpr):
        cols = tl.arange(0, BLOCK)
        return tl.sum(tl.load(x_ptr + cols, mask=cols < n_cols, other=0.0).to(tl.float32), 0)
