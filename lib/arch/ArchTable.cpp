#include "arch/ArchTable.h"

#include <algorithm>

namespace btlint {

// Sources:
//  [CUDA-CC]  CUDA C++ Programming Guide, "Technical Specifications per Compute
//             Capability": shared memory per SM and per block (opt-in), 1 KiB
//             reserved per block, 48 KiB static limit, 64K registers per SM,
//             255 registers per thread, threads and blocks per SM.
//  [PTXAS]    ptxas "uses too much shared data (0x..., 0xc000 max)": 48 KiB static.
//  [TRITON]   Triton 3.6 compares metadata.shared against the device attribute
//             cudaDevAttrMaxSharedMemoryPerBlockOptin; those are the opt-in values.
//  [SHEETS]   Vendor data sheets of the reference product (peak dense tensor
//             throughput without sparsity, memory bandwidth, SM count); used only
//             for efficiency figures in reports. sm120 figures are derived from
//             the GeForce RTX 5090 sheet and marked so in docs.
//             bf16 dense equals fp16 dense on every sheet with bf16; int8 dense
//             equals fp8 dense where both exist. L2 sizes: V100 6 MB, T4 4 MB,
//             A100 40 MB, A10 6 MB, L40S 96 MB, H100/H200 (GH100) 50 MB.
//  [AMD-CDNA] AMD CDNA2/CDNA3 ISA guides: 64 KiB LDS per workgroup, wave64,
//             512 VGPRs (arch + accumulation) per lane.
//  [PTX-TARGETS] ptxas of CUDA 13.0, each instruction compiled with
//             `-gencode arch=compute_X,code=sm_X` (docs/cuda.md, "Arch-specific
//             targets"): wgmma.* only for sm_90a; setmaxnreg.* for sm_90a,
//             sm_100a, sm_103a, sm_110a, sm_120a (and the f targets); tcgen05.*
//             for sm_100a, sm_103a, sm_110a (and sm_100f); never for the plain
//             targets ("Instruction 'wgmma.fence' not supported on .target
//             'sm_90'"). nvcc defines __CUDA_ARCH_FEAT_SM<N>_ALL,
//             __CUDA_ARCH_SPECIFIC__ and __CUDA_ARCH_FAMILY_SPECIFIC__ for the
//             `a` targets.
//  [FP8]      Triton rejects fp8e4nv before sm89 ("type fp8e4nv not supported
//             in this architecture").
static std::vector<ArchInfo> buildTable() {
  std::vector<ArchInfo> table;
  auto nvidia = [&](std::string name, int cc) -> ArchInfo & {
    ArchInfo a;
    a.name = std::move(name);
    a.vendor = Vendor::Nvidia;
    a.computeCapability = cc;
    a.staticSharedLimit = 48 * 1024;     // [PTXAS]
    a.reservedSharedPerBlock = 1024;     // [CUDA-CC]
    a.registersPerSM = 65536;            // [CUDA-CC]
    a.maxRegistersPerThread = 255;       // [CUDA-CC]
    a.maxThreadsPerBlock = 1024;         // [CUDA-CC]
    a.warpSize = 32;
    a.supportsFp8E4nv = cc >= 89;        // [FP8]
    a.supportsBf16 = cc >= 80;
    a.supportsClusters = cc >= 90;
    // Triton pipelines loads with cp.async, which needs sm80; before that extra
    // stages only cost shared memory.
    a.maxUsefulStages = cc >= 80 ? 8 : 1;
    table.push_back(a);
    return table.back();
  };

  {
    auto &a = nvidia("sm70", 70); // V100 SXM2
    a.maxSharedPerBlockOptIn = 98304; a.maxSharedPerSM = 98304;
    a.maxThreadsPerSM = 2048; a.maxBlocksPerSM = 32;
    a.smCount = 80; a.productName = "Tesla V100 SXM2";
    a.peakTflopsFp16 = 125; a.peakTflopsTf32 = 0; a.memoryBandwidthGBs = 900;
    a.l2Bytes = 6 * 1024 * 1024;
  }
  {
    auto &a = nvidia("sm75", 75); // T4
    a.maxSharedPerBlockOptIn = 65536; a.maxSharedPerSM = 65536;
    a.maxThreadsPerSM = 1024; a.maxBlocksPerSM = 16;
    a.smCount = 40; a.productName = "Tesla T4";
    a.peakTflopsFp16 = 65; a.peakTopsInt8 = 130; a.memoryBandwidthGBs = 320;
    a.l2Bytes = 4 * 1024 * 1024;
  }
  {
    auto &a = nvidia("sm80", 80); // A100 SXM
    a.maxSharedPerBlockOptIn = 166912; a.maxSharedPerSM = 167936;
    a.maxThreadsPerSM = 2048; a.maxBlocksPerSM = 32;
    a.smCount = 108; a.productName = "A100 SXM 80GB";
    a.peakTflopsFp16 = 312; a.peakTflopsBf16 = 312; a.peakTflopsTf32 = 156; a.peakTopsInt8 = 624;
    a.memoryBandwidthGBs = 2039; a.l2Bytes = 40 * 1024 * 1024;
  }
  {
    auto &a = nvidia("sm86", 86); // A10
    a.maxSharedPerBlockOptIn = 101376; a.maxSharedPerSM = 102400;
    a.maxThreadsPerSM = 1536; a.maxBlocksPerSM = 16;
    a.smCount = 72; a.productName = "A10";
    a.peakTflopsFp16 = 125; a.peakTflopsBf16 = 125; a.peakTflopsTf32 = 62.5; a.peakTopsInt8 = 250;
    a.memoryBandwidthGBs = 600; a.l2Bytes = 6 * 1024 * 1024;
  }
  {
    auto &a = nvidia("sm89", 89); // L40S
    a.maxSharedPerBlockOptIn = 101376; a.maxSharedPerSM = 102400;
    a.maxThreadsPerSM = 1536; a.maxBlocksPerSM = 24;
    a.smCount = 142; a.productName = "L40S";
    a.peakTflopsFp16 = 362; a.peakTflopsBf16 = 362; a.peakTflopsTf32 = 183; a.peakTflopsFp8 = 733;
    a.peakTopsInt8 = 733; a.memoryBandwidthGBs = 864; a.l2Bytes = 96 * 1024 * 1024;
  }
  {
    auto &a = nvidia("sm90", 90); // H200 SXM
    a.maxSharedPerBlockOptIn = 232448; a.maxSharedPerSM = 233472;
    a.maxThreadsPerSM = 2048; a.maxBlocksPerSM = 32;
    a.smCount = 132; a.productName = "H200 SXM";
    a.peakTflopsFp16 = 989; a.peakTflopsBf16 = 989; a.peakTflopsTf32 = 494; a.peakTflopsFp8 = 1979;
    a.peakTopsInt8 = 1979; a.memoryBandwidthGBs = 4800; a.l2Bytes = 50 * 1024 * 1024;
    a.hasWgmma = true;
  }
  {
    auto &a = nvidia("sm100", 100); // B200
    a.maxSharedPerBlockOptIn = 232448; a.maxSharedPerSM = 233472;
    a.maxThreadsPerSM = 2048; a.maxBlocksPerSM = 32;
    a.smCount = 148; a.productName = "B200";
    a.peakTflopsFp16 = 2250; a.peakTflopsBf16 = 2250; a.peakTflopsTf32 = 1100; a.peakTflopsFp8 = 4500;
    a.peakTopsInt8 = 4500;
    a.memoryBandwidthGBs = 8000;
  }
  {
    auto &a = nvidia("sm120", 120); // GeForce RTX 5090 (derived)
    a.maxSharedPerBlockOptIn = 101376; a.maxSharedPerSM = 102400;
    a.maxThreadsPerSM = 1536; a.maxBlocksPerSM = 32;
    a.smCount = 170; a.productName = "GeForce RTX 5090";
    a.peakTflopsFp16 = 209; a.peakTflopsBf16 = 209; a.peakTflopsTf32 = 105; a.peakTflopsFp8 = 419;
    a.memoryBandwidthGBs = 1792;
  }
  // The arch-specific targets, each right after its chip.
  for (const char *base : {"sm90", "sm100", "sm120"}) {
    auto chip = std::find_if(table.begin(), table.end(), [&](const ArchInfo &a) { return a.name == base; });
    ArchInfo specific = *chip;
    specific.name += "a";
    specific.archSpecificTarget = true;
    table.insert(chip + 1, std::move(specific));
  }
  auto amd = [&](std::string name) -> ArchInfo & {
    ArchInfo a;
    a.name = std::move(name);
    a.vendor = Vendor::Amd;
    a.maxSharedPerBlockOptIn = 65536; // [AMD-CDNA] LDS per workgroup
    a.maxSharedPerSM = 65536;
    a.staticSharedLimit = 65536;
    a.registersPerSM = 131072;        // 4 SIMDs x 512 VGPRs x 64 lanes
    a.maxRegistersPerThread = 512;
    a.maxThreadsPerBlock = 1024;
    a.maxThreadsPerSM = 2048;
    a.maxBlocksPerSM = 32;
    a.warpSize = 64;
    a.supportsFp8E4nv = false;        // CDNA3 uses the fnuz fp8 variants
    a.maxUsefulStages = 2;            // Triton's AMD stream pipeliner
    table.push_back(a);
    return table.back();
  };
  {
    auto &a = amd("gfx90a"); // MI250X, one GCD
    a.smCount = 110; a.productName = "Instinct MI250X (one GCD)";
    a.peakTflopsFp16 = 191.5; a.peakTflopsBf16 = 191.5; a.peakTflopsTf32 = 0; a.memoryBandwidthGBs = 1638;
  }
  {
    auto &a = amd("gfx942"); // MI300X
    a.smCount = 304; a.productName = "Instinct MI300X";
    a.peakTflopsFp16 = 1307; a.peakTflopsBf16 = 1307; a.peakTflopsTf32 = 653; a.peakTflopsFp8 = 2615;
    a.peakTopsInt8 = 2615;
    a.memoryBandwidthGBs = 5300;
  }
  return table;
}

const std::vector<ArchInfo> &allArchs() {
  static const std::vector<ArchInfo> table = buildTable();
  return table;
}

const ArchInfo *findArch(std::string_view name) {
  for (const auto &a : allArchs())
    if (a.name == name) return &a;
  return nullptr;
}

const std::vector<RestrictedPtxInstruction> &restrictedPtxInstructions() {
  static const std::vector<RestrictedPtxInstruction> table = {
      {"wgmma.", {"sm90a"}, "__CUDA_ARCH_FEAT_SM90_ALL"},
      {"setmaxnreg.", {"sm90a", "sm100a", "sm120a"}, "__CUDA_ARCH_SPECIFIC__"},
      {"tcgen05.", {"sm100a"}, "__CUDA_ARCH_FEAT_SM100_ALL"},
  };
  return table;
}

double peakTflopsFor(const ArchInfo &arch, std::string_view dtype) {
  if (dtype == "fp16" || dtype == "float16") return arch.peakTflopsFp16;
  if (dtype == "bf16" || dtype == "bfloat16") return arch.peakTflopsBf16;
  if (dtype == "fp32" || dtype == "float32" || dtype == "tf32") return arch.peakTflopsTf32;
  if (dtype.substr(0, 3) == "fp8" || dtype == "e4m3" || dtype == "e5m2") return arch.peakTflopsFp8;
  if (dtype == "int8") return arch.peakTopsInt8;
  return 0;
}

std::vector<std::string> archNames() {
  std::vector<std::string> names;
  for (const auto &a : allArchs()) names.push_back(a.name);
  return names;
}

} // namespace btlint
