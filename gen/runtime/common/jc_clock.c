/* jc_clock.c — the runtime's one clock, jc_now_ns (CLOCK_MONOTONIC): every
 * record's t_ns and dur_ns, and the recorder's calibration.  A file of its
 * own so that what reads the time needs nothing else. */
#include <stdint.h>
#include <time.h>

#include "jc_internal.h"

uint64_t jc_now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}
