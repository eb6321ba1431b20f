#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace btlint {

enum class Vendor { Nvidia, Amd };

// One target architecture. Values and their sources are in ArchTable.cpp.
struct ArchInfo {
  std::string name;          // "sm90", "gfx942"
  Vendor vendor = Vendor::Nvidia;
  int computeCapability = 0; // 90 for sm90; 0 for AMD
  int64_t maxSharedPerBlockOptIn = 0; // bytes, what the compiler checks against
  int64_t maxSharedPerSM = 0;
  int64_t staticSharedLimit = 0;      // 48 KiB on NVIDIA
  int64_t reservedSharedPerBlock = 0; // system reservation per resident block
  int64_t registersPerSM = 0;         // 32-bit registers
  int64_t maxRegistersPerThread = 0;
  int64_t maxThreadsPerBlock = 0;
  int64_t maxThreadsPerSM = 0;
  int64_t maxBlocksPerSM = 0;
  int warpSize = 32;
  int smCount = 0;                    // of the reference product named in productName
  std::string productName;
  double peakTflopsFp16 = 0;          // dense, tensor cores
  double peakTflopsBf16 = 0;          // 0: no bf16 tensor cores
  double peakTflopsTf32 = 0;
  double peakTflopsFp8 = 0;           // 0: no fp8 tensor cores
  double peakTopsInt8 = 0;            // 0: no int8 tensor cores
  double memoryBandwidthGBs = 0;
  int64_t l2Bytes = 0;                // 0: not in the table
  bool hasWgmma = false;              // warp-group MMA (sm90a)
  bool supportsFp8E4nv = false;       // Triton's fp8e4nv
  bool supportsBf16 = true;
  bool supportsClusters = false;      // num_ctas > 1
  int maxUsefulStages = 0;            // above this num_stages cannot pay off
  // An arch-specific target (sm90a, sm100a, sm120a): the chip of the arch
  // without the suffix, plus the instructions ptxas accepts only there.
  bool archSpecificTarget = false;
};

// A PTX instruction family that ptxas accepts only for some targets
// ([PTX-TARGETS] in ArchTable.cpp).
struct RestrictedPtxInstruction {
  std::string_view prefix;                  // "wgmma."
  std::vector<std::string_view> acceptedBy; // btlint arch names: "sm90a"
  std::string_view featureMacro;            // defined where it is accepted: "__CUDA_ARCH_FEAT_SM90_ALL"
};
const std::vector<RestrictedPtxInstruction> &restrictedPtxInstructions();

// The dense tensor-core peak (TFLOP/s, TOP/s for int8) of the reference
// product for a dot's input type ("fp16", "bf16", "fp32" runs as tf32,
// "fp8e4nv", "int8", ...); 0 when the arch has none for it or the type is unknown.
double peakTflopsFor(const ArchInfo &arch, std::string_view dtype);

const std::vector<ArchInfo> &allArchs();
const ArchInfo *findArch(std::string_view name);
std::vector<std::string> archNames();

} // namespace btlint
