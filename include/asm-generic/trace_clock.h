/* SPDX-License-Identifier: GPL-2.0 */
/*
 * trace_clock_local(): the time stamp of an event and the CPU it ran on.
 * The generic version asks the kernel (ktime_get_ns(), linux/trace_clock.h,
 * and getcpu); an arch with a cheap cycle counter provides its own
 * asm/trace_clock.h.
 * Units: whatever the arch says; trace_clock_to_ns() converts them when the
 * trace is written out, from two samples taken at start and at the end.
 */
#ifndef _ASM_GENERIC_TRACE_CLOCK_H
#define _ASM_GENERIC_TRACE_CLOCK_H

#include <stdint.h>
#include <sys/syscall.h>
#include <asm/raw_syscall.h>
#include <linux/trace_clock.h>

/*
 * System calls made directly, not through the C library: this is the
 * event path (linux/event_path.h).
 */
static inline uint64_t trace_clock_local(unsigned int *cpu)
{
	unsigned int c = 0;
	uint64_t ns = ktime_get_ns();

	raw_syscall3(SYS_getcpu, (long)&c, 0, 0);
	*cpu = c;
	return ns;
}

/* The generic clock already counts nanoseconds. */
#define TRACE_CLOCK_IS_NS	1

#endif
