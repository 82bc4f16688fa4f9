/*
 * sweep-bench-dist's output: a line per measurement on rank 0, and the JSON file of
 * --json (benchmarks/report.py reads it; benchmarks/README.md describes it).
 */
#include "bench_dist.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#ifndef SWEEP_BENCH_COMMIT
#define SWEEP_BENCH_COMMIT "unknown"
#endif

/* ---- output ---- */

void report(const bench *b, const measure *m) {
    if (b->rank != 0) return;
    if (!m->s.t) { /* --single-only */
        if (m->single.t)
            printf("%-38s one context, total=%zu: %9.3f ms\n", m->what, b->total,
                   m->single.median * 1e3);
        return;
    }
    printf("%-38s p=%d total=%zu: %9.3f ms", m->what, b->size, b->total, m->s.median * 1e3);
    if (m->bytes) printf("  %8.2f GB/s per rank", (double)m->bytes / m->s.median / 1e9);
    if (m->single.t)
        printf("  (one context: %9.3f ms, speed-up %.2fx)", m->single.median * 1e3,
               m->single.median / m->s.median);
    printf("\n");
}

static void json_string(FILE *f, const char *s) {
    fputc('"', f);
    for (; *s; ++s) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            fprintf(f, "\\%c", c);
        else if (c < 0x20)
            fprintf(f, "\\u%04x", c);
        else
            fputc(c, f);
    }
    fputc('"', f);
}

static void json_stats(FILE *f, const char *prefix, const stats *s, int reps) {
    fprintf(f, ", \"%smedian_s\": %.9g, \"%smin_s\": %.9g, \"%smax_s\": %.9g, \"%stimes_s\": [",
            prefix, s->median, prefix, s->min, prefix, s->max, prefix);
    for (int i = 0; i < reps; ++i)
        fprintf(f, "%s%.9g", i ? ", " : "", s->t[i]);
    fprintf(f, "]");
}

void write_json(const bench *b, FILE *f, int argc, char **argv) {
    sweep_backend_info info;
    memset(&info, 0, sizeof info);
    sweep_backend_query(b->backend, &info);
    const char *commit = getenv("SWEEP_BENCH_COMMIT");
    if (!commit || !*commit) commit = SWEEP_BENCH_COMMIT;
    char host[256] = "";
    gethostname(host, sizeof host - 1);
    char date[32] = "";
    time_t now = time(NULL);
    struct tm tm;
    if (gmtime_r(&now, &tm)) strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", &tm);
    char command[1024] = "";
    size_t used = 0;
    for (int i = 0; i < argc && used + 1 < sizeof command; ++i)
        used +=
            (size_t)snprintf(command + used, sizeof command - used, "%s%s", i ? " " : "", argv[i]);

    fprintf(f, "{\n  \"benchmark\": \"sweep-bench-dist\",\n  \"backend\": ");
    json_string(f, sweep_backend_name(b->backend));
    fprintf(f, ",\n  \"ranks\": %d,\n  \"total\": %zu,\n  \"reps\": %d,\n", b->size, b->total,
            b->reps);
    fprintf(f, "  \"device\": ");
    json_string(f, info.device_name);
    fprintf(f, ",\n  \"device_count\": %d,\n  \"backend_plugin\": ", info.device_count);
    json_string(f, info.path);
    fprintf(f, ",\n  \"host\": ");
    json_string(f, host);
    fprintf(f, ",\n  \"sweep_version\": ");
    json_string(f, sweep_version_string());
    fprintf(f, ",\n  \"commit\": ");
    json_string(f, commit);
    fprintf(f, ",\n  \"date\": ");
    json_string(f, date);
    fprintf(f, ",\n  \"command\": ");
    json_string(f, command);
    if (b->single_only) fprintf(f, ",\n  \"single_only\": true");
    fprintf(f, ",\n  \"notes\": [");
    for (int i = 0; i < b->nnotes; ++i) {
        fprintf(f, "%s", i ? ", " : "");
        json_string(f, b->notes[i]);
    }
    fprintf(f, "],\n  \"measurements\": [\n");
    for (int i = 0; i < b->nm; ++i) {
        const measure *m = &b->m[i];
        fprintf(f, "    {\"name\": ");
        json_string(f, m->name);
        fprintf(f, ", \"what\": ");
        json_string(f, m->what);
        if (m->engine) {
            fprintf(f, ", \"engine\": ");
            json_string(f, m->engine);
        }
        if (m->s.t) json_stats(f, "", &m->s, b->reps);
        if (m->single.t) json_stats(f, "single_", &m->single, b->reps);
        if (m->bytes) fprintf(f, ", \"bytes\": %zu", m->bytes);
        fprintf(f, "}%s\n", i + 1 < b->nm ? "," : "");
    }
    fprintf(f, "  ]\n}\n");
}
