// SPDX-License-Identifier: GPL-2.0
/*
 * Dynamic ftrace at scale ("make bench", stage 3): linked with an object
 * of 100,000 traced functions (scripts/bench generates it), none of which
 * is called.  Prints how long the start-up conversion took (before main),
 * and how long switching every site to a call and back to a NOP takes:
 *
 *	sites N startup_ns A enable_ns B disable_ns C enabled E
 */
#include <stdio.h>
#include <time.h>
#include <tracefs.h>

static unsigned long long now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000ULL + ts.tv_nsec;
}

int main(void)
{
	struct ftrace_stats st, on;
	unsigned long long t0, t1, t2;

	ftrace_get_stats(&st);
	t0 = now_ns();
	if (tracefs_write("current_tracer", "function")) {
		fprintf(stderr, "manyfuncs: %s\n", tracefs_last_error());
		return 1;
	}
	t1 = now_ns();
	ftrace_get_stats(&on);
	tracefs_write("tracing_on", "0");	/* nothing to record */
	tracefs_write("current_tracer", "nop");
	t2 = now_ns();
	printf("sites %lu startup_ns %llu enable_ns %llu disable_ns %llu "
	       "enabled %lu\n", st.dyn_ftrace_total, st.dyn_ftrace_update_ns,
	       t1 - t0, t2 - t1, on.dyn_ftrace_enabled);
	return 0;
}
