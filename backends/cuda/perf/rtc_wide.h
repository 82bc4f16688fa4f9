/* rtc_wide.h -- sweep-rtc-demo --wide (rtc_wide.c). */
#ifndef SWEEP_RTC_WIDE_H
#define SWEEP_RTC_WIDE_H

#include <sweep/sweep.h>

/* Runs the wide-element checks on a backend (CUDA device 0 by default; a CPU backend
 * checks the same cases through the C functions); 0 when all agree. */
int sweep_rtc_demo_wide(sweep_backend backend);

#endif /* SWEEP_RTC_WIDE_H */
