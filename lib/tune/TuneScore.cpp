#include "tune/TuneScore.h"

#include <algorithm>
#include <cmath>
#include <utility>

namespace btlint::tune {

const ScoreConstants &scoreConstants() {
  static const ScoreConstants constants;
  return constants;
}

double programsOnBusiestSm(double programs, int smCount) {
  return std::ceil(programs / std::max(1, smCount));
}

int64_t paddedExtent(int64_t dim, int64_t tile, int64_t split) {
  const int64_t step = std::max<int64_t>(1, tile) * std::max<int64_t>(1, split);
  return (std::max<int64_t>(dim, 0) + step - 1) / step * step;
}

double mmaShapeEfficiency(MmaKind mma, double dotM, double dotN, int numWarps, const ScoreConstants &constants) {
  if (mma == MmaKind::None || dotM <= 0 || dotN <= 0) return 1;
  if (mma == MmaKind::Wgmma) {
    // Warp groups split M first (64 rows each), then N: each issues 64 x nWG.
    const double groups = std::max(1, numWarps / 4);
    const double alongM = std::min(groups, std::max(1.0, dotM / 64));
    const double perGroupN = dotN / (groups / alongM);
    return std::pow(std::min(1.0, perGroupN / constants.wgmmaNFull), constants.wgmmaNExponent);
  }
  const double warpTile = dotM * dotN / std::max(1, numWarps);
  return std::pow(std::min(1.0, warpTile / constants.warpTileFull), constants.warpTileExponent);
}

double accessWidthEfficiency(double bytesPerThreadAccess, const ScoreConstants &constants) {
  if (bytesPerThreadAccess <= 0) return 1;
  if (bytesPerThreadAccess < constants.vectorBytes)
    return std::pow(bytesPerThreadAccess / constants.vectorBytes, constants.vectorExponent);
  if (bytesPerThreadAccess > constants.registerBytes)
    return std::pow(constants.registerBytes / bytesPerThreadAccess, constants.registerExponent);
  return 1;
}

ScoreTerms scoreWork(const ProgramWork &work, const ConfigResources &resources, const ArchInfo &arch,
                     double peakTflops, const ScoreConstants &c) {
  ScoreTerms terms;
  const int sms = std::max(1, arch.smCount);
  const double peak = (peakTflops > 0 ? peakTflops : arch.peakTflopsFp16) * 1e12;
  const double bandwidth = arch.memoryBandwidthGBs * 1e9;
  const double blocks = static_cast<double>(std::max<int64_t>(1, resources.blocksPerSm));
  const double programs = std::max(1.0, work.programs);
  const double busiest = programsOnBusiestSm(programs, sms);
  terms.waves = programs / (sms * blocks);
  terms.tailEfficiency = programs / (busiest * sms);

  if (work.flopsPerProgram > 0) {
    double path = c.otherMmaEfficiency;
    if (resources.mma == MmaKind::Wgmma) path = c.wgmmaEfficiency;
    else if (resources.mma == MmaKind::MmaSync) path = c.mmaSyncEfficiency;
    terms.mmaEfficiency = path * mmaShapeEfficiency(resources.mma, work.dotM, work.dotN, resources.numWarps, c);
    terms.computeUs = busiest * work.flopsPerProgram / (peak / sms * terms.mmaEfficiency) * 1e6;
  }
  terms.l2Us = busiest * work.l2BytesPerProgram / (bandwidth * c.l2FeedPerDram / sms) * 1e6;

  // DRAM: the distinct bytes, plus the re-reads that miss L2 when the
  // operands do not fit in half of it.
  double dramBytes = work.uniqueBytes;
  const double l2Traffic = programs * work.l2BytesPerProgram;
  if (arch.l2Bytes > 0 && work.footprintBytes > arch.l2Bytes / 2.0 && l2Traffic > work.uniqueBytes)
    dramBytes += (l2Traffic - work.uniqueBytes) * (work.grouped ? c.l2MissGrouped : c.l2MissRowMajor);
  // Little's law: the bytes the resident blocks keep in flight over the latency.
  const double activeSms = std::min<double>(programs, sms);
  const double resident = std::min(blocks, std::ceil(programs / activeSms));
  double stagesInFlight = 1;
  if (work.pipelinedLoop)
    stagesInFlight = std::max(1.0, std::min<double>(resources.numStages, work.iterations + 1) - 1);
  const double inFlight = resident * work.bytesPerIteration * stagesInFlight;
  const double perSm = std::min(bandwidth / sms * c.smBandwidthShare, inFlight / (c.dramLatencyUs * 1e-6));
  const double streaming = bandwidth * c.dramEfficiency * accessWidthEfficiency(work.bytesPerThreadAccess, c);
  terms.achievedBandwidth = std::max(1.0, std::min(streaming, activeSms * perSm));
  terms.dramUs = dramBytes / terms.achievedBandwidth * 1e6;
  terms.achievedBandwidth /= 1e9;

  // A pipelined loop issues each trip's loads `stagesInFlight` trips ahead:
  // a trip waits for its operands unless that many trips cover their
  // latency, the DRAM latency plus the stage's transfer at the SM's share of
  // the L2 feed. H200 (docs/bench/tune/): 128x256x64 fp16 tiles, 4 programs
  // per SM, 1.30 µs per trip at 2 stages, 0.99 at 3, 0.88 at 4 (compute).
  if (work.pipelinedLoop) {
    const double stageUs = c.dramLatencyUs + work.bytesPerIteration / (bandwidth * c.l2FeedPerDram / sms) * 1e6;
    terms.latencyUs = std::ceil(busiest / blocks) * work.iterations * stageUs / stagesInFlight;
  }
  // The pipeline fills once per wave.
  terms.fillUs = std::ceil(programs / (sms * blocks)) * c.dramLatencyUs;

  terms.spillFactor = resources.spill == SpillRisk::Confident  ? c.spillConfidentFactor
                      : resources.spill == SpillRisk::Possible ? c.spillPossibleFactor
                                                               : 1.0;
  if (work.pipelinedLoop) terms.tripsUs = busiest * work.iterations * c.tripFloorUs;
  terms.atomicUs = work.atomicBytes / (c.atomicAddGBs * 1e9) * 1e6;
  // The bound terms, named as `bound` reports the largest (the first of equals).
  const std::pair<double, const char *> bounds[] = {{terms.computeUs, "compute"}, {terms.l2Us, "l2"},
                                                    {terms.dramUs, "memory"},     {terms.tripsUs, "trips"},
                                                    {terms.atomicUs, "atomics"},  {terms.latencyUs, "latency"}};
  double overlapped = 0;
  const std::pair<double, const char *> *largest = &bounds[0];
  for (const auto &bound : bounds) {
    overlapped += std::pow(bound.first, c.overlapExponent);
    if (bound.first > largest->first) largest = &bound;
  }
  overlapped = std::pow(overlapped, 1.0 / c.overlapExponent) / c.overlapScale;
  terms.bound = largest->second;
  terms.intensity = work.uniqueBytes > 0 ? work.usefulFlops / work.uniqueBytes : 0;
  terms.ridge = bandwidth > 0 ? peak / bandwidth : 0;
  terms.timeUs = overlapped * terms.spillFactor + terms.tripsUs * c.tripExposed + terms.fillUs + c.launchUs;
  return terms;
}

} // namespace btlint::tune
