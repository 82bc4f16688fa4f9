// bench_timer.h -- how a GPU backend's calls are timed. Where the vendor's peer module
// provides a stream timer, sweep's calls are timed like the peers': the context is set
// to the peers' stream and each call is timed by events on it (the host's time to
// validate and launch is inside the interval whenever the device waits for it, as a
// peer's is). Without one (HIP), a host clock around the call and sweep_synchronize.
#pragma once

#include <sweep/sweep.h>

namespace sweepbench {

struct StreamTimer {
    void *stream;     // native stream (NULL: the default stream)
    void (*start)();  // records the start event on it
    double (*stop)(); // records the stop event, waits for it; seconds since start()
};

void set_stream_timer(sweep_backend b, const StreamTimer &t);
// The timer registered for b, or nullptr.
const StreamTimer *stream_timer(sweep_backend b);

} // namespace sweepbench
