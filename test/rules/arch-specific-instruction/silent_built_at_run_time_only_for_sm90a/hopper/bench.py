from pathlib import Path

import torch
import torch.utils.cpp_extension

HERE = Path(__file__).parent

# No setup.py: the extension is compiled the first time the script runs.
module = torch.utils.cpp_extension.load(
    "hopper_gemm_ext",
    sources=sorted(str(p) for p in HERE.glob("hopper_*.cu")),
    extra_cuda_cflags=["-O3", "-gencode=arch=compute_90a,code=sm_90a"],
    verbose=True,
)

if __name__ == "__main__":
    a = torch.randn(128, device="cuda")
    print(module)
