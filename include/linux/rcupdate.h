/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Read-copy update, the kernel's way of changing a table that readers on
 * every CPU are reading without a lock (lib/rcu.c).  A writer publishes a
 * new copy with one store; the old one may go only once every reader
 * that could have seen it has finished: synchronize_rcu() waits for that.
 *
 * The kit's readers are the event path's lookups (the records and filter
 * hashes of chapter 4, the text patcher's segments, read by a breakpoint
 * handler), on any thread and in any signal handler.  The kernel knows a
 * CPU has left every reader when it schedules; a user-space thread says
 * it itself: rcu_read_lock() marks its own slot with the grace period's
 * phase, rcu_read_unlock() clears it, and synchronize_rcu() flips the
 * phase and waits until no slot is in a reader of the old phase (the
 * scheme liburcu calls "memb", with a full barrier on the reader side
 * where it has the membarrier() system call instead).
 */
#ifndef _LINUX_RCUPDATE_H
#define _LINUX_RCUPDATE_H

#include <linux/event_path.h>

/*
 * a thread's slot: the grace period's phase and its readers' nesting (a
 * cache line of its own: each reader writes its slot)
 */
struct rcu_reader {
	unsigned long	ctr;
	int		tid;		/* 0: a free slot */
} __attribute__((aligned(64)));

#define RCU_NEST_MASK	((~0UL) >> 1)
#define RCU_PHASE	(~RCU_NEST_MASK)

extern unsigned long rcu_gp_ctr;
extern __thread struct rcu_reader *rcu_reader_self;
/*
 * The slot of a thread's first reader, or rcu_overflow when none is free:
 * the readers of such threads are counted together, in its ctr.
 */
struct rcu_reader *rcu_reader_claim(void);
extern struct rcu_reader rcu_overflow;
/* this thread's part of rcu_overflow's count */
extern __thread unsigned long rcu_overflow_nest;

static inline __attribute__((always_inline)) void rcu_read_lock(void)
{
	struct rcu_reader *r = rcu_reader_self;
	unsigned long ctr;

	if (!r)
		r = rcu_reader_claim();
	if (r == &rcu_overflow) {
		rcu_overflow_nest++;
		__atomic_add_fetch(&r->ctr, 1, __ATOMIC_SEQ_CST);
		return;
	}
	ctr = __atomic_load_n(&r->ctr, __ATOMIC_RELAXED);
	if (ctr & RCU_NEST_MASK) {		/* nested (a signal handler) */
		__atomic_store_n(&r->ctr, ctr + 1, __ATOMIC_RELAXED);
		return;
	}
	/* the phase now, one reader; seen before anything it protects */
	__atomic_store_n(&r->ctr, __atomic_load_n(&rcu_gp_ctr,
						  __ATOMIC_RELAXED) + 1,
			 __ATOMIC_RELAXED);
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
}

static inline __attribute__((always_inline)) void rcu_read_unlock(void)
{
	struct rcu_reader *r = rcu_reader_self;

	if (r == &rcu_overflow) {
		__atomic_sub_fetch(&r->ctr, 1, __ATOMIC_SEQ_CST);
		rcu_overflow_nest--;
		return;
	}
	/* what it protects is read before the slot says it is done */
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
	__atomic_store_n(&r->ctr, __atomic_load_n(&r->ctr, __ATOMIC_RELAXED) -
			 1, __ATOMIC_RELAXED);
}

/*
 * Wait until every reader that began before now has ended: 0, or -EBUSY
 * when that cannot be known (the calling thread is inside a reader
 * itself, a signal handler that interrupted one; or a reader did not end
 * within a second).  Not from the event path.
 */
int synchronize_rcu(void);

/*
 * Free ptr with free_fn once no reader can hold it: after a grace period,
 * now if one can be waited for, else with the next one that can.  The
 * writer has made ptr unreachable first.  Not from the event path.
 */
void rcu_free(void *ptr, void (*free_fn)(void *));

#endif
