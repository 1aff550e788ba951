// SPDX-License-Identifier: GPL-2.0
/*
 * Which stack an address lies on (chapter 2, "One thread, several stacks").
 *
 * The return stack may compare two stack addresses ("this frame is deeper
 * than that one") only when both lie on the same stack.  A thread runs on
 * its own stack, on its alternate signal stack while a handler installed
 * with SA_ONSTACK runs, and on any stack a coroutine library gives it
 * (makecontext/swapcontext).  The kit knows two of those exactly:
 *   - the thread's stack, found once per thread;
 *   - the alternate signal stack, which sigaltstack(NULL, &ss) reports;
 * any other stack is "unknown" (identifier 0) and its addresses are never
 * compared with anything.
 *
 * The thread's stack is found where nothing can be interrupted: the main
 * thread's before main(), a thread the program starts with
 * pthread_create() (the kit's: stage1-static/thread_start.c) in the new
 * thread before its start routine runs, both by pthread_getattr_np(), which
 * allocates and takes locks.  A thread started some other way (by a
 * shared library, or clone()) meets the tracer first perhaps in a signal
 * handler or inside its own allocator: there the stack is the mapping of
 * /proc/self/maps that holds sp, read with system calls alone into a
 * buffer on the stack.
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
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <linux/event_path.h>
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

static inline int in_range(const struct stack_range *r, unsigned long sp)
{
	return sp - r->lo < r->hi - r->lo;
}

static void set_thread_stack(unsigned long lo, unsigned long hi)
{
	thread_stack.lo = lo;
	thread_stack.hi = hi;
	thread_stack.id = lo;
}

/*
 * Outside any handler, nothing held (see above), cache_busy set.  The C
 * library may change errno on the way (pthread_getattr_np() retries with
 * a larger buffer): keep the program's.
 */
static void find_thread_stack(void)
{
	int saved_errno = errno;
	pthread_attr_t attr;
	void *addr;
	size_t size;

	thread_stack.lo = thread_stack.hi = 1;	/* tried: empty, not 0 */
	if (!pthread_getattr_np(pthread_self(), &attr)) {
		if (!pthread_attr_getstack(&attr, &addr, &size) && addr)
			set_thread_stack((unsigned long)addr,
					 (unsigned long)addr + size);
		pthread_attr_destroy(&attr);
	}
	errno = saved_errno;
}

static unsigned long parse_hex(const char **p)
{
	unsigned long v = 0;

	for (;; (*p)++) {
		char c = **p;

		if (c >= '0' && c <= '9')
			v = v * 16 + c - '0';
		else if (c >= 'a' && c <= 'f')
			v = v * 16 + c - 'a' + 10;
		else
			return v;
	}
}

/*
 * Anywhere, even in a handler: the mapping that holds sp, from
 * /proc/self/maps ("lo-hi perms ..." per line), by open() and read()
 * into this frame.  A line cut by the buffer's end is read again whole.
 */
static void find_thread_stack_by_maps(unsigned long sp)
{
	int saved_errno = errno, fd, n, len = 0;
	char buf[1024];

	thread_stack.lo = thread_stack.hi = 1;
	fd = open("/proc/self/maps", O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		goto out;
	while ((n = read(fd, buf + len, sizeof(buf) - 1 - len)) > 0) {
		char *line = buf, *nl;

		len += n;
		buf[len] = 0;
		while ((nl = strchr(line, '\n'))) {
			const char *p = line;
			unsigned long lo = parse_hex(&p), hi;

			hi = *p == '-' ? (p++, parse_hex(&p)) : 0;
			if (sp >= lo && sp < hi) {
				set_thread_stack(lo, hi);
				goto done;
			}
			line = nl + 1;
		}
		len -= line - buf;
		memmove(buf, line, len);
		if (len == sizeof(buf) - 1)	/* no line is that long */
			break;
	}
done:
	close(fd);
out:
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

/*
 * The slow path of fgraph_stack_of(): a system call at least, so through
 * kernel_fpu_call() (linux/event_path.h).
 */
static void *fgraph_stack_lookup(void *arg)
{
	unsigned long sp = (unsigned long)arg;
	struct stack_range r;
	stack_t ss;

	r.lo = ss.ss_size = 0;
	if (!sigaltstack(NULL, &ss) && !(ss.ss_flags & SS_DISABLE)) {
		r.lo = (unsigned long)ss.ss_sp;
		r.hi = r.lo + ss.ss_size;
		r.id = r.lo | FGRAPH_ALT_STACK;
	}
	/* a thread not started by pthread_create(), first seen here */
	if (!cache_busy && !thread_stack.hi && !(r.lo && in_range(&r, sp))) {
		cache_busy = 1;
		barrier();
		find_thread_stack_by_maps(sp);
		barrier();
		cache_busy = 0;
		if (in_range(&thread_stack, sp))
			return (void *)thread_stack.id;
	}
	if (!r.lo || !in_range(&r, sp)) {
		struct stack_range known = r;

		/* unknown, or the thread's own stack */
		if (cache_busy)
			return NULL;
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
	return (void *)r.id;
}

__event_path unsigned long fgraph_stack_of(unsigned long sp)
{
	if (!cache_busy) {
		if (in_range(&thread_stack, sp))
			return thread_stack.id;
		if (in_range(&last_stack, sp))
			return last_stack.id;
	}
	return (unsigned long)kernel_fpu_call(fgraph_stack_lookup, (void *)sp);
}

/*
 * A thread the program starts finds its stack before its start routine
 * runs (stage1-static/thread_start.c calls this).
 */
void fgraph_thread_start(void)
{
	cache_busy = 1;
	find_thread_stack();
	cache_busy = 0;
}

/* The main thread's bounds are found before main(), outside any handler. */
static __init_core void fgraph_stack_init(void)
{
	cache_busy = 1;
	find_thread_stack();
	cache_busy = 0;
}
