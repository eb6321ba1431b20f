#pragma once
// The static score of `btlint tune`: the predicted time of one config on one
// problem shape, from numbers alone (what one program does, what the
// resource model says of the config, the arch's peaks). Each term and the
// data it was calibrated on is in docs/tune.md; the constants are here, in
// one place, so the Python perf_model that `btlint tune` writes uses the same
// ones (TuneOutput.cpp writes them from ScoreConstants).
#include "arch/ArchTable.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace btlint::tune {

struct ScoreConstants {
  // Fractions of the tensor-core peak a dot reaches on each MMA path at its
  // best tile: 543 TFLOP/s of 989 for 128x128x64 fp16 on H200 (wgmma);
  // mma.sync tiles (BLOCK_M 32) topped out near 244 of 989 with a warp tile
  // of 1024 elements (docs/bench/results.json, matmul_kernel and
  // tiny_matmul_kernel at 4096^3).
  double wgmmaEfficiency = 0.60;
  double mmaSyncEfficiency = 0.35;
  double otherMmaEfficiency = 0.45; // tcgen05, AMD: not measured
  // A warp group's N below 128 (wgmma), or a warp's tile below 1024
  // elements (mma.sync), slows the dot by (size / full)^exponent.
  double wgmmaNFull = 128, wgmmaNExponent = 0.5;
  double warpTileFull = 1024, warpTileExponent = 0.65;
  // Operand traffic from L2 into the SMs, as a multiple of DRAM bandwidth:
  // 11 TB/s on H200 fits the 64x64 and 64x128 tiles at 4096^3 within 4%.
  double l2FeedPerDram = 2.3;
  // Of DRAM bandwidth, what a streaming kernel reaches with 16-byte accesses
  // per thread: 3102 of 4800 GB/s (docs/bench/liger/results.json, _dyt_fwd_kernel).
  double dramEfficiency = 0.65;
  // Bytes each thread moves per access: below `vectorBytes` a load is
  // narrower than one 16-byte vector per thread (4 bytes: 57% of the best,
  // 8: 82%); above `registerBytes` the tile crowds the registers (64 bytes: 72%).
  double vectorBytes = 16, vectorExponent = 0.4;
  double registerBytes = 32, registerExponent = 0.47;
  // The least time one trip of a loop over tiles takes on an SM (the wait,
  // the barrier, the address updates): BLOCK_K 16 took as long per trip as
  // BLOCK_K 32 (tiny_matmul_kernel, 64x32 tiles: 1184 against 629-678 µs).
  double tripFloorUs = 0.07;
  // Not measured: the share of that floor not hidden under the other terms
  // (it separates tiles of equal flops and traffic by their trip count).
  double tripExposed = 0.1;
  // Not measured: DRAM latency seen by a load (Little's law for the bytes a
  // block must keep in flight), what one SM can draw beyond its fair share,
  // the re-read fraction of operand traffic that misses L2 when the
  // operands do not fit (grouped ordering / row-major), the slowdown of a
  // possible and of a confident spill, and the launch itself.
  double dramLatencyUs = 0.7;
  double smBandwidthShare = 4.0;
  double l2MissGrouped = 0.05, l2MissRowMajor = 0.20;
  double spillPossibleFactor = 1.15, spillConfidentFactor = 2.0;
  double launchUs = 3.0;
  // The units behind the bound terms (tensor cores, the L2 feed, DRAM, the
  // loop's trips, its load latency, atomics) overlap only in part: the bound is
  // the p-norm of the terms, between their largest (p = infinity, full
  // overlap) and their sum (p = 1). p = 1.5 was chosen by holding out each
  // kernel of the H200 suite in turn (docs/tune.md). The norm is divided by
  // `overlapScale`, the geometric mean of predicted over measured time on
  // the suite's 5,256 timed configs, so the score stays a time in µs (the
  // division does not change the ranking there).
  double overlapExponent = 1.5;
  double overlapScale = 1.5;
  // fp32 atomic adds of a split-K result, in result bytes per second: each
  // split beyond the first added 118 µs per 67 MB (570 GB/s) and 22 µs per
  // 17 MB (760 GB/s) to the suite's split-K GEMM on the H200 (M = 4095 and
  // 1024, N = 4096; docs/bench/tune/).
  double atomicAddGBs = 700;
};
const ScoreConstants &scoreConstants();

enum class MmaKind { None, Wgmma, MmaSync, Other };
enum class SpillRisk { No, Possible, Confident };

// What one config does on one shape, counted from the kernel's structure.
struct ProgramWork {
  double programs = 1;             // P: programs launched (tiles x batch x splits)
  double iterations = 1;           // trips of the pipelined loop per program (1: no loop)
  bool pipelinedLoop = false;      // a loop over tiles that Triton pipelines
  double flopsPerProgram = 0;      // executed (padded tiles) dot flops of one program
  double usefulFlops = 0;          // of the problem, without padding
  double l2BytesPerProgram = 0;    // operand and result bytes between L2 and the SM
  double bytesPerIteration = 0;    // loaded by one program per trip (one pipeline stage)
  double uniqueBytes = 0;          // distinct bytes the problem reads and writes
  double footprintBytes = 0;       // operand bytes that must stay in L2 for re-reads to hit
  double usefulBytes = 0;          // for GB/s: unique bytes without padding
  double paddingFraction = 1;      // useful / executed work (tile padding)
  bool grouped = false;            // grouped program ordering (GROUP_M)
  double dotM = 0, dotN = 0;       // the main dot's tile, for the MMA shape terms
  double bytesPerThreadAccess = 0; // tiles without a dot: bytes one thread loads per access
  double atomicBytes = 0;          // result bytes added with atomics (each split adds the whole result)
};

// What the resource model says of the config (lib/resources).
struct ConfigResources {
  int64_t blocksPerSm = 1;
  int numWarps = 4;
  int numStages = 1;
  MmaKind mma = MmaKind::None;
  SpillRisk spill = SpillRisk::No;
};

struct ScoreTerms {
  double computeUs = 0;      // busiest SM's dot flops at the path's rate
  double l2Us = 0;           // busiest SM's operand traffic at the L2 feed rate
  double dramUs = 0;         // DRAM bytes at the achievable bandwidth
  double tripsUs = 0;        // busiest SM's trips at the floor per trip
  double latencyUs = 0;      // busiest SM's trips waiting for operands the stages in flight do not cover
  double atomicUs = 0;       // results added with atomics at the arch's atomic rate
  double fillUs = 0;         // pipeline fill, once per wave
  double waves = 0;          // programs / (SMs x resident blocks)
  double tailEfficiency = 1; // programs / (busiest SM's programs x SMs)
  double mmaEfficiency = 0;
  double achievedBandwidth = 0; // GB/s the DRAM term runs at
  double spillFactor = 1;
  double intensity = 0;      // useful flops per unique byte
  double ridge = 0;          // the arch's peak flops per DRAM byte
  std::string bound;         // "compute", "l2", "memory", "trips", "latency", "atomics"
  double timeUs = 0;         // the score: lower is better
};

ScoreTerms scoreWork(const ProgramWork &work, const ConfigResources &resources, const ArchInfo &arch,
                     double peakTflops, const ScoreConstants &constants = scoreConstants());

// The individual terms, for the tests and docs/tune.md.
// Busiest SM's programs: ceil(P / SMs).
double programsOnBusiestSm(double programs, int smCount);
// ceil(dim / (tile * split)) * tile * split: the extent a tile covers.
int64_t paddedExtent(int64_t dim, int64_t tile, int64_t split = 1);
// The dot's fraction of the path's rate for its shape.
double mmaShapeEfficiency(MmaKind mma, double dotM, double dotN, int numWarps, const ScoreConstants &constants);
// The fraction of the streaming rate a thread's access width reaches.
double accessWidthEfficiency(double bytesPerThreadAccess, const ScoreConstants &constants);

} // namespace btlint::tune
