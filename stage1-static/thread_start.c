// SPDX-License-Identifier: GPL-2.0
/*
 * pthread_create() as the program calls it (ld --wrap, Kbuild): what the
 * kit keeps for a thread is set in the new thread before the program's
 * start routine runs.  The never-blocked signals its creator holds
 * (signal_hold.c), as a new thread's mask is its creator's; at stage 2
 * the bounds of its stack (fgraph_thread_start(), in
 * stage2-graph/fgraph_stack.c).
 */
#include <pthread.h>
#include <stdlib.h>
#include <linux/ftrace.h>
#include <linux/trap_signal.h>

struct thread_start {
	void		*(*fn)(void *);
	void		*arg;
	unsigned long	held;
};

static void *thread_start(void *data)
{
	struct thread_start start = *(struct thread_start *)data;

	free(data);
	trap_signal_hold_set(start.held);
	fgraph_thread_start();
	/* a tail call (gcc -O2): no frame of the kit's under the routine */
	return start.fn(start.arg);
}

int __real_pthread_create(pthread_t *thread, const pthread_attr_t *attr,
			  void *(*fn)(void *), void *arg);

int __wrap_pthread_create(pthread_t *thread, const pthread_attr_t *attr,
			  void *(*fn)(void *), void *arg)
{
	struct thread_start *start = malloc(sizeof(*start));
	int ret;

	if (!start)		/* a graph tracer finds its stack by the maps */
		return __real_pthread_create(thread, attr, fn, arg);
	start->fn = fn;
	start->arg = arg;
	start->held = trap_signal_held();
	ret = __real_pthread_create(thread, attr, thread_start, start);
	if (ret)
		free(start);
	return ret;
}
