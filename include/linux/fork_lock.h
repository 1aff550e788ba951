/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The kit's locks across fork() (stage1-static/fork_lock.c).
 *
 * A child starts with the forking thread alone: a lock another thread
 * held at the fork would stay held in the child for good (a program that
 * forks while another thread switches tracers would see its child hang on
 * its first tracefs_write()).  So each lock a switch can take is
 * registered here: the forking thread takes them all, in the order of
 * their rank and with its signals blocked, just before fork(); both sides
 * then release them, and the child finds each one free and what it guards
 * whole.  Ranks follow the order the code nests the locks in.  A part
 * that must start the child afresh (the ring buffer: the child's trace
 * is its own) gives child(): run in the child before the locks go, still
 * with signals blocked.
 */
#ifndef _LINUX_FORK_LOCK_H
#define _LINUX_FORK_LOCK_H

#include <pthread.h>

enum fork_lock_rank {
	FORK_LOCK_TRACER,	/* trace.c: trace_types_lock */
	FORK_LOCK_PROFILE,	/* extras/ftrace_profile.c */
	FORK_LOCK_FGRAPH,	/* stage2-graph/fgraph_ops.c */
	FORK_LOCK_FTRACE,	/* ftrace.c: the ops list */
	FORK_LOCK_NAMES,	/* stage3-dynamic/dyn_filter.c */
	FORK_LOCK_RCU,		/* lib/rcu.c: grace periods */
	FORK_LOCK_RING_BUFFER,	/* ring_buffer.c */
	FORK_LOCK_NR
};

void fork_lock_register(pthread_mutex_t *lock, enum fork_lock_rank rank,
			void (*child)(void));

/*
 * Set on the forking thread while the C library's part of a fork runs,
 * the kit's locks held (its clone, the child's first calls): the event
 * path keeps the events of the program's system calls aside meanwhile.
 */
extern __thread int fork_in_progress;
/*
 * fn(child) once the kit's part of a fork is done on a side: in the
 * parent when the locks are released, in the child after every part's
 * child half (linux/hardirq.h's kit work, both).  One user: the events
 * kept aside are written then (stage3-dynamic/trace_syscalls.c).
 */
void fork_done_register(void (*fn)(int child));
/*
 * Whether thread tid waits in the kit's fork preparation for a lock, its
 * signals blocked (for stop_machine(): such a thread counts as stopped)
 */
int fork_lock_waiting(int tid);

#endif
