import triton.language as tl

def kernel(x_ptr):
    tl.store(x_ptr +0o, 1)
    y = 0X
