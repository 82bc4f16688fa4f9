// bench_options.cpp -- parsing of sweep-bench's options.
#include "bench_options.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <sstream>

namespace sweepbench {

namespace {

std::vector<std::string> split_list(const std::string &s) {
    std::vector<std::string> out;
    std::stringstream ss(s);
    std::string item;
    while (std::getline(ss, item, ','))
        if (!item.empty()) out.push_back(item);
    return out;
}

bool parse_unsigned(const std::string &s, unsigned long long *out) {
    if (s.empty()) return false;
    char *end = nullptr;
    unsigned long long v = std::strtoull(s.c_str(), &end, 0);
    if (*end != '\0') return false;
    *out = v;
    return true;
}

// "10:28:2" (log2 from:to:step, step 1 by default), "10,16,20" or one exponent.
bool parse_sizes(const std::string &s, std::vector<unsigned> *out, std::string *error) {
    std::vector<unsigned> v;
    if (s.find(':') != std::string::npos) {
        std::vector<std::string> parts;
        std::stringstream ss(s);
        std::string item;
        while (std::getline(ss, item, ':'))
            parts.push_back(item);
        unsigned long long from = 0, to = 0, step = 1;
        if (parts.size() < 2 || parts.size() > 3 || !parse_unsigned(parts[0], &from) ||
            !parse_unsigned(parts[1], &to) ||
            (parts.size() == 3 && (!parse_unsigned(parts[2], &step) || step == 0))) {
            *error = "bad size range '" + s + "' (expected log2 from:to[:step], e.g. 10:28:2)";
            return false;
        }
        for (unsigned long long k = from; k <= to; k += step)
            v.push_back(static_cast<unsigned>(k));
    } else {
        for (const auto &item : split_list(s)) {
            unsigned long long k = 0;
            if (!parse_unsigned(item, &k)) {
                *error = "bad size list '" + s + "' (expected log2 exponents, e.g. 10,20)";
                return false;
            }
            v.push_back(static_cast<unsigned>(k));
        }
    }
    for (unsigned k : v) {
        if (k > 40) {
            *error = "size 2^" + std::to_string(k) + " is beyond what sweep-bench allocates";
            return false;
        }
    }
    *out = v;
    return true;
}

bool parse_backends(const std::string &s, std::vector<sweep_backend> *out, std::string *error) {
    out->clear();
    for (const auto &name : split_list(s)) {
        if (name == "all") {
            *out = {SWEEP_BACKEND_SERIAL, SWEEP_BACKEND_OPENMP, SWEEP_BACKEND_CUDA,
                    SWEEP_BACKEND_HIP};
            continue;
        }
        if (name == "none") continue;
        bool found = false;
        for (int b = SWEEP_BACKEND_SERIAL; b < SWEEP_BACKEND_COUNT; ++b) {
            if (name == sweep_backend_name(static_cast<sweep_backend>(b))) {
                out->push_back(static_cast<sweep_backend>(b));
                found = true;
            }
        }
        if (!found) {
            *error = "unknown backend '" + name + "' (serial, openmp, cuda, hip, all, none)";
            return false;
        }
    }
    return true;
}

bool parse_peers(const std::string &s, std::vector<std::string> *out, std::string *error) {
    out->clear();
    for (const auto &name : split_list(s)) {
        if (name == "all") {
            *out = known_peers();
            continue;
        }
        if (name == "none") continue;
        const auto &known = known_peers();
        if (std::find(known.begin(), known.end(), name) == known.end()) {
            *error = "unknown peer '" + name + "'";
            return false;
        }
        out->push_back(name);
    }
    return true;
}

// Matches "--name=value" and returns the value.
bool option_value(const char *arg, const char *name, std::string *value) {
    const std::size_t len = std::strlen(name);
    if (std::strncmp(arg, name, len) != 0 || arg[len] != '=') return false;
    *value = arg + len + 1;
    return true;
}

} // namespace

const std::vector<std::string> &known_peers() {
    static const std::vector<std::string> peers = {
        "std",    "gnu_parallel", "memcpy",    "omp_memcpy", "omp_read", "cub",
        "thrust", "cuda_copy",    "cuda_read", "rocprim",    "hip_copy"};
    return peers;
}

const std::vector<std::string> &known_tuning_modes() {
    static const std::vector<std::string> modes = {"custom_compare"};
    return modes;
}

const std::vector<Primitive> &headline_primitives() {
    static const std::vector<Primitive> p = {
        Primitive::Scan,      Primitive::SegmentedScan, Primitive::Split, Primitive::RadixSort,
        Primitive::MergeSort, Primitive::Merge,         Primitive::Copy};
    return p;
}

const std::vector<unsigned> &map_cpu_log2() {
    static const std::vector<unsigned> sizes = {16, 18, 20, 22, 24, 26, 27};
    return sizes;
}

const char *options_usage() {
    return "sweep-bench options (besides Google Benchmark's --benchmark_*):\n"
           "  --backends=LIST     sweep backends: serial,openmp,cuda,hip,all,none (all)\n"
           "  --peers=LIST        std,gnu_parallel,memcpy,omp_memcpy,omp_read,cub,thrust,\n"
           "                      cuda_copy,cuda_read,rocprim,hip_copy,all,none (all)\n"
           "  --primitives=LIST   scan,affine_scan,segmented_scan,segmented_scan_offsets,\n"
           "                      scan_by_key,reduce,segmented_reduce,read,split,compact,\n"
           "                      radix_sort,radix_sort_pairs,merge_sort,merge_sort_pairs,\n"
           "                      merge_sort_custom,merge_sort_pairs_custom,merge,\n"
           "                      segmented_radix_sort,segmented_radix_sort_pairs,\n"
           "                      segmented_merge_sort,segmented_merge_sort_pairs,lower_bound,\n"
           "                      upper_bound,unique,unique_by_key,run_length_encode,\n"
           "                      nontrivial_runs,histogram_even,histogram_range,copy (all)\n"
           "  --dtypes=LIST       i8,...,u64,f32,f64 (all ten for scan, u32,u64,f32 for most;\n"
           "                      affine_scan has one fixed type, the newer primitives the\n"
           "                      map's)\n"
           "  --sizes=RANGE       log2 sizes for every device: from:to[:step] or k,k,...\n"
           "  --cpu-sizes=RANGE   log2 sizes on CPU implementations (10:24:2)\n"
           "  --gpu-sizes=RANGE   log2 sizes on GPU implementations (10:28:2)\n"
           "  --single-thread-max=K  largest log2 size for one-core implementations (24)\n"
           "  --seed=N            input seed (20261123)\n"
           "  --no-check          skip the one-time result check of sweep calls\n"
           "  --headline          the README's headline table: u32 scan, segmented_scan,\n"
           "                      split, radix_sort, merge_sort, merge and copy at 2^28 on\n"
           "                      GPUs (merge_sort 2^26) and 2^27 on CPUs; --primitives,\n"
           "                      --dtypes and size options given too replace that part\n"
           "  --tuning=LIST       variant rows besides the selection: custom_compare (merge\n"
           "                      sort and merge through a user comparator, custom_less-*)\n"
           "  --map               the map: every primitive on its dtypes and variants (all\n"
           "                      key distributions, segment laws, flag densities), GPU\n"
           "                      sizes 10:28:2, CPU sizes 16:26:2 and 27; --primitives,\n"
           "                      --dtypes, --variants and size options given too narrow it\n"
           "  --variants=LIST     sum,max,seg16,seg1024,segrand,flags10,flags50,flags90,\n"
           "                      uniform,sorted,reverse,few,zipf,top16,topbyte,lowdup,\n"
           "                      seg0to32,segmixed,segpow,seghuge,runshort,runlong,skewed,\n"
           "                      plain,all (default: one per primitive; all with --map)\n"
           "  (--benchmark_list_tests lists what a selection registers)\n";
}

bool parse_options(int *argc, char **argv, Options *out, std::string *error) {
    Options o;
    o.backends = {SWEEP_BACKEND_SERIAL, SWEEP_BACKEND_OPENMP, SWEEP_BACKEND_CUDA,
                  SWEEP_BACKEND_HIP};
    o.peers = known_peers();
    o.primitives = all_primitives();
    for (unsigned k = 10; k <= 24; k += 2)
        o.cpu_log2.push_back(k);
    for (unsigned k = 10; k <= 28; k += 2)
        o.gpu_log2.push_back(k);

    // What was given explicitly, so that --headline leaves it alone in any order.
    bool set_primitives = false, set_dtypes = false, set_cpu = false, set_gpu = false;
    int kept = 1;
    for (int i = 1; i < *argc; ++i) {
        const char *arg = argv[i];
        std::string v;
        bool ok = true;
        if (option_value(arg, "--backends", &v)) {
            ok = parse_backends(v, &o.backends, error);
        } else if (option_value(arg, "--peers", &v)) {
            ok = parse_peers(v, &o.peers, error);
        } else if (option_value(arg, "--primitives", &v)) {
            set_primitives = true;
            o.primitives.clear();
            for (const auto &name : split_list(v)) {
                if (name == "all") {
                    o.primitives = all_primitives();
                    continue;
                }
                Primitive p;
                if (!primitive_from_name(name, &p)) {
                    *error = "unknown primitive '" + name + "'";
                    return false;
                }
                o.primitives.push_back(p);
            }
        } else if (option_value(arg, "--dtypes", &v)) {
            set_dtypes = true;
            o.dtypes.clear();
            for (const auto &name : split_list(v)) {
                if (name == "default") continue;
                sweep_dtype dt;
                if (!dtype_from_name(name, &dt)) {
                    *error = "unknown dtype '" + name + "'";
                    return false;
                }
                o.dtypes.push_back(dt);
            }
        } else if (option_value(arg, "--sizes", &v)) {
            set_cpu = set_gpu = true;
            ok = parse_sizes(v, &o.cpu_log2, error) && parse_sizes(v, &o.gpu_log2, error);
        } else if (option_value(arg, "--cpu-sizes", &v)) {
            set_cpu = true;
            ok = parse_sizes(v, &o.cpu_log2, error);
        } else if (option_value(arg, "--gpu-sizes", &v)) {
            set_gpu = true;
            ok = parse_sizes(v, &o.gpu_log2, error);
        } else if (option_value(arg, "--single-thread-max", &v)) {
            unsigned long long k = 0;
            ok = parse_unsigned(v, &k) && k <= 40;
            if (!ok) *error = "bad --single-thread-max '" + v + "'";
            o.single_thread_max_log2 = static_cast<unsigned>(k);
        } else if (option_value(arg, "--seed", &v)) {
            unsigned long long s = 0;
            ok = parse_unsigned(v, &s);
            if (!ok) *error = "bad --seed '" + v + "'";
            o.seed = s;
        } else if (std::strcmp(arg, "--no-check") == 0) {
            o.check = false;
        } else if (std::strcmp(arg, "--headline") == 0) {
            o.headline = true;
        } else if (std::strcmp(arg, "--map") == 0) {
            o.map = true;
        } else if (option_value(arg, "--variants", &v)) {
            o.variants.clear();
            for (const auto &name : split_list(v)) {
                if (name == "all") {
                    for (Primitive p : all_primitives())
                        for (Variant x : variants_of(p))
                            if (std::find(o.variants.begin(), o.variants.end(), x) ==
                                o.variants.end())
                                o.variants.push_back(x);
                    continue;
                }
                Variant x;
                if (!variant_from_name(name, &x)) {
                    *error = "unknown variant '" + name + "'";
                    return false;
                }
                o.variants.push_back(x);
            }
        } else if (option_value(arg, "--tuning", &v)) {
            o.tuning.clear();
            for (const auto &name : split_list(v)) {
                const auto &known = known_tuning_modes();
                if (std::find(known.begin(), known.end(), name) == known.end()) {
                    *error = "unknown tuning mode '" + name + "'";
                    return false;
                }
                o.tuning.push_back(name);
            }
        } else {
            argv[kept++] = argv[i];
            continue;
        }
        if (!ok) return false;
    }
    *argc = kept;
    argv[kept] = nullptr;
    if (o.map) {
        if (!set_primitives) {
            o.primitives.clear();
            for (Primitive p : all_primitives())
                if (!map_cells(p).empty()) o.primitives.push_back(p);
        }
        if (!set_cpu) o.cpu_log2 = map_cpu_log2();
        if (!set_gpu) {
            o.gpu_log2.clear();
            for (unsigned k = kMapGpuFromLog2; k <= kMapGpuToLog2; k += 2)
                o.gpu_log2.push_back(k);
        }
    }
    if (o.headline) {
        if (!set_primitives) o.primitives = headline_primitives();
        if (!set_dtypes) o.dtypes = {kHeadlineDtype};
        if (!set_cpu) o.cpu_log2 = {kHeadlineCpuLog2};
        if (!set_gpu) {
            o.gpu_log2 = {kHeadlineGpuLog2};
            o.gpu_log2_of[Primitive::MergeSort] = {kHeadlineGpuMergeSortLog2};
        }
    }
    *out = o;
    return true;
}

bool wants_peer(const Options &o, const std::string &peer) {
    return std::find(o.peers.begin(), o.peers.end(), peer) != o.peers.end();
}

bool wants_tuning(const Options &o, const std::string &mode) {
    return std::find(o.tuning.begin(), o.tuning.end(), mode) != o.tuning.end();
}

bool wants_primitive(const Options &o, Primitive p) {
    return std::find(o.primitives.begin(), o.primitives.end(), p) != o.primitives.end();
}

std::vector<sweep_dtype> dtypes_for(const Options &o, Primitive p) {
    std::vector<sweep_dtype> defaults = default_dtypes(p);
    if (o.dtypes.empty() || fixed_dtype(p)) return defaults;
    std::vector<sweep_dtype> out;
    // An explicit list still honours what a primitive is measured on: scan takes any
    // of them, the others only the ones they support by default.
    for (sweep_dtype dt : o.dtypes)
        if (std::find(defaults.begin(), defaults.end(), dt) != defaults.end()) out.push_back(dt);
    return out;
}

std::vector<Cell> cells_for(const Options &o, Primitive p) {
    const auto wanted_dtype = [&](sweep_dtype dt) {
        return o.dtypes.empty() || fixed_dtype(p) ||
               std::find(o.dtypes.begin(), o.dtypes.end(), dt) != o.dtypes.end();
    };
    // --variants filters the primitives it names variants of and leaves the others.
    const auto listed = [&](Variant v) {
        return std::find(o.variants.begin(), o.variants.end(), v) != o.variants.end();
    };
    bool applies = false;
    for (Variant v : variants_of(p))
        applies = applies || listed(v);
    const auto wanted_variant = [&](Variant v) { return !applies || listed(v); };
    std::vector<Cell> out;
    if (o.map) {
        for (const Cell &c : map_cells(p))
            if (wanted_dtype(c.dtype) && wanted_variant(c.variant)) out.push_back(c);
        return out;
    }
    std::vector<Variant> variants;
    for (Variant v : variants_of(p))
        if (applies && listed(v)) variants.push_back(v);
    if (!applies) variants.push_back(default_variant(p));
    for (sweep_dtype dt : dtypes_for(o, p))
        for (Variant v : variants)
            out.push_back(Cell{dt, v});
    return out;
}

std::vector<std::size_t> sizes_for(const Options &o, Primitive p, Device dev, bool single_thread) {
    std::vector<std::size_t> out;
    const auto special = o.gpu_log2_of.find(p);
    const std::vector<unsigned> &log2 = dev == Device::Cpu               ? o.cpu_log2
                                        : special != o.gpu_log2_of.end() ? special->second
                                                                         : o.gpu_log2;
    for (unsigned k : log2)
        if (!single_thread || k <= o.single_thread_max_log2) out.push_back(std::size_t{1} << k);
    return out;
}

} // namespace sweepbench
