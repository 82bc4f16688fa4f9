// bench_progress.h -- sweep-bench's console output: one line per benchmark as it
// finishes, "[k/N, 3:10 left] name  median unit (min-max, R runs)", no line longer
// than 100 characters. The time left is the time so far over the benchmarks done,
// times those still to run.
// The JSON file (--benchmark_out) still gets every repetition; this only replaces
// Google Benchmark's console table.
#pragma once

#include <benchmark/benchmark.h>

#include <cstddef>
#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace sweepbench {

// text with lines longer than 100 characters broken between words (continuation
// lines indented by two spaces).
std::string wrap_lines(const std::string &text);

class ProgressReporter : public benchmark::BenchmarkReporter {
  public:
    // total: how many benchmarks will run (the "N" of "k/N"); 0 when unknown.
    explicit ProgressReporter(std::size_t total) : total_(total) {}

    bool ReportContext(const Context &context) override;
    void ReportRuns(const std::vector<Run> &runs) override;

  private:
    void finish(const std::string &name, const std::string &what);

    std::size_t total_;
    std::size_t done_ = 0;
    std::uint64_t start_ns_ = 0;                         // when the first benchmark started
    std::map<std::string, std::vector<double>> seconds_; // repetitions seen, per name
    std::set<std::string> finished_;
};

} // namespace sweepbench
