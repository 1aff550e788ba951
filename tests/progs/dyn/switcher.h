/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The thread of the chapter 4 test programs that changes the code all the
 * time: current_tracer between function and nop, until stop is set
 * (switcher_end()).
 */
#include <pthread.h>
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

/* the switcher stopped and joined; it may be started again */
static __attribute__((unused)) void switcher_end(pthread_t t)
{
	__atomic_store_n(&stop, 1, __ATOMIC_RELAXED);
	pthread_join(t, NULL);
	__atomic_store_n(&stop, 0, __ATOMIC_RELAXED);
}
