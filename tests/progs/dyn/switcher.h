/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The thread of the chapter 4 test programs that changes the code all the
 * time: current_tracer between function and nop, until stop is set.
 */
#include <tracefs.h>

static int stop;

static void *switcher(void *arg)
{
	static const char *const tracers[] = { "function", "nop" };
	unsigned int r = 0;

	while (!__atomic_load_n(&stop, __ATOMIC_RELAXED))
		tracefs_write("current_tracer", tracers[r++ % 2]);
	return NULL;
}
