// The same misspelt member, in a body a kernel instantiates: nvcc rejects
// the file too.
template <typename Element, int Rows, int Columns>
struct Matrix {
  Element data[Rows * Columns];
};

template <typename Element>
struct Matrix<Element, 4, 4> {
  Element data[16];

  __host__ __device__ Matrix &set_diagonal(Element value) {
    for (int i = 0; i < 4; ++i) data[i * 5] = value;
    return *this;
  }

  __host__ __device__ static Matrix scaling(Element value) {
    Matrix m{};
    m.set_diagonal_(value);
    return m;
  }
};

__global__ void scalings(const float *in, Matrix<float, 4, 4> *out) {
  out[threadIdx.x] = Matrix<float, 4, 4>::scaling(in[threadIdx.x]);
}
