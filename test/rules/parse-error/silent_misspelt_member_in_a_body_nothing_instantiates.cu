// A small-matrix library whose 4x4 specialization calls a member by a name
// the class does not have (`set_slice3x3` for `set_slice_3x3`) in a function
// no code instantiates. nvcc checks the body only where it is instantiated
// and compiles the file; Clang looks the member up on the class being
// defined at once.
template <typename Element, int Rows, int Columns>
struct Matrix {
  Element data[Rows * Columns];
};

template <typename Element>
struct Matrix<Element, 3, 3> {
  Element data[9];
};

template <typename Element>
struct Matrix<Element, 4, 4> {
  Element data[16];

  __host__ __device__ Matrix &set_slice_3x3(Matrix<Element, 3, 3> const &m) {
    for (int r = 0; r < 3; ++r)
      for (int c = 0; c < 3; ++c) data[r * 4 + c] = m.data[r * 3 + c];
    return *this;
  }

  __host__ __device__ static Matrix homogeneous(Matrix<Element, 3, 3> const &rotation) {
    Matrix m{};
    m.set_slice3x3(rotation);
    m.data[15] = Element(1);
    return m;
  }

  __host__ __device__ Element trace() const { return data[0] + data[5] + data[10] + data[15]; }
};

__global__ void traces(const Matrix<float, 4, 4> *in, float *out) {
  out[threadIdx.x] = in[threadIdx.x].trace();
}
