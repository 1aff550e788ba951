/* SPDX-License-Identifier: GPL-2.0 */
/*
 * From the arch's trace_clock_local() units (asm/trace_clock.h) to
 * nanoseconds (stage1-static/trace_clock.c): sampled at start-up, again
 * before printing, then converted.
 */
#ifndef _LINUX_TRACE_CLOCK_H
#define _LINUX_TRACE_CLOCK_H

#include <stdint.h>

void trace_clock_calibrate(void);
uint64_t trace_clock_to_ns(uint64_t ts);
uint64_t trace_clock_delta_ns(uint64_t d);
/* at exit: calibrate once more, and keep that scale from then on */
void trace_clock_final(void);
/* a spool reader converts another process's stamps from its origin */
void trace_clock_set_origin(uint64_t ts0, uint64_t ns0);

#endif
