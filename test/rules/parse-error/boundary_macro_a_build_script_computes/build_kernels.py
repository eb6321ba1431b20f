# Compiles the kernel when the model is built, for the head size it uses.
from torch.utils.cpp_extension import load


def load_chunked_kernel(head_size: int):
    return load(name=f"chunked_{head_size}", sources=["chunked.cu"],
                extra_cuda_cflags=["-O3", f"-D_C_={head_size}", "--use_fast_math"])
