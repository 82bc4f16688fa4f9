/* rtc_wide.h -- sweep-rtc-demo --wide (rtc_wide.c). */
#ifndef SWEEP_RTC_WIDE_H
#define SWEEP_RTC_WIDE_H

#include <sweep/sweep.h>

/* Runs the wide-element checks on CUDA device 0; 0 when all agree. */
int sweep_rtc_demo_wide(void);

#endif /* SWEEP_RTC_WIDE_H */
