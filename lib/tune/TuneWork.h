#pragma once
// From a kernel's model to what the score counts (TuneScore.h): which shape
// argument each tile parameter tiles, which tiles step a loop and which
// divide the grid, what splits a loop across programs; then what one program
// does under one config (shape-independent: ConfigWork), and on one shape
// (ProgramWork). The Python perf_model `btlint tune` writes carries each
// config's ConfigWork and repeats workOn and scoreWork.
#include "model/KernelModel.h"
#include "resources/KernelDescription.h"
#include "tune/TuneScore.h"

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace btlint::tune {

using Shape = std::map<std::string, int64_t>;

struct KernelRoles {
  std::map<std::string, std::string> tileDim;   // tile parameter -> the shape argument it tiles
  std::set<std::string> loopTiles;              // tiles that step a loop over their dimension
  // Tiles that cover their whole extent in one program (a row of a softmax:
  // masked, but neither looped over nor offset by a program id).
  std::set<std::string> wholeTiles;
  std::map<std::string, std::string> splitOf;   // loop tile -> the config parameter splitting its loop
  std::vector<std::string> shapeArguments;      // run-time integer arguments, in the kernel's order
  bool hasDot = false;
  bool grouped = false;                         // a GROUP_* parameter orders the programs
  int loads = 0, stores = 0;
  std::set<std::string> tiles;                  // the constexpr tile parameters
  // Tile parameters of the first dot with a known shape: M (rows of A), N (columns of B), K.
  std::string dotM, dotN, dotK;
  bool loopHasLoads = false;                    // a loop over tiles (pipelinable)
};

KernelRoles rolesOf(const Kernel &kernel);

// Shape arguments the score treats as batch dimensions: given in the shape,
// tiled by no tile parameter, so each value is one more set of programs.
std::vector<std::string> batchDimensions(const KernelRoles &roles, const Shape &shape);

// An extent of an operand: a shape argument, else a fixed number of elements.
struct Extent {
  std::string dim;
  double elements = 0;
};

// One tile parameter of a config, with the extent it tiles.
struct TileUse {
  std::string dim;
  int64_t tile = 0;
  int64_t split = 1;
  std::string splitParam;
  bool loop = false;
  bool whole = false; // covers the extent in one program
};

// A tile a program loads or stores: its two extents (the tile's elements
// when the extent is no shape argument), its element size, and whether it
// moves every trip or once. Masked rows and columns move no bytes, so the
// traffic on a shape is the tile times the fraction of it inside the extent.
struct TileTraffic {
  Extent rows, cols;
  double bytes = 0;
  bool perTrip = false;
  bool result = false; // the stored result tile (counted once, not part of the operands' footprint)
  bool atomic = false; // the result is added with atomics, once by each program of a split
};

// What one program does under one config, whatever the shape.
struct ConfigWork {
  std::vector<TileUse> tiles;
  bool hasDot = false;
  bool pipelinedLoop = false;
  double flopsPerTrip = 0, flopsOnce = 0; // executed dot flops (padded tiles compute)
  // With a dot: every operand and the result tile.
  std::vector<TileTraffic> traffic;
  double dotM = 0, dotN = 0;
  // Without a dot: each access moves one tile per trip.
  double tileBytes = 0;      // one tile of the program
  int loads = 0, accesses = 0;
  double bytesPerThreadAccess = 0;
};

// `config` holds its values and the shape's constexpr values; `description`
// is the resource model's view of the kernel under it (null: no dot known).
ConfigWork configWorkOf(const Kernel &kernel, const KernelRoles &roles, const Config &config,
                        const resources::KernelDescription *description, double dtypeBytes);

ProgramWork workOn(const ConfigWork &work, const KernelRoles &roles, const Shape &shape);

} // namespace btlint::tune
