from setuptools import setup
from torch.utils.cpp_extension import BuildExtension, CUDAExtension

setup(
    name="rownorm",
    ext_modules=[
        CUDAExtension(
            "rownorm_cuda",
            ["csrc/row_norm.cu"],
            extra_compile_args={"cxx": ["-O3"], "nvcc": ["-O3", "--expt-relaxed-constexpr", "--expt-extended-lambda"]},
        ),
        # Built without extended lambdas: cuda_runtime.h brings no <functional>.
        CUDAExtension(
            "colsum_cuda",
            ["csrc/col_sum.cu"],
            extra_compile_args={"cxx": ["-O3"], "nvcc": ["-O3"]},
        ),
    ],
    cmdclass={"build_ext": BuildExtension},
)
