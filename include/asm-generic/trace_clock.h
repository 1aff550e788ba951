/* SPDX-License-Identifier: GPL-2.0 */
/*
 * trace_clock_local(): the time stamp of an event and the CPU it ran on.
 * The generic version asks the C library (vDSO where there is one); an arch
 * with a cheap cycle counter provides its own asm/trace_clock.h.
 * Units: whatever the arch says; trace_clock_to_ns() converts them when the
 * trace is written out, from two samples taken at start and at the end.
 */
#ifndef _ASM_GENERIC_TRACE_CLOCK_H
#define _ASM_GENERIC_TRACE_CLOCK_H

#include <stdint.h>
#include <time.h>
#include <sched.h>

static inline uint64_t trace_clock_local(unsigned int *cpu)
{
	struct timespec ts;
	int c;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	c = sched_getcpu();
	*cpu = c < 0 ? 0 : c;
	return (uint64_t)ts.tv_sec * 1000000000ull + ts.tv_nsec;
}

/* The generic clock already counts nanoseconds. */
#define TRACE_CLOCK_IS_NS	1

#endif
