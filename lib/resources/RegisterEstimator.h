#pragma once
// Registers per thread: the fp32 working set a thread holds (accumulator
// elements, the operand and score tiles that stay in registers, the tiles of
// a reduction or elementwise kernel) against the point where ptxas starts to
// spill, which the calibration table places per MMA path, and against the
// 255-register limit and the register file.
#include "arch/ArchTable.h"
#include "diag/Diagnostic.h"
#include "resources/KernelDescription.h"
#include "resources/SharedMemoryEstimator.h"

#include <cstdint>
#include <string>
#include <vector>

namespace btlint::resources {

struct RegisterEstimate {
  MmaPath mmaPath = MmaPath::None;
  int64_t workingSet = 0;      // 32-bit registers the model counts per thread
  int64_t spillThreshold = 0;  // working set from which ptxas spills (calibrated)
  // fp32 accumulators live together in registers (not tensor memory): more
  // than a thread's registers can hold means a spill whatever the calibration.
  int64_t accumulatorRegisters = 0;
  bool spills = false;
  int64_t registersPerThread = 0; // rough estimate of ptxas's count (multiple of 8, at most the cap)
  int64_t registerCap = 0;        // min(255, register file / threads in the block)
  int64_t blocksPerSmByRegisters = 0;
  std::vector<Note> breakdown;
};

// The parts of the working set go into `breakdown` only for Detail::Explained.
RegisterEstimate estimateRegisters(const KernelDescription &kernel, const ArchInfo &arch,
                                   Detail detail = Detail::Explained);

} // namespace btlint::resources
