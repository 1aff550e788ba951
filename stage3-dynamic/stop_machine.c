// SPDX-License-Identifier: GPL-2.0
/*
 * stop_machine() for a process (include/linux/stop_machine.h): the
 * kernel's multi_cpu_stop(), where every CPU spins with interrupts off
 * while one of them runs the function.
 *
 * Here every other thread of the program is sent STOP_MACHINE_SIGNAL; its
 * handler checks in and waits on a futex until the function has run.  A
 * signal is taken only between two instructions, so no parked thread is
 * inside code being changed.  The calling thread runs the function with
 * its own signals blocked (local_irq_save(), the irqflags analogue): a
 * handler of its own would otherwise run traced code in the middle of a
 * write - the NMI problem the kernel met in 2008.
 *
 * A thread that waits, signals blocked, for one of the kit's locks before
 * a fork counts as stopped (fork_lock_waiting(), stage1-static/
 * fork_lock.c says why that is safe).
 *
 * The stop must hold, or not happen: a thread that cannot be parked may
 * run the code being changed.  So stop_machine() refuses, runs nothing and
 * returns -EBUSY with a one-line reason, when a thread blocks the signal
 * (its /proc/self/task/<tid>/status says so) or does not check in within
 * STOP_MACHINE_TIMEOUT_MS (under qemu-user, /proc shows qemu's own masks,
 * not the program's: a thread that blocks the signal is found this way).
 *
 * The program may use STOP_MACHINE_SIGNAL too: the kit's handler is
 * reserved (linux/trap_signal.h, which also shows the program its own
 * disposition), takes only the signals stop_machine() queued with its own
 * value, and passes every other one on.  It is reserved at the first
 * stop, so a program that never uses this method never sees it.
 *
 * Threads that are not the program's: qemu-user's own (its RCU thread)
 * never run the program's code and never take its signals.  They are the
 * threads alive at start-up, when the kit's first constructor runs and
 * the program has not started any, and in a child of fork() those alive
 * when the child's code resumes; they are left alone.
 *
 * The threads are listed from /proc/self/task with getdents64 into a
 * stack buffer: once some threads are parked, one of them may hold the
 * malloc lock, so nothing here allocates.  After everyone is in, the list
 * is read again: a thread started meanwhile is parked too.
 *
 * Cost to the parked threads: a system call they were in is interrupted;
 * SA_RESTART restarts most, but those Linux never restarts (nanosleep,
 * poll, epoll_wait, ...) return EINTR.  This is why it is not the default
 * method of any arch (linux/text_patching.h).
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <linux/futex.h>
#include <sys/syscall.h>
#include <asm/irqflags.h>
#include <linux/fork_lock.h>
#include <linux/init.h>
#include <linux/stop_machine.h>
#include <linux/trace_clock.h>
#include <linux/trap_signal.h>

#define MAX_THREADS	4096
#define MAX_FOREIGN	8

enum { T_SIGNALLED = 1, T_STOPPED, T_GONE };

struct sm_thread {
	int		tid;
	int		state;		/* T_* */
};

static struct sm_thread sm_threads[MAX_THREADS];
static int sm_nr;
static int sm_gen;			/* futex word: +1 at each end */
static int sm_active;			/* a stop_machine() is running */
static int sm_arrived;			/* futex word */
static char sm_error[256];
static int sm_reserved;
/* threads that were there before the program could start any */
static int sm_foreign[MAX_FOREIGN], sm_nr_foreign;

const char *stop_machine_error(void)
{
	return sm_error;
}

static long sys_gettid(void)
{
	return syscall(SYS_gettid);
}

/*
 * The handler of a parked thread.  Ours: queued by sm_signal(), carrying
 * the address of sm_gen; anything else is the program's (0: passed on).
 */
static int sm_handler(int sig, siginfo_t *si, void *uc)
{
	int i, tid, gen;

	if (si->si_code != SI_QUEUE || si->si_pid != getpid() ||
	    si->si_value.sival_ptr != &sm_gen)
		return 0;
	tid = sys_gettid();
	gen = __atomic_load_n(&sm_gen, __ATOMIC_ACQUIRE);
	/* a signal that arrives after its stop_machine() ended: nothing */
	if (!__atomic_load_n(&sm_active, __ATOMIC_ACQUIRE))
		return 1;
	for (i = 0; i < __atomic_load_n(&sm_nr, __ATOMIC_ACQUIRE); i++)
		if (sm_threads[i].tid == tid)
			__atomic_store_n(&sm_threads[i].state, T_STOPPED,
					 __ATOMIC_RELEASE);
	/* wake the patching thread: one more is in */
	__atomic_add_fetch(&sm_arrived, 1, __ATOMIC_RELEASE);
	syscall(SYS_futex, &sm_arrived, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0);
	/* until this stop_machine() ends, and not some later one */
	while (__atomic_load_n(&sm_gen, __ATOMIC_ACQUIRE) == gen)
		syscall(SYS_futex, &sm_gen, FUTEX_WAIT_PRIVATE, gen, NULL,
			NULL, 0);
	return 1;
}

static int sm_signal(int pid, int tid)
{
	siginfo_t si;

	memset(&si, 0, sizeof(si));
	si.si_signo = STOP_MACHINE_SIGNAL;
	si.si_code = SI_QUEUE;
	si.si_pid = pid;
	si.si_uid = getuid();
	si.si_value.sival_ptr = &sm_gen;
	return syscall(SYS_rt_tgsigqueueinfo, pid, tid, STOP_MACHINE_SIGNAL,
		       &si);
}

/* 1 if the thread blocks sig (/proc), 0 if not, -1 if it is gone. */
static int sm_blocks(int tid, int sig)
{
	char path[64], buf[2048], *p;
	unsigned long long blk;
	int fd, n;

	snprintf(path, sizeof(path), "/proc/self/task/%d/status", tid);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return -1;
	buf[n] = 0;
	p = strstr(buf, "\nSigBlk:");
	if (!p)
		return 0;
	blk = strtoull(p + 8, NULL, 16);
	return (blk >> (sig - 1)) & 1;
}

static int sm_foreign_tid(int tid)
{
	int i;

	for (i = 0; i < sm_nr_foreign; i++)
		if (sm_foreign[i] == tid)
			return 1;
	return 0;
}

/*
 * Call fn for every thread of the process but self; stops at the first
 * nonzero answer.  Returns that, 0, or -errno.
 */
static int sm_for_each_task(int self, int (*fn)(int tid))
{
	char buf[4096];
	int fd, n, ret = 0;

	fd = open("/proc/self/task", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	while (!ret && (n = syscall(SYS_getdents64, fd, buf, sizeof(buf))) > 0) {
		int off = 0;

		while (!ret && off < n) {
			struct {
				unsigned long long ino;
				long long off;
				unsigned short reclen;
				unsigned char type;
				char name[];
			} *d = (void *)(buf + off);
			int tid = atoi(d->name);

			off += d->reclen;
			if (tid > 0 && tid != self)
				ret = fn(tid);
		}
	}
	close(fd);
	return ret;
}

/* Add a thread not known yet: 1 added, 0 known or not ours, < 0 full. */
static int sm_add(int tid)
{
	int i;

	if (sm_foreign_tid(tid))
		return 0;
	for (i = 0; i < sm_nr; i++)
		if (sm_threads[i].tid == tid)
			return 0;
	if (sm_nr == MAX_THREADS)
		return -E2BIG;
	sm_threads[sm_nr].tid = tid;
	sm_threads[sm_nr].state = 0;
	__atomic_store_n(&sm_nr, sm_nr + 1, __ATOMIC_RELEASE);
	return 0;
}

static int sm_scan(int self)
{
	int before = sm_nr, ret = sm_for_each_task(self, sm_add);

	return ret < 0 ? ret : sm_nr - before;
}

/* ms in the clock's ns, without overflowing a 32-bit long */
static uint64_t ms_to_ns(unsigned long ms)
{
	return (uint64_t)ms * NSEC_PER_MSEC;
}

/*
 * Signal every thread not signalled yet; 1 when all are in, 0 while some
 * are on their way, -EBUSY with sm_error set when one blocks the signal.
 *
 * A thread that is leaving blocks every signal too: glibc's start_thread()
 * does so before its last system call, and qemu-user's exit path after it
 * has already released pthread_join().  Such a thread is given
 * STOP_MACHINE_EXIT_GRACE_MS to disappear before the stop is refused.
 */
static int sm_round(int pid, uint64_t start)
{
	int i, done = 1;

	for (i = 0; i < sm_nr; i++) {
		struct sm_thread *t = &sm_threads[i];
		int state = __atomic_load_n(&t->state, __ATOMIC_ACQUIRE);

		if (state == T_STOPPED || state == T_GONE)
			continue;
		/* waiting for a kit lock to fork: as good as stopped */
		if (fork_lock_waiting(t->tid)) {
			t->state = T_STOPPED;
			continue;
		}
		done = 0;
		if (state == T_SIGNALLED) {
			/* it may exit with our signal still pending */
			if (syscall(SYS_tgkill, pid, t->tid, 0) && errno == ESRCH)
				t->state = T_GONE;
			continue;
		}
		switch (sm_blocks(t->tid, STOP_MACHINE_SIGNAL)) {
		case -1:
			t->state = T_GONE;	/* it has exited */
			continue;
		case 1:
			if (ktime_get_ns() - start <
			    ms_to_ns(STOP_MACHINE_EXIT_GRACE_MS))
				continue;
			snprintf(sm_error, sizeof(sm_error), "stop_machine: "
				 "thread %d blocks signal %d and cannot be "
				 "stopped; code left unchanged", t->tid,
				 STOP_MACHINE_SIGNAL);
			return -EBUSY;
		}
		t->state = T_SIGNALLED;
		if (sm_signal(pid, t->tid) && errno == ESRCH)
			t->state = T_GONE;
	}
	return done;
}

/*
 * Sleep until a thread checks in, SM_SLICE_MS passed or the deadline came.
 * The futex is given the end of the slice, not its length: a wait that
 * is started again (qemu-user re-executes a system call that a signal
 * interrupted before it began, with the arguments it had) still ends
 * then.  The caller reads the clock after every slice, so the deadline
 * holds whatever one slice did.
 */
#define SM_SLICE_MS	2

static void sm_wait(uint64_t deadline)
{
	int seen = __atomic_load_n(&sm_arrived, __ATOMIC_ACQUIRE);
	uint64_t end = ktime_get_ns() + ms_to_ns(SM_SLICE_MS);
	struct __kernel_old_timespec ts;

	ts = ns_to_kernel_old_timespec(end < deadline ? end : deadline);
	syscall(SYS_futex, &sm_arrived, FUTEX_WAIT_BITSET_PRIVATE, seen, &ts,
		NULL, FUTEX_BITSET_MATCH_ANY);
}

/* The first signalled thread that has not checked in (0: none). */
static int sm_late(void)
{
	int i;

	for (i = 0; i < sm_nr; i++)
		if (__atomic_load_n(&sm_threads[i].state, __ATOMIC_ACQUIRE) ==
		    T_SIGNALLED)
			return sm_threads[i].tid;
	return 0;
}

int stop_machine(int (*fn)(void *data), void *data)
{
	int self = sys_gettid(), pid = getpid(), ret;
	uint64_t start = ktime_get_ns();
	uint64_t deadline = start + ms_to_ns(STOP_MACHINE_TIMEOUT_MS);
	irqflags_t flags;

	sm_error[0] = 0;
	if (!sm_reserved) {
		ret = trap_signal_reserve(STOP_MACHINE_SIGNAL, sm_handler, 0);
		if (ret) {
			snprintf(sm_error, sizeof(sm_error), "stop_machine: "
				 "cannot take signal %d: %s",
				 STOP_MACHINE_SIGNAL, strerror(-ret));
			return -EBUSY;
		}
		sm_reserved = 1;
	}
	local_irq_save(flags);
	sm_nr = 0;
	__atomic_store_n(&sm_active, 1, __ATOMIC_RELEASE);
	for (;;) {
		ret = sm_scan(self);
		if (ret < 0) {
			snprintf(sm_error, sizeof(sm_error),
				 "stop_machine: cannot list the threads: %s",
				 strerror(-ret));
			ret = -EBUSY;
			goto out;
		}
		ret = sm_round(pid, start);
		if (ret < 0)
			goto out;
		if (ret == 1 && sm_scan(self) == 0)
			break;
		sm_wait(deadline);
		if (ktime_get_ns() >= deadline) {
			snprintf(sm_error, sizeof(sm_error), "stop_machine: "
				 "thread %d did not stop within %d ms (does it "
				 "block signal %d?); code left unchanged",
				 sm_late(), STOP_MACHINE_TIMEOUT_MS,
				 STOP_MACHINE_SIGNAL);
			ret = -EBUSY;
			goto out;
		}
	}
	ret = fn(data);
out:
	__atomic_store_n(&sm_active, 0, __ATOMIC_RELEASE);
	__atomic_add_fetch(&sm_gen, 1, __ATOMIC_RELEASE);
	syscall(SYS_futex, &sm_gen, FUTEX_WAKE_PRIVATE, INT_MAX, NULL, NULL,
		0);
	local_irq_restore(flags);
	return ret;
}

static int sm_note_foreign(int tid)
{
	if (sm_nr_foreign < MAX_FOREIGN)
		sm_foreign[sm_nr_foreign++] = tid;
	return 0;
}

void stop_machine_exclude_current(void)
{
	sm_note_foreign(sys_gettid());
}

/*
 * The threads alive before the program runs any code of its own: not its
 * threads (qemu-user's).  Natively there are none.
 */
static void sm_find_foreign(void)
{
	sm_nr_foreign = 0;
	sm_for_each_task(sys_gettid(), sm_note_foreign);
}

/*
 * A child of fork() has only the thread that forked, and whatever
 * qemu-user started for it before the program's code runs again.
 */
static void sm_after_fork(void)
{
	sm_nr = 0;
	sm_active = 0;
	sm_find_foreign();
}

static __init_core void stop_machine_init(void)
{
	sm_find_foreign();
	pthread_atfork(NULL, NULL, sm_after_fork);
}
