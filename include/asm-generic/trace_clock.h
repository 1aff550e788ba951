/* SPDX-License-Identifier: GPL-2.0 */
/*
 * trace_clock_local(): the time stamp of an event and the CPU it ran on.
 * The generic version asks the kernel (CLOCK_MONOTONIC, getcpu); an arch
 * with a cheap cycle counter provides its own asm/trace_clock.h.
 * Units: whatever the arch says; trace_clock_to_ns() converts them when the
 * trace is written out, from two samples taken at start and at the end.
 */
#ifndef _ASM_GENERIC_TRACE_CLOCK_H
#define _ASM_GENERIC_TRACE_CLOCK_H

#include <stdint.h>
#include <time.h>
#include <sys/syscall.h>
#include <asm/raw_syscall.h>

/*
 * The kernel's own structure for CLOCK_MONOTONIC: two longs.  (On 32-bit
 * arches it is the old 32-bit one, which holds the time since boot for
 * 68 years.)
 */
struct trace_clock_ts {
	long	tv_sec, tv_nsec;
};

/*
 * System calls made directly, not through the C library: this is the
 * event path (linux/event_path.h).
 */
static inline uint64_t trace_clock_local(unsigned int *cpu)
{
	struct trace_clock_ts ts;
	unsigned int c = 0;

	raw_syscall3(SYS_clock_gettime, CLOCK_MONOTONIC, (long)&ts, 0);
	raw_syscall3(SYS_getcpu, (long)&c, 0, 0);
	*cpu = c;
	return (uint64_t)ts.tv_sec * 1000000000ull + ts.tv_nsec;
}

/* The generic clock already counts nanoseconds. */
#define TRACE_CLOCK_IS_NS	1

#endif
