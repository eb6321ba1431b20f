import triton
import triton.language as tl


@triton.jit
def decode_rows_kernel(q_ptr, g_ptr, o_ptr, T_q, T_kv, stride_t, USE_G: tl.constexpr, BT: tl.constexpr = 32):
    i_t = tl.program_id(0)
    o_q = i_t * BT + tl.arange(0, BT)
    m_q = o_q < T_q
    b_q = tl.load(q_ptr + o_q * stride_t, mask=m_q, other=0.0)
    if USE_G:
        # The same rows seen from the end of the cache: an equal test on
        # another arange. Which mask guards the store depends on the path.
        o_global = (T_kv - T_q) + i_t * BT + tl.arange(0, BT)
        m_q = o_global < T_kv
        b_q += tl.load(g_ptr + o_global, mask=m_q, other=0.0)
    tl.store(o_ptr + o_q * stride_t, b_q, mask=m_q)
