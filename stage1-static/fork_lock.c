// SPDX-License-Identifier: GPL-2.0
/*
 * The kit's locks across fork() (linux/fork_lock.h): taken in rank order
 * by the forking thread, released by both sides afterwards.  Signals are
 * blocked meanwhile: a handler on the forking thread that traces would
 * otherwise wait for a lock its own thread holds.
 *
 * The C library's own part of the fork runs between the kit's prepare
 * and release handlers: the program's clone (or clone3) system call, and
 * in the child its first calls (set_robust_list, ...).  Those are the
 * program's, and a kernel trace shows them; but no event can be written
 * while the locks are held (a thread's first event takes the ring
 * buffer's).  fork_in_progress says so to the event path, which keeps
 * them aside and writes them when the kit's part is done
 * (fork_done_register()).
 *
 * Everything the kit does in the child after that (the child halves of
 * every part, pthread_atfork() handlers registered at start-up, between
 * this file's first and last) is its own work: kit_work_begin() at the
 * first, kit_work_end() at the last.
 */
#include <sys/syscall.h>
#include <asm/raw_syscall.h>
#include <asm/irqflags.h>
#include <linux/fork_lock.h>
#include <linux/hardirq.h>
#include <linux/init.h>

static struct {
	pthread_mutex_t	*lock;
	void		(*child)(void);
} fork_locks[FORK_LOCK_NR];
static irqflags_t fork_flags;
static void (*fork_done_fn)(int child);

__thread int fork_in_progress;

/*
 * The threads waiting in fork_lock_prepare() for a lock, signals blocked
 * (their tids; 0: a free slot).  Such a thread cannot take
 * stop_machine()'s signal, and waits for a lock the stopping thread may
 * well hold (a tracer switch holds trace_types_lock): stop_machine()
 * counts it as stopped (fork_lock_waiting()), else each stop would wait
 * its whole timeout and fail, and the switcher, taking the lock again
 * at once, could keep the forking thread out for good.  It may: until
 * the thread has every lock it runs only this file and the C library's
 * lock code, and from there to its signals open again only the C
 * library's fork and this file's handlers, code the kit never changes;
 * the stop's signal, still pending, parks it the moment it unblocks.
 */
#define FORK_WAITERS	16
static int fork_waiters[FORK_WAITERS];

int fork_lock_waiting(int tid)
{
	int i;

	for (i = 0; i < FORK_WAITERS; i++)
		if (__atomic_load_n(&fork_waiters[i], __ATOMIC_ACQUIRE) == tid)
			return 1;
	return 0;
}

void fork_lock_register(pthread_mutex_t *lock, enum fork_lock_rank rank,
			void (*child)(void))
{
	fork_locks[rank].lock = lock;
	fork_locks[rank].child = child;
}

void fork_done_register(void (*fn)(int child))
{
	fork_done_fn = fn;
}

static void fork_lock_prepare(void)
{
	/* (the kit's own call: raw, never a traced site) */
	int i, w, tid = raw_syscall3(SYS_gettid, 0, 0, 0);
	irqflags_t flags;

	local_irq_save(flags);
	for (w = 0; w < FORK_WAITERS; w++) {
		int free = 0;

		if (__atomic_compare_exchange_n(&fork_waiters[w], &free, tid, 0,
						__ATOMIC_ACQ_REL,
						__ATOMIC_RELAXED))
			break;
	}
	for (i = 0; i < FORK_LOCK_NR; i++)
		if (fork_locks[i].lock)
			pthread_mutex_lock(fork_locks[i].lock);
	if (w < FORK_WAITERS)
		__atomic_store_n(&fork_waiters[w], 0, __ATOMIC_RELEASE);
	fork_flags = flags;
	fork_in_progress = 1;
}

static void fork_lock_unlock(void)
{
	irqflags_t flags = fork_flags;
	int i;

	for (i = FORK_LOCK_NR - 1; i >= 0; i--)
		if (fork_locks[i].lock)
			pthread_mutex_unlock(fork_locks[i].lock);
	local_irq_restore(flags);
}

static void fork_lock_parent(void)
{
	fork_in_progress = 0;
	fork_lock_unlock();
	if (fork_done_fn) {
		kit_work_begin();
		fork_done_fn(0);
		kit_work_end();
	}
}

static void fork_lock_child(void)
{
	int i;

	fork_in_progress = 0;
	kit_work_begin();
	for (i = 0; i < FORK_LOCK_NR; i++)
		if (fork_locks[i].child)
			fork_locks[i].child();
	fork_lock_unlock();
}

/* The child's last handler of the kit's: its part of the fork is done. */
static void fork_lock_child_done(void)
{
	if (fork_done_fn)
		fork_done_fn(1);
	kit_work_end();
}

/*
 * Registered first (it is the first thing __init_core runs: see Kbuild),
 * so that its child half runs before every other part's: they may take
 * these locks.
 */
static __init_core void fork_lock_init(void)
{
	pthread_atfork(fork_lock_prepare, fork_lock_parent, fork_lock_child);
}

/*
 * Registered last (every part registers its handlers at __init_core or
 * __init_boot, the program after all of them), so that the child's kit
 * work ends after every part's child half and before the program's.
 */
static __init_settings void fork_lock_init_done(void)
{
	pthread_atfork(NULL, NULL, fork_lock_child_done);
}
