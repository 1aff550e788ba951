// SPDX-License-Identifier: GPL-2.0
/*
 * synchronize_rcu()'s timed wait must end: a thread stays in a read-side
 * section (as one stopped by a debugger would), and the grace period is
 * given up on.  Linked with the runtime's lib/rcu.o alone, not traced:
 * no program's thread can hold a reader of the kit's own.
 *
 * Prints "rcu: EBUSY in MS ms", then "rcu: after 0" once the reader has
 * ended (the same call, which must now succeed).
 */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>
#include <linux/fork_lock.h>
#include <linux/rcupdate.h>

static int ready, release;

/* stage1-static/fork_lock.c's, not linked: this program never forks */
void fork_lock_register(pthread_mutex_t *lock, enum fork_lock_rank rank,
			void (*child)(void))
{
}

static long long now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000LL + ts.tv_nsec / 1000000;
}

static void *reader(void *arg)
{
	rcu_read_lock();
	__atomic_store_n(&ready, 1, __ATOMIC_RELEASE);
	while (!__atomic_load_n(&release, __ATOMIC_ACQUIRE))
		usleep(1000);
	rcu_read_unlock();
	return NULL;
}

int main(void)
{
	long long t0;
	pthread_t t;
	int ret;

	setvbuf(stdout, NULL, _IOLBF, 0);
	if (pthread_create(&t, NULL, reader, NULL))
		return 1;
	while (!__atomic_load_n(&ready, __ATOMIC_ACQUIRE))
		usleep(1000);
	t0 = now_ms();
	ret = synchronize_rcu();
	if (ret == -EBUSY)
		printf("rcu: EBUSY in %lld ms\n", now_ms() - t0);
	else
		printf("rcu: %d in %lld ms\n", ret, now_ms() - t0);
	__atomic_store_n(&release, 1, __ATOMIC_RELEASE);
	pthread_join(t, NULL);
	printf("rcu: after %d\n", synchronize_rcu());
	return 0;
}
