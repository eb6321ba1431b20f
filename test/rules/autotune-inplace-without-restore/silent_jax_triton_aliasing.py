import jax
import jax_triton as jt
import triton
import triton.language as tl


@triton.autotune(
    configs=[triton.Config({"BLOCK_SIZE": b}, num_warps=w) for b in (256, 512) for w in (2, 4)],
    key=["n_elements"],
)
@triton.jit
def axpy_inplace_kernel(x_ptr, y_ptr, alpha, n_elements, BLOCK_SIZE: tl.constexpr):
    # JAX runs this through jaxlib, which copies the aliased buffer before it
    # autotunes and writes it back afterwards.
    offsets = tl.program_id(0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    x = tl.load(x_ptr + offsets, mask=mask)
    y = tl.load(y_ptr + offsets, mask=mask)
    tl.store(y_ptr + offsets, alpha * x + y, mask=mask)


def axpy(x: jax.Array, y: jax.Array, alpha: float) -> jax.Array:
    n = x.size
    return jt.triton_call(
        x, y, alpha, n,
        kernel=axpy_inplace_kernel,
        out_shape=jax.ShapeDtypeStruct(y.shape, y.dtype),
        grid=lambda meta: (triton.cdiv(n, meta["BLOCK_SIZE"]),),
        input_output_aliases={1: 0},
    )
