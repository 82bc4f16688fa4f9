// bench_progress.cpp -- see bench_progress.h.
#include "bench_progress.h"

#include "bench_record.h"

#include <algorithm>
#include <cstdio>
#include <sstream>

namespace sweepbench {

namespace {

constexpr std::size_t kWidth = 100;

void print_wrapped(std::ostream &out, const std::string &text) {
    out << wrap_lines(text);
}

// The unit a time is shown in: s, ms or us, by its size.
double unit_of(double s, const char **name) {
    if (s >= 1.0) {
        *name = "s";
        return 1.0;
    }
    if (s >= 1e-3) {
        *name = "ms";
        return 1e-3;
    }
    *name = "us";
    return 1e-6;
}

std::string format_seconds(double s) {
    const char *unit = "";
    const double scale = unit_of(s, &unit);
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.3g %s", s / scale, unit);
    return buf;
}

// "median unit (fastest-slowest, R runs)", all in the median's unit.
std::string format_spread(double median, double fastest, double slowest, std::size_t runs) {
    const char *unit = "";
    const double scale = unit_of(median, &unit);
    char buf[96];
    std::snprintf(buf, sizeof buf, "%.3g %s (%.3g-%.3g, %zu runs)", median / scale, unit,
                  fastest / scale, slowest / scale, runs);
    return buf;
}

double run_seconds(const benchmark::BenchmarkReporter::Run &r) {
    return r.GetAdjustedRealTime() / benchmark::GetTimeUnitMultiplier(r.time_unit);
}

} // namespace

std::string wrap_lines(const std::string &text) {
    std::istringstream lines(text);
    std::string one, out;
    while (std::getline(lines, one)) {
        // The line's own indentation is kept; continuation lines get two more spaces.
        const std::string indent = one.substr(
            0, one.find_first_not_of(' ') == std::string::npos ? 0 : one.find_first_not_of(' '));
        std::istringstream words(one);
        std::string word, line = indent;
        bool fresh = true;
        while (words >> word) {
            if (!fresh && line.size() + 1 + word.size() > kWidth) {
                out += line + '\n';
                line = indent + "  ";
                fresh = true;
            }
            line += (fresh ? "" : " ") + word;
            fresh = false;
        }
        out += line + '\n';
    }
    return out;
}

bool ProgressReporter::ReportContext(const Context &context) {
    start_ns_ = host_now_ns();
    // Google Benchmark's own context lines, wrapped; its "Library was built as DEBUG"
    // warning is about Debian's libbenchmark package, explained once here instead.
    std::ostringstream basic;
    PrintBasicContext(&basic, context);
    std::istringstream lines(basic.str());
    std::string line;
    bool debug_library = false;
    std::ostream &out = GetOutputStream();
    while (std::getline(lines, line)) {
        if (line.find("Library was built as DEBUG") != std::string::npos) {
            debug_library = true;
            continue;
        }
        if (line.find_first_not_of(" -") == std::string::npos) continue; // rulers
        // sweep-bench's own context (backends, sizes, command) is for the JSON file;
        // sweep-bench prints backends and peers itself.
        if (line.rfind("sweep_", 0) == 0) continue;
        print_wrapped(out, line);
    }
    if (debug_library)
        print_wrapped(out, "note: Google Benchmark warns that its library was built as DEBUG: "
                           "that is the Debian libbenchmark package, built without NDEBUG. "
                           "sweep-bench times every call itself (manual timing), so the "
                           "library's own checks fall outside the measured time.");
    out << std::flush;
    return true;
}

void ProgressReporter::finish(const std::string &name, const std::string &what) {
    finished_.insert(name);
    seconds_.erase(name);
    ++done_;
    char head[48];
    if (total_ && done_ < total_) {
        const double left = host_seconds_since(start_ns_) / static_cast<double>(done_) *
                            static_cast<double>(total_ - done_);
        const auto s = static_cast<unsigned long>(left + 0.5);
        std::snprintf(head, sizeof head, "[%zu/%zu, %lu:%02lu left]", done_, total_, s / 60,
                      s % 60);
    } else if (total_)
        std::snprintf(head, sizeof head, "[%zu/%zu]", done_, total_);
    else
        std::snprintf(head, sizeof head, "[%zu]", done_);
    std::string line = std::string(head) + " " + name;
    const std::size_t col = 56;
    line += line.size() < col ? std::string(col - line.size(), ' ') : std::string(" ");
    line += what;
    if (line.size() > kWidth) line = line.substr(0, kWidth - 3) + "...";
    GetOutputStream() << line << '\n' << std::flush;
}

void ProgressReporter::ReportRuns(const std::vector<Run> &runs) {
    for (const Run &r : runs) {
        // The name as registered, without Google Benchmark's "/manual_time".
        const std::string name = r.run_name.function_name;
        if (finished_.count(name)) continue;
        if (r.error_occurred) {
            finish(name, "error: " + r.error_message);
            continue;
        }
        if (r.run_type == Run::RT_Iteration) {
            seconds_[name].push_back(run_seconds(r));
            if (r.repetitions <= 1) finish(name, format_seconds(run_seconds(r)));
            continue;
        }
        if (r.aggregate_name != "median") continue;
        std::vector<double> s = seconds_[name];
        if (s.empty()) { // repetitions not shown to this reporter: the median alone
            finish(name, format_seconds(run_seconds(r)) + " median");
            continue;
        }
        std::sort(s.begin(), s.end());
        const std::size_t m = s.size();
        const double median = m % 2 ? s[m / 2] : 0.5 * (s[m / 2 - 1] + s[m / 2]);
        finish(name, format_spread(median, s.front(), s.back(), m));
    }
}

} // namespace sweepbench
