/*
 * rtc_library_search.h -- the run-time compilers (NVRTC for the CUDA plugin, hipRTC
 * for the HIP plugin) are opened with dlopen, never linked, so a plugin loads on a
 * machine without them. Both look through a list of sonames and paths the same way;
 * this is that search (rtc_library_search.c, plain C, built into both plugins and
 * their device-free compile checks).
 */
#ifndef SWEEP_RTC_LIBRARY_SEARCH_H
#define SWEEP_RTC_LIBRARY_SEARCH_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#define SWEEP_RTC_MAX_CANDIDATES 12
#define SWEEP_RTC_CANDIDATE_LEN 512

/* The names and paths to try, in order. */
typedef struct sweep_rtc_candidates {
    char path[SWEEP_RTC_MAX_CANDIDATES][SWEEP_RTC_CANDIDATE_LEN];
    int count;
} sweep_rtc_candidates;

/* Appends a candidate written like printf (cut at SWEEP_RTC_CANDIDATE_LEN); beyond
 * SWEEP_RTC_MAX_CANDIDATES it is dropped, which a fixed list in the source never
 * reaches. */
void sweep_rtc_candidates_add(sweep_rtc_candidates *list, const char *fmt, ...)
#ifdef __GNUC__
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* The folder of the shared object that holds this code (a plugin, a test program),
 * without the trailing '/', cut at 400 bytes so that a file name still fits in a
 * candidate. Returns 0 (out = "") when the loader cannot say. */
int sweep_rtc_own_folder(char *out, size_t len);

/* Opens the candidates in order (dlopen, RTLD_NOW | RTLD_LOCAL) and returns the first
 * that opens and for which bind(lib, arg) returns non-zero; one that opens but does
 * not bind is closed again. Each candidate that failed is appended to why (", "
 * between them, cut at why_len), so when NULL comes back why lists every place
 * looked at. */
void *sweep_rtc_open_first(const sweep_rtc_candidates *list, int (*bind)(void *lib, void *arg),
                           void *arg, char *why, size_t why_len);

#ifdef __cplusplus
}
#endif

#endif /* SWEEP_RTC_LIBRARY_SEARCH_H */
