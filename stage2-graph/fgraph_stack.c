// SPDX-License-Identifier: GPL-2.0
/*
 * Which stack an address lies on (chapter 2, "One thread, several stacks").
 *
 * The return stack may compare two stack addresses ("this frame is deeper
 * than that one") only when both lie on the same stack.  A thread runs on
 * its own stack, on its alternate signal stack while a handler installed
 * with SA_ONSTACK runs, and on any stack a coroutine library gives it
 * (makecontext/swapcontext).  The kit knows two of those exactly:
 *   - the thread's stack, whose bounds pthread_getattr_np() gives once
 *     per thread;
 *   - the alternate signal stack, which sigaltstack(NULL, &ss) reports;
 * any other stack is "unknown" (identifier 0) and its addresses are never
 * compared with anything.
 *
 * The fast path is two compares: the thread's stack, then the last other
 * stack looked up.  Only a miss (the first call after a switch of stacks)
 * asks the kernel.
 *
 * A signal handler may look up a stack while the code it interrupted is
 * half-way through writing one of the two ranges: cache_busy makes it
 * ignore (and leave alone) both, for a slow but exact answer.
 */
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <linux/ftrace.h>
#include <linux/init.h>
#include "fgraph.h"

struct stack_range {
	unsigned long	lo, hi;		/* [lo, hi) */
	unsigned long	id;		/* 0: unknown */
};

static __thread struct stack_range thread_stack, last_stack;
static __thread int cache_busy;

#define barrier()	__asm__ __volatile__("" ::: "memory")

/* An unknown stack is remembered in windows of this size. */
#define UNKNOWN_WINDOW	(64UL << 10)

static int in_range(const struct stack_range *r, unsigned long sp)
{
	return sp - r->lo < r->hi - r->lo;
}

/*
 * Called with cache_busy set.  The C library may change errno on the way
 * (pthread_getattr_np() retries with a larger buffer): keep the program's.
 */
static void find_thread_stack(void)
{
	int saved_errno = errno;
	pthread_attr_t attr;
	void *addr;
	size_t size;

	thread_stack.lo = thread_stack.hi = 1;	/* tried: empty, not 0 */
	if (!pthread_getattr_np(pthread_self(), &attr)) {
		if (!pthread_attr_getstack(&attr, &addr, &size) && addr) {
			thread_stack.lo = (unsigned long)addr;
			thread_stack.hi = thread_stack.lo + size;
			thread_stack.id = thread_stack.lo;
		}
		pthread_attr_destroy(&attr);
	}
	errno = saved_errno;
}

/* Keep an unknown window from covering part of a known stack. */
static void clip(struct stack_range *w, const struct stack_range *known,
		 unsigned long sp)
{
	if (known->hi <= w->lo || known->lo >= w->hi)
		return;
	if (known->lo > sp)
		w->hi = known->lo;
	else
		w->lo = known->hi;
}

unsigned long fgraph_stack_of(unsigned long sp)
{
	struct stack_range r;
	stack_t ss;

	if (!cache_busy) {
		if (in_range(&thread_stack, sp))
			return thread_stack.id;
		if (in_range(&last_stack, sp))
			return last_stack.id;
		if (!thread_stack.hi) {
			cache_busy = 1;
			barrier();
			find_thread_stack();
			barrier();
			cache_busy = 0;
			if (in_range(&thread_stack, sp))
				return thread_stack.id;
		}
	}
	r.lo = ss.ss_size = 0;
	if (!sigaltstack(NULL, &ss) && !(ss.ss_flags & SS_DISABLE)) {
		r.lo = (unsigned long)ss.ss_sp;
		r.hi = r.lo + ss.ss_size;
		r.id = r.lo | FGRAPH_ALT_STACK;
	}
	if (!r.lo || !in_range(&r, sp)) {
		struct stack_range known = r;

		/* unknown, or the thread's own stack */
		if (cache_busy)
			return 0;
		r.lo = sp & ~(UNKNOWN_WINDOW - 1);
		r.hi = r.lo + UNKNOWN_WINDOW;
		r.id = 0;
		clip(&r, &thread_stack, sp);
		if (known.lo)
			clip(&r, &known, sp);
	}
	if (!cache_busy) {
		cache_busy = 1;
		barrier();
		last_stack = r;
		barrier();
		cache_busy = 0;
	}
	return r.id;
}

/* The main thread's bounds are found before main(), outside any handler. */
static __init_core void fgraph_stack_init(void)
{
	cache_busy = 1;
	find_thread_stack();
	cache_busy = 0;
}
