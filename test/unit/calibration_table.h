#pragma once
// The Triton 3.6 calibration table (test/calibration/triton-3.6.0.csv) and the
// kernels it was measured on, for the tests that read them through btlint.
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace btlint::calibration_test {

namespace fs = std::filesystem;

inline std::optional<fs::path> findCalibrationDir() {
  const fs::path relative = fs::path("test") / "calibration";
#ifdef BTLINT_SOURCE_DIR
  if (fs::exists(fs::path(BTLINT_SOURCE_DIR) / relative / "triton-3.6.0.csv"))
    return fs::path(BTLINT_SOURCE_DIR) / relative;
#endif
  for (fs::path dir = fs::current_path(); !dir.empty(); dir = dir.parent_path()) {
    if (fs::exists(dir / relative / "triton-3.6.0.csv")) return dir / relative;
    if (dir == dir.root_path()) break;
  }
  return std::nullopt;
}

inline std::string readFile(const fs::path &path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

using Row = std::map<std::string, std::string>;

// One CSV line's cells; commas inside double quotes (the error column) stay in their cell.
inline std::vector<std::string> splitCsvLine(const std::string &line) {
  std::vector<std::string> cells;
  std::string cell;
  bool quoted = false;
  for (char c : line) {
    if (c == '"') {
      quoted = !quoted;
    } else if (c == ',' && !quoted) {
      cells.push_back(cell);
      cell.clear();
    } else {
      cell += c;
    }
  }
  cells.push_back(cell);
  return cells;
}

// Rows keyed by the header's column names; '#' lines are comments.
inline std::vector<Row> readRows(const fs::path &path) {
  std::ifstream in(path);
  std::vector<Row> rows;
  std::vector<std::string> header;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    const std::vector<std::string> cells = splitCsvLine(line);
    if (header.empty()) {
      header = cells;
      continue;
    }
    Row row;
    for (size_t i = 0; i < header.size() && i < cells.size(); ++i) row[header[i]] = cells[i];
    rows.push_back(std::move(row));
  }
  return rows;
}

} // namespace btlint::calibration_test
