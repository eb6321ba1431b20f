# The project's one import of Triton; kernels take these names from here.
import triton
import triton.language as tl

compile_time = tl.constexpr
index_t = int
