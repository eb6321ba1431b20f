# The extension is built with FP8 support on: the packed types it uses are
# declared only under ENABLE_FP8.
from torch.utils.cpp_extension import BuildExtension, CUDAExtension
from setuptools import setup

nvcc_flags = ["-O3", "-std=c++17", "-DENABLE_FP8", "-DNDEBUG"]
setup(
    name="fp8_norm",
    ext_modules=[CUDAExtension("fp8_norm", ["csrc/row_norm.cu"], extra_compile_args={"nvcc": nvcc_flags})],
    cmdclass={"build_ext": BuildExtension},
)
