/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The thread of the chapter 4 test programs that changes the code all the
 * time: current_tracer between function and nop, until stop is set.
 * switcher_hold(1) makes it wait between two switches (and returns once
 * it does), switcher_hold(0) lets it go on.
 */
#include <sched.h>
#include <tracefs.h>

static int stop;
/* a hold asked for (its number, 0: none), and the last one granted */
static int hold_asked, hold_granted;

static void *switcher(void *arg)
{
	static const char *const tracers[] = { "function", "nop" };
	unsigned int r = 0;
	int h;

	while (!__atomic_load_n(&stop, __ATOMIC_RELAXED)) {
		h = __atomic_load_n(&hold_asked, __ATOMIC_ACQUIRE);
		if (h) {
			__atomic_store_n(&hold_granted, h, __ATOMIC_RELEASE);
			sched_yield();
			continue;
		}
		tracefs_write("current_tracer", tracers[r++ % 2]);
	}
	return NULL;
}

static __attribute__((unused)) void switcher_hold(int on)
{
	static int holds;

	if (!on) {
		__atomic_store_n(&hold_asked, 0, __ATOMIC_RELEASE);
		return;
	}
	__atomic_store_n(&hold_asked, ++holds, __ATOMIC_RELEASE);
	while (__atomic_load_n(&hold_granted, __ATOMIC_ACQUIRE) != holds)
		sched_yield();
}
