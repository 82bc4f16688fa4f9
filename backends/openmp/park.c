/*
 * park.c -- the waits of park.h: a spin on the word with the CPU's pause hint, the
 * clock read every 64 turns, then futex waits on Linux (elsewhere short sleeps).
 * The sleeper count makes the waker's system call conditional: it is made only when
 * some thread is blocked (a waiter counts itself before its last look at the word,
 * the waker stores the word before looking at the count, both sequentially
 * consistent, so one of them sees the other).
 */
#define _GNU_SOURCE
#include "park.h"

#include <limits.h>
#include <time.h>

#if defined(__linux__)
#include <linux/futex.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#define SWOMP_PAUSE() _mm_pause()
#elif defined(__aarch64__)
#define SWOMP_PAUSE() __asm__ __volatile__("yield")
#else
#define SWOMP_PAUSE() ((void)0)
#endif

static unsigned long long now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (unsigned long long)t.tv_sec * 1000000000ull + (unsigned long long)t.tv_nsec;
}

static void block_on(atomic_uint *word, unsigned seen) {
#if defined(__linux__)
    syscall(SYS_futex, (unsigned *)word, FUTEX_WAIT_PRIVATE, seen, NULL, NULL, 0);
#else
    (void)word;
    (void)seen;
    struct timespec t = {0, 50000};
    nanosleep(&t, NULL);
#endif
}

void swomp_park_wake(swomp_park *p) {
    if (atomic_load(&p->sleepers) == 0) return;
#if defined(__linux__)
    syscall(SYS_futex, (unsigned *)&p->word, FUTEX_WAKE_PRIVATE, INT_MAX, NULL, NULL, 0);
#endif
}

/* Waits until (word == value) == equal; returns the word. */
static unsigned wait_for(swomp_park *p, unsigned value, int equal, unsigned spin_ns) {
    unsigned long long start = 0;
    for (unsigned turn = 0;; turn++) {
        unsigned v = atomic_load_explicit(&p->word, memory_order_acquire);
        if ((v == value) == equal) return v;
        if ((turn & 63) == 0) {
            unsigned long long t = now_ns();
            if (turn == 0) start = t;
            if (t - start > spin_ns) break;
        }
        SWOMP_PAUSE();
    }
    for (;;) {
        atomic_fetch_add(&p->sleepers, 1);
        unsigned v = atomic_load(&p->word);
        if ((v == value) != equal) block_on(&p->word, v);
        atomic_fetch_sub(&p->sleepers, 1);
        v = atomic_load_explicit(&p->word, memory_order_acquire);
        if ((v == value) == equal) return v;
    }
}

void swomp_park_until_equal(swomp_park *p, unsigned want, unsigned spin_ns) {
    (void)wait_for(p, want, 1, spin_ns);
}

unsigned swomp_park_until_change(swomp_park *p, unsigned seen, unsigned spin_ns) {
    return wait_for(p, seen, 0, spin_ns);
}
