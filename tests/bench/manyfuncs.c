// SPDX-License-Identifier: GPL-2.0
/*
 * Dynamic ftrace at scale ("make bench", stage 3): linked with an object
 * of 100,000 traced functions (scripts/bench generates it), none of which
 * is called.  Prints how long the start-up conversion took (before main),
 * and how long switching every site to a call and back to a NOP takes,
 * with the patch method in use (FTRACE_PATCH_METHOD) and those there are:
 *
 *	sites N startup_ns A enable_ns B disable_ns C enabled E
 *	methods M1 M2 ... method M
 */
#include <stdio.h>
#include <string.h>
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
	char methods[256], *used, *end;

	if (tracefs_read("patch_method", methods, sizeof(methods)) < 0) {
		fprintf(stderr, "manyfuncs: %s\n", tracefs_last_error());
		return 1;
	}
	methods[strcspn(methods, "\n")] = 0;
	used = strchr(methods, '[');
	end = used ? strchr(used, ']') : NULL;
	if (!end) {
		fprintf(stderr, "manyfuncs: patch_method: no method in use\n");
		return 1;
	}
	*end = 0;
	printf("sites %lu startup_ns %llu enable_ns %llu disable_ns %llu "
	       "enabled %lu\n", st.dyn_ftrace_total, st.dyn_ftrace_update_ns,
	       t1 - t0, t2 - t1, on.dyn_ftrace_enabled);
	*used = ' ';
	printf("methods %s%s method %s\n", methods, end + 1, used + 1);
	return 0;
}
