// SPDX-License-Identifier: GPL-2.0
/*
 * Read-copy update for the kit's lock-free tables (linux/rcupdate.h).
 *
 * Each thread that reads gets a slot of rcu_readers[] the first time, on
 * the event path, with no allocation: the first free one, claimed by its
 * thread id; a thread finding none is counted in rcu_overflow with the
 * others.  A slot says whether its thread is in a reader and of which
 * phase of the grace-period counter.  synchronize_rcu() flips the phase
 * twice, and each time waits until no slot is in a reader of the other
 * phase (twice: a reader may have read the phase just before a flip and
 * marked its slot just after).
 *
 * Slots are never given back by their threads (nothing runs when a thread
 * ends that could do it on every path): synchronize_rcu() frees the slot
 * of a thread that no longer exists when it meets one in a reader, and
 * looks at them all once half the slots are taken.  A reader that
 * does not end within RCU_WAIT_MS (a thread stopped in one, by a debugger
 * or SIGSTOP) makes the grace period fail: what waited for it to be freed
 * waits for the next one, rather than the writer waiting for good.
 */
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <unistd.h>
#include <sys/syscall.h>
#include <asm/raw_syscall.h>
#include <linux/fork_lock.h>
#include <linux/init.h>
#include <linux/rcupdate.h>
#include <linux/trace_clock.h>

#define RCU_READERS	1024
#define RCU_WAIT_MS	1000

unsigned long rcu_gp_ctr;
__thread struct rcu_reader *rcu_reader_self;
struct rcu_reader rcu_overflow;
static struct rcu_reader rcu_readers[RCU_READERS];
static unsigned int rcu_readers_taken;

/* what waits for a grace period, oldest last; rcu_gp_lock held */
struct rcu_retired {
	void			*ptr;
	void			(*free_fn)(void *);
	struct rcu_retired	*next;
};
static struct rcu_retired *rcu_retired;
static pthread_mutex_t rcu_gp_lock = PTHREAD_MUTEX_INITIALIZER;

__thread unsigned long rcu_overflow_nest;

__event_path struct rcu_reader *rcu_reader_claim(void)
{
	int tid = (int)raw_syscall3(SYS_gettid, 0, 0, 0);
	unsigned int i;

	for (i = 0; i < RCU_READERS; i++) {
		int free = 0;

		if (__atomic_load_n(&rcu_readers[i].tid, __ATOMIC_RELAXED))
			continue;
		if (__atomic_compare_exchange_n(&rcu_readers[i].tid, &free,
						tid, 0, __ATOMIC_ACQ_REL,
						__ATOMIC_RELAXED)) {
			__atomic_add_fetch(&rcu_readers_taken, 1,
					   __ATOMIC_RELAXED);
			rcu_reader_self = &rcu_readers[i];
			return rcu_reader_self;
		}
	}
	rcu_reader_self = &rcu_overflow;
	return &rcu_overflow;
}

/* Is the slot's thread gone?  Then the slot is free from now on. */
static int reader_gone(struct rcu_reader *r, int tid)
{
	if (syscall(SYS_tgkill, getpid(), tid, 0) == 0 || errno != ESRCH)
		return 0;
	__atomic_store_n(&r->ctr, 0, __ATOMIC_RELAXED);
	__atomic_store_n(&r->tid, 0, __ATOMIC_RELEASE);
	__atomic_sub_fetch(&rcu_readers_taken, 1, __ATOMIC_RELAXED);
	return 1;
}

/* Half the slots taken: free those of the threads that have ended. */
static void sweep_readers(void)
{
	unsigned int i;

	if (__atomic_load_n(&rcu_readers_taken, __ATOMIC_RELAXED) <
	    RCU_READERS / 2)
		return;
	for (i = 0; i < RCU_READERS; i++) {
		int tid = __atomic_load_n(&rcu_readers[i].tid,
					  __ATOMIC_ACQUIRE);

		if (tid && &rcu_readers[i] != rcu_reader_self)
			reader_gone(&rcu_readers[i], tid);
	}
}

/*
 * Wait until no slot is in a reader of the phase before the last flip:
 * 0, or -EBUSY past the deadline.  It yields and never sleeps, so the
 * clock is read at every turn and nothing outlasts the deadline.
 * rcu_gp_lock held.
 */
static int wait_for_readers(uint64_t deadline)
{
	unsigned long gp = __atomic_load_n(&rcu_gp_ctr, __ATOMIC_RELAXED);
	unsigned int i;

	for (i = 0; i < RCU_READERS; i++) {
		struct rcu_reader *r = &rcu_readers[i];

		for (;;) {
			int tid = __atomic_load_n(&r->tid, __ATOMIC_ACQUIRE);
			unsigned long ctr = __atomic_load_n(&r->ctr,
							    __ATOMIC_ACQUIRE);

			if (!tid || !(ctr & RCU_NEST_MASK) ||
			    !((ctr ^ gp) & RCU_PHASE) || reader_gone(r, tid))
				break;
			if (ktime_get_ns() >= deadline)
				return -EBUSY;
			sched_yield();
		}
	}
	while (__atomic_load_n(&rcu_overflow.ctr, __ATOMIC_ACQUIRE)) {
		if (ktime_get_ns() >= deadline)
			return -EBUSY;
		sched_yield();
	}
	return 0;
}

int synchronize_rcu(void)
{
	struct rcu_reader *self = rcu_reader_self;
	uint64_t deadline;
	int flip, ret = 0;

	/* a reader of this thread (a handler interrupted it) cannot end */
	if (self && (self == &rcu_overflow ? rcu_overflow_nest :
		     __atomic_load_n(&self->ctr, __ATOMIC_RELAXED) &
		     RCU_NEST_MASK))
		return -EBUSY;
	deadline = ktime_get_ns() + (uint64_t)RCU_WAIT_MS * NSEC_PER_MSEC;
	pthread_mutex_lock(&rcu_gp_lock);
	/* the writer's stores before the readers' slots are read */
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
	for (flip = 0; flip < 2 && !ret; flip++) {
		__atomic_store_n(&rcu_gp_ctr, rcu_gp_ctr ^ RCU_PHASE,
				 __ATOMIC_RELAXED);
		__atomic_thread_fence(__ATOMIC_SEQ_CST);
		ret = wait_for_readers(deadline);
	}
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
	if (!ret)
		sweep_readers();
	pthread_mutex_unlock(&rcu_gp_lock);
	return ret;
}

void rcu_free(void *ptr, void (*free_fn)(void *))
{
	struct rcu_retired *r, *take, *next;

	if (!ptr)
		return;
	r = malloc(sizeof(*r));
	pthread_mutex_lock(&rcu_gp_lock);
	if (r) {		/* (else it stays: better than too early) */
		r->ptr = ptr;
		r->free_fn = free_fn;
		r->next = rcu_retired;
		rcu_retired = r;
	}
	/* what is retired now; what comes later needs a later period */
	take = rcu_retired;
	rcu_retired = NULL;
	pthread_mutex_unlock(&rcu_gp_lock);
	if (synchronize_rcu()) {
		pthread_mutex_lock(&rcu_gp_lock);
		for (r = take; r && r->next; r = r->next)
			;
		if (r) {
			r->next = rcu_retired;
			rcu_retired = take;
		}
		pthread_mutex_unlock(&rcu_gp_lock);
		return;
	}
	for (r = take; r; r = next) {
		next = r->next;
		r->free_fn(r->ptr);
		free(r);
	}
}

/* A child of fork() has one thread: the other slots are free. */
static void rcu_fork_child(void)
{
	unsigned int i;

	rcu_readers_taken = 0;
	for (i = 0; i < RCU_READERS; i++)
		if (&rcu_readers[i] != rcu_reader_self) {
			rcu_readers[i].ctr = 0;
			rcu_readers[i].tid = 0;
		}
	if (rcu_reader_self && rcu_reader_self != &rcu_overflow) {
		rcu_reader_self->tid = (int)syscall(SYS_gettid);
		rcu_readers_taken = 1;
	}
	rcu_overflow.ctr = rcu_overflow_nest;
}

static __init_core void rcu_init(void)
{
	fork_lock_register(&rcu_gp_lock, FORK_LOCK_RCU, rcu_fork_child);
}
