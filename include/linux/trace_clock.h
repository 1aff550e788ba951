/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Two clocks.  The arch's trace_clock_local() (asm/trace_clock.h) stamps
 * events in whatever units it counts; trace_clock_to_ns() and friends
 * (stage1-static/trace_clock.c) turn them into nanoseconds from a sample
 * of both clocks taken at start-up and another before printing.
 *
 * ktime_get_ns() is the kit's own CLOCK_MONOTONIC, in nanoseconds: the
 * other end of that line, and the clock of every deadline and duration
 * the kit measures for itself (a stop_machine() that gives up, a grace
 * period, the ftraced daemon's interval, the start-up conversion's time).
 */
#ifndef _LINUX_TRACE_CLOCK_H
#define _LINUX_TRACE_CLOCK_H

#include <stdint.h>
#include <time.h>
#include <sys/syscall.h>
#include <linux/time_types.h>
#include <asm/raw_syscall.h>

#define NSEC_PER_MSEC	1000000L
#define NSEC_PER_SEC	1000000000L

/*
 * The system call itself, never the C library's clock_gettime(): where
 * there is no vDSO (every arch but x86_64 under qemu-user) the wrapper
 * runs a system-call instruction of the C library, a site the
 * system-call events may have made a trap (chapter 7) - on the way
 * through a patch, or in a signal handler, or with the patching thread's
 * signals blocked.  __kernel_old_timespec is the structure SYS_clock_gettime
 * and SYS_futex take on every arch of the kit (two longs: the 32-bit one
 * on MIPS o32 and ARM), whatever time_t the C library was built with.
 * Inline and without floating point: the generic trace_clock_local(), on
 * the event path, is this and the CPU number.
 */
static inline __attribute__((always_inline)) uint64_t ktime_get_ns(void)
{
	struct __kernel_old_timespec ts = { 0, 0 };

	raw_syscall3(SYS_clock_gettime, CLOCK_MONOTONIC, (long)&ts, 0);
	return (uint64_t)ts.tv_sec * NSEC_PER_SEC + ts.tv_nsec;
}

/* ns as the kernel's system calls take a time: a futex's deadline */
static inline __attribute__((always_inline)) struct __kernel_old_timespec
ns_to_kernel_old_timespec(uint64_t ns)
{
	struct __kernel_old_timespec ts = {
		.tv_sec = ns / NSEC_PER_SEC,
		.tv_nsec = ns % NSEC_PER_SEC,
	};

	return ts;
}

void trace_clock_calibrate(void);
uint64_t trace_clock_to_ns(uint64_t ts);
uint64_t trace_clock_delta_ns(uint64_t d);
/* at exit: calibrate once more, and keep that scale from then on */
void trace_clock_final(void);
/* a spool reader converts another process's stamps from its origin */
void trace_clock_set_origin(uint64_t ts0, uint64_t ns0);

#endif
