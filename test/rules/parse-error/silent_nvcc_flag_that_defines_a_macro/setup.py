from setuptools import setup
from torch.utils.cpp_extension import BuildExtension, CUDAExtension

setup(
    name="rownorm",
    ext_modules=[
        CUDAExtension(
            "rownorm_cuda",
            ["csrc/row_norm.cu"],
            extra_compile_args={"cxx": ["-O3"], "nvcc": ["-O3", "--expt-relaxed-constexpr", "--expt-extended-lambda"]},
        )
    ],
    cmdclass={"build_ext": BuildExtension},
)
