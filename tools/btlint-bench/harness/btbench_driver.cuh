// btlint-bench: what every generated CUDA driver shares (btbench_cuda.py
// writes the drivers into cuda_drivers/, one per flagged .cu file, after the
// file itself is included). A driver holds a table of entries: kernels, and
// host functions of the file that launch them. run.py runs
//
//   driver ENTRY mode=check|time grid=X,Y,Z block=X,Y,Z smem=BYTES opt_in=0|1
//          then_opt_in=0|1 warmup_ms=MS rep_ms=MS values=V1,V2,...
//   driver info
//
// and reads the one line it prints, `@@btbench-cuda {json}`. The arguments
// are built from the entry's own C++ signature: a pointer gets a zeroed
// device buffer of VALUE elements, a cudaStream_t the stream, a number the
// value (converted to the parameter's type), anything else a value-initialised
// object. `check` launches once as the program does (the block and dynamic
// shared memory btlint read, no cudaFuncSetAttribute unless opt_in=1) and
// reports what CUDA answered, then, with then_opt_in=1, launches again after
// opting the kernel in to `smem` bytes. `time` warms up for at least
// warmup_ms, then times single launches with CUDA events (L2 flushed before
// each, as triton.testing.do_bench does) until rep_ms of kernel time, and
// reports the median.
#pragma once
#include <cuda_runtime.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

namespace btbench {

struct Request {
  std::string mode = "check";
  dim3 grid{1, 1, 1};
  dim3 block{1, 1, 1};
  size_t smem = 0;
  int optIn = 0;
  int thenOptIn = 0;
  double warmupMs = 25;
  double repMs = 100;
  std::vector<double> values;
};

// One JSON object, written field by field.
class Json {
public:
  void number(const char *key, double value) {
    name(key);
    char buffer[64];
    if (std::isfinite(value)) std::snprintf(buffer, sizeof buffer, "%.9g", value);
    else std::snprintf(buffer, sizeof buffer, "null");
    text_ += buffer;
  }
  void string(const char *key, const std::string &value) {
    name(key);
    quote(value);
  }
  // null for cudaSuccess, else {"name": "cudaErrorInvalidValue", "text": "invalid argument"}.
  void error(const char *key, cudaError_t e) {
    name(key);
    if (e == cudaSuccess) {
      text_ += "null";
      return;
    }
    text_ += "{\"name\": ";
    quote(cudaGetErrorName(e));
    text_ += ", \"text\": ";
    quote(cudaGetErrorString(e));
    text_ += "}";
  }
  void print() const { std::printf("@@btbench-cuda %s}\n", text_.empty() ? "{" : text_.c_str()); }

private:
  void name(const char *key) {
    text_ += text_.empty() ? "{" : ", ";
    quote(key);
    text_ += ": ";
  }
  void quote(const std::string &s) {
    text_ += '"';
    for (char c : s) {
      if (c == '"' || c == '\\') text_ += '\\';
      if (static_cast<unsigned char>(c) < 0x20) c = ' ';
      text_ += c;
    }
    text_ += '"';
  }
  std::string text_;
};

// Device buffers of one run, freed at its end.
struct Buffers {
  std::vector<void *> pointers;
  std::string problem;
  ~Buffers() {
    for (void *p : pointers) cudaFree(p);
  }
};

template <class T> T makeArgument(double value, Buffers &buffers, cudaStream_t stream) {
  if constexpr (std::is_same_v<T, cudaStream_t>) {
    return stream;
  } else if constexpr (std::is_pointer_v<T>) {
    using Element = std::remove_cv_t<std::remove_pointer_t<T>>;
    size_t elementBytes = 1;
    if constexpr (!std::is_void_v<Element> && !std::is_function_v<Element>) elementBytes = sizeof(Element);
    const size_t bytes = std::max<size_t>(1, static_cast<size_t>(value)) * elementBytes;
    void *p = nullptr;
    cudaError_t e = cudaMalloc(&p, bytes);
    if (e != cudaSuccess) {
      buffers.problem = "cudaMalloc of " + std::to_string(bytes) + " bytes: " + cudaGetErrorString(e);
      return nullptr;
    }
    cudaMemset(p, 0, bytes);
    buffers.pointers.push_back(p);
    if constexpr (std::is_function_v<Element>) return reinterpret_cast<T>(p);
    else return static_cast<T>(p);
  } else if constexpr (std::is_enum_v<T>) {
    return static_cast<T>(static_cast<long long>(value));
  } else if constexpr (std::is_arithmetic_v<T>) {
    return static_cast<T>(value);
  } else if constexpr (std::is_constructible_v<T, float>) {
    return T(static_cast<float>(value));
  } else {
    return T{};
  }
}

template <class Tuple, size_t... I>
Tuple makeArguments(const Request &r, Buffers &buffers, cudaStream_t stream, std::index_sequence<I...>) {
  return Tuple{makeArgument<std::tuple_element_t<I, Tuple>>(I < r.values.size() ? r.values[I] : 0.0, buffers,
                                                            stream)...};
}

inline double elapsedMs(cudaEvent_t a, cudaEvent_t b) {
  float ms = 0;
  cudaEventElapsedTime(&ms, a, b);
  return ms;
}

// Runs the request with `launch` (a callable returning the launch's error)
// and prints the result.
template <class Launch, class OptIn> int drive(const Request &r, Json &out, Launch launch, OptIn optIn) {
  if (r.mode == "check") {
    cudaError_t launched = launch();
    cudaError_t synced = cudaDeviceSynchronize();
    out.error("launch_error", launched);
    out.error("sync_error", synced);
    if (r.thenOptIn && launched != cudaSuccess && synced == cudaSuccess) {
      out.error("opt_in_error", optIn());
      cudaError_t again = launch();
      out.error("opt_in_launch_error", again);
      out.error("opt_in_sync_error", cudaDeviceSynchronize());
    }
    // ran; launch_failed: CUDA refused the launch; faulted: it launched and
    // the kernel failed (the arguments are synthesised, so that is no verdict).
    out.string("status", launched != cudaSuccess ? "launch_failed" : synced != cudaSuccess ? "faulted" : "ran");
    out.print();
    return 0;
  }
  // time: one launch first, so that a failing launch is a result, not a timing.
  cudaError_t launched = launch();
  cudaError_t synced = cudaDeviceSynchronize();
  if (launched != cudaSuccess || synced != cudaSuccess) {
    out.error("launch_error", launched);
    out.error("sync_error", synced);
    out.string("status", launched != cudaSuccess ? "launch_failed" : "faulted");
    out.print();
    return 0;
  }
  cudaEvent_t start, stop;
  cudaEventCreate(&start);
  cudaEventCreate(&stop);
  // Estimate one launch from five, then warm up for at least warmupMs.
  cudaEventRecord(start);
  for (int i = 0; i < 5; ++i) launch();
  cudaEventRecord(stop);
  cudaEventSynchronize(stop);
  const double estimate = std::max(1e-4, elapsedMs(start, stop) / 5);
  double warmed = 0;
  long warmupLaunches = 0;
  while (warmed < r.warmupMs) {
    const long n = std::min<long>(100000, std::max<long>(1, std::lround(std::ceil((r.warmupMs - warmed) / estimate))));
    cudaEventRecord(start);
    for (long i = 0; i < n; ++i) launch();
    cudaEventRecord(stop);
    cudaEventSynchronize(stop);
    warmed += elapsedMs(start, stop);
    warmupLaunches += n;
  }
  // Timed launches: each between its own pair of events, L2 flushed before it.
  const size_t flushBytes = 256u << 20;
  void *flush = nullptr;
  if (cudaMalloc(&flush, flushBytes) != cudaSuccess) flush = nullptr;
  const long reps = std::min<long>(200000, std::max<long>(1, std::lround(std::ceil(r.repMs / estimate))));
  std::vector<cudaEvent_t> begins(reps), ends(reps);
  for (long i = 0; i < reps; ++i) {
    cudaEventCreate(&begins[i]);
    cudaEventCreate(&ends[i]);
  }
  cudaError_t during = cudaSuccess;
  for (long i = 0; i < reps; ++i) {
    if (flush) cudaMemsetAsync(flush, 0, flushBytes);
    cudaEventRecord(begins[i]);
    cudaError_t e = launch();
    if (during == cudaSuccess) during = e;
    cudaEventRecord(ends[i]);
  }
  cudaError_t after = cudaDeviceSynchronize();
  std::vector<double> times(reps);
  double total = 0;
  for (long i = 0; i < reps; ++i) {
    times[i] = elapsedMs(begins[i], ends[i]);
    total += times[i];
    cudaEventDestroy(begins[i]);
    cudaEventDestroy(ends[i]);
  }
  if (flush) cudaFree(flush);
  std::sort(times.begin(), times.end());
  const double median = reps % 2 ? times[reps / 2] : (times[reps / 2 - 1] + times[reps / 2]) / 2;
  if (during != cudaSuccess || after != cudaSuccess) {
    out.error("launch_error", during);
    out.error("sync_error", after);
    out.string("status", during != cudaSuccess ? "launch_failed" : "faulted");
  } else {
    out.string("status", "ok");
    out.number("ms", median);
    out.number("min_ms", times.front());
    out.number("max_ms", times.back());
    out.number("reps", static_cast<double>(reps));
    out.number("timed_ms", total);
    out.number("warmup_launches", static_cast<double>(warmupLaunches));
    out.number("warmup_ms", warmed);
    out.number("l2_flushed", flush ? 1 : 0);
  }
  out.print();
  return 0;
}

struct Entry {
  const char *name;
  int (*run)(const void *function, const Request &r);
  const void *function;
};

template <class... A> int runKernel(const void *function, const Request &r) {
  using Arguments = std::tuple<std::decay_t<A>...>;
  Json out;
  out.string("entry_kind", "kernel");
  cudaFuncAttributes attributes;
  if (cudaFuncGetAttributes(&attributes, function) == cudaSuccess) {
    out.number("regs", attributes.numRegs);
    out.number("static_smem_bytes", static_cast<double>(attributes.sharedSizeBytes));
    out.number("local_bytes", static_cast<double>(attributes.localSizeBytes));
    out.number("max_threads_per_block", attributes.maxThreadsPerBlock);
    out.number("max_dynamic_smem_bytes", attributes.maxDynamicSharedSizeBytes);
  }
  if (r.values.size() != sizeof...(A)) {
    out.string("status", "argument_error");
    out.string("error", "the kernel takes " + std::to_string(sizeof...(A)) + " arguments, run.py gave " +
                            std::to_string(r.values.size()));
    out.print();
    return 0;
  }
  cudaStream_t stream = nullptr; // the default stream: host functions without a stream use it too
  Buffers buffers;
  Arguments arguments = makeArguments<Arguments>(r, buffers, stream, std::index_sequence_for<A...>{});
  if (!buffers.problem.empty()) {
    out.string("status", "argument_error");
    out.string("error", buffers.problem);
    out.print();
    return 0;
  }
  void *pointers[sizeof...(A) + 1] = {};
  size_t n = 0;
  std::apply([&](auto &...a) { ((pointers[n++] = static_cast<void *>(&a)), ...); }, arguments);
  (void)n;
  auto optIn = [&] {
    return cudaFuncSetAttribute(function, cudaFuncAttributeMaxDynamicSharedMemorySize, static_cast<int>(r.smem));
  };
  if (r.optIn) out.error("opt_in_error", optIn());
  auto launch = [&] {
    cudaError_t e = cudaLaunchKernel(function, r.grid, r.block, pointers, r.smem, stream);
    cudaError_t last = cudaGetLastError(); // clears a launch error, as a caller's check would
    return e != cudaSuccess ? e : last;
  };
  return drive(r, out, launch, optIn);
}

template <class R, class... A> int runHost(const void *function, const Request &r) {
  using Arguments = std::tuple<std::decay_t<A>...>;
  auto host = reinterpret_cast<R (*)(A...)>(const_cast<void *>(function));
  Json out;
  out.string("entry_kind", "host");
  if (r.values.size() != sizeof...(A)) {
    out.string("status", "argument_error");
    out.string("error", "the host function takes " + std::to_string(sizeof...(A)) + " arguments, run.py gave " +
                            std::to_string(r.values.size()));
    out.print();
    return 0;
  }
  Buffers buffers;
  Arguments arguments = makeArguments<Arguments>(r, buffers, nullptr, std::index_sequence_for<A...>{});
  if (!buffers.problem.empty()) {
    out.string("status", "argument_error");
    out.string("error", buffers.problem);
    out.print();
    return 0;
  }
  auto launch = [&] {
    cudaError_t returned = cudaSuccess;
    if constexpr (std::is_same_v<R, cudaError_t>) returned = std::apply(host, arguments);
    else std::apply(host, arguments);
    cudaError_t last = cudaGetLastError();
    return returned != cudaSuccess ? returned : last;
  };
  return drive(r, out, launch, [] { return cudaErrorNotSupported; });
}

template <class... A> Entry kernelEntry(const char *name, void (*kernel)(A...)) {
  return Entry{name, &runKernel<A...>, reinterpret_cast<const void *>(kernel)};
}
template <class R, class... A> Entry hostEntry(const char *name, R (*host)(A...)) {
  return Entry{name, &runHost<R, A...>, reinterpret_cast<const void *>(host)};
}

inline dim3 parseDim(const char *text) {
  unsigned v[3] = {1, 1, 1};
  for (int i = 0; i < 3 && *text; ++i) {
    char *end = nullptr;
    v[i] = static_cast<unsigned>(std::strtoull(text, &end, 10));
    text = *end == ',' ? end + 1 : end;
  }
  return dim3(v[0], v[1], v[2]);
}

inline int run(const Entry *entries, size_t count, int argc, char **argv) {
  if (argc >= 2 && std::strcmp(argv[1], "info") == 0) {
    Json out;
    int device = 0, driver = 0, runtime = 0;
    cudaDeviceProp prop;
    cudaError_t e = cudaGetDeviceProperties(&prop, device);
    out.error("error", e);
    if (e == cudaSuccess) {
      out.string("gpu", prop.name);
      out.string("capability", "sm" + std::to_string(prop.major) + std::to_string(prop.minor));
      out.number("sm_count", prop.multiProcessorCount);
      out.number("shared_per_block_optin", static_cast<double>(prop.sharedMemPerBlockOptin));
      out.number("l2_bytes", prop.l2CacheSize);
    }
    cudaDriverGetVersion(&driver);
    cudaRuntimeGetVersion(&runtime);
    out.number("cuda_driver_version", driver);
    out.number("cuda_runtime_version", runtime);
    out.print();
    return 0;
  }
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s ENTRY key=value... | info\n", argv[0]);
    return 2;
  }
  const size_t index = std::strtoul(argv[1], nullptr, 10);
  if (index >= count) {
    std::fprintf(stderr, "no entry %zu (%zu entries)\n", index, count);
    return 2;
  }
  Request r;
  for (int i = 2; i < argc; ++i) {
    const char *eq = std::strchr(argv[i], '=');
    if (!eq) continue;
    const std::string key(argv[i], eq - argv[i]);
    const char *value = eq + 1;
    if (key == "mode") r.mode = value;
    else if (key == "grid") r.grid = parseDim(value);
    else if (key == "block") r.block = parseDim(value);
    else if (key == "smem") r.smem = std::strtoull(value, nullptr, 10);
    else if (key == "opt_in") r.optIn = std::atoi(value);
    else if (key == "then_opt_in") r.thenOptIn = std::atoi(value);
    else if (key == "warmup_ms") r.warmupMs = std::strtod(value, nullptr);
    else if (key == "rep_ms") r.repMs = std::strtod(value, nullptr);
    else if (key == "values") {
      while (*value) {
        char *end = nullptr;
        r.values.push_back(std::strtod(value, &end));
        if (end == value) break;
        value = *end == ',' ? end + 1 : end;
      }
    }
  }
  return entries[index].run(entries[index].function, r);
}

} // namespace btbench
