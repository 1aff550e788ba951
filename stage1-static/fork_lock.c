// SPDX-License-Identifier: GPL-2.0
/*
 * The kit's locks across fork() (linux/fork_lock.h): taken in rank order
 * by the forking thread, released by both sides afterwards.  Signals are
 * blocked meanwhile: a handler on the forking thread that traces would
 * otherwise wait for a lock its own thread holds.
 */
#include <asm/irqflags.h>
#include <linux/fork_lock.h>
#include <linux/init.h>

static struct {
	pthread_mutex_t	*lock;
	void		(*child)(void);
} fork_locks[FORK_LOCK_NR];
static irqflags_t fork_flags;

void fork_lock_register(pthread_mutex_t *lock, enum fork_lock_rank rank,
			void (*child)(void))
{
	fork_locks[rank].lock = lock;
	fork_locks[rank].child = child;
}

static void fork_lock_prepare(void)
{
	irqflags_t flags;
	int i;

	local_irq_save(flags);
	for (i = 0; i < FORK_LOCK_NR; i++)
		if (fork_locks[i].lock)
			pthread_mutex_lock(fork_locks[i].lock);
	fork_flags = flags;
}

static void fork_lock_release(void)
{
	irqflags_t flags = fork_flags;
	int i;

	for (i = FORK_LOCK_NR - 1; i >= 0; i--)
		if (fork_locks[i].lock)
			pthread_mutex_unlock(fork_locks[i].lock);
	local_irq_restore(flags);
}

static void fork_lock_child(void)
{
	int i;

	for (i = 0; i < FORK_LOCK_NR; i++)
		if (fork_locks[i].child)
			fork_locks[i].child();
	fork_lock_release();
}

/*
 * Registered first (it is the first thing __init_core runs: see Kbuild),
 * so that its child half runs before every other part's: they may take
 * these locks.
 */
static __init_core void fork_lock_init(void)
{
	pthread_atfork(fork_lock_prepare, fork_lock_release, fork_lock_child);
}
