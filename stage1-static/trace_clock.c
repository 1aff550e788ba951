// SPDX-License-Identifier: GPL-2.0
/*
 * From the arch's trace_clock_local() units to nanoseconds.
 *
 * Events are stamped with whatever the arch's clock counts (a TSC, or
 * CLOCK_MONOTONIC itself); the printers want nanoseconds.  Two samples of
 * both clocks, one at start-up and one when the trace is written out, give
 * the rate, so no arch has to know its counter's frequency.
 */
#include <asm/trace_clock.h>
#include <linux/init.h>
#include <linux/trace_clock.h>

static uint64_t clk_ts0, clk_ns0;

/*
 * The origin of the line: before the settings are read, so that no event
 * is older than it.
 */
static __init_boot void trace_clock_init(void)
{
	unsigned int cpu;

	clk_ns0 = ktime_get_ns();
	clk_ts0 = trace_clock_local(&cpu);
}

/*
 * Clock units to ns since boot: a straight line through the sample taken at
 * start-up and one taken now (the arch's counter rate is never assumed).
 */
#ifndef TRACE_CLOCK_IS_NS
static double clk_scale = 1.0;
#endif

static int clk_final;

void trace_clock_calibrate(void)
{
	unsigned int cpu;
	uint64_t ts1 = trace_clock_local(&cpu), ns1 = ktime_get_ns();

	if (clk_final)
		return;

#ifndef TRACE_CLOCK_IS_NS
	if (ts1 > clk_ts0 && ns1 > clk_ns0)
		clk_scale = (double)(ns1 - clk_ns0) / (double)(ts1 - clk_ts0);
#else
	(void)ts1;
	(void)ns1;
#endif
}

uint64_t trace_clock_to_ns(uint64_t ts)
{
#ifdef TRACE_CLOCK_IS_NS
	return ts;
#else
	return clk_ns0 + (int64_t)((double)(int64_t)(ts - clk_ts0) * clk_scale);
#endif
}

/*
 * A reader of a dead process's spool converts that process's stamps:
 * its sample of both clocks is the line's start, the reader's own
 * calibration its end (the arch clock counts machine-wide).
 */
void trace_clock_set_origin(uint64_t ts0, uint64_t ns0)
{
	clk_ts0 = ts0;
	clk_ns0 = ns0;
	trace_clock_calibrate();
}

/*
 * At exit: calibrate a last time and keep that scale, so that every file
 * written then (trace, exports, profile) converts the same units alike.
 */
void trace_clock_final(void)
{
	trace_clock_calibrate();
	clk_final = 1;
}

/* A duration in clock units (a sum of them, too) in ns. */
uint64_t trace_clock_delta_ns(uint64_t d)
{
#ifdef TRACE_CLOCK_IS_NS
	return d;
#else
	return (uint64_t)((double)d * clk_scale);
#endif
}
