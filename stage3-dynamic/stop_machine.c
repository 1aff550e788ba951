// SPDX-License-Identifier: GPL-2.0
/*
 * stop_machine() for a process (include/linux/stop_machine.h).
 *
 * The kernel stops every other CPU in a busy loop with interrupts off
 * while it patches code.  Here every other thread of the process is sent
 * STOP_MACHINE_SIGNAL (tgkill); its handler counts itself in and waits on a
 * futex until the patching thread lets it go.  A signal is only taken
 * between two instructions, so no stopped thread is inside a site, and
 * the way out of the handler (rt_sigreturn) is the serializing event x86
 * needs before running modified code.
 *
 * The threads are found in /proc/self/task, read with getdents64 into a
 * stack buffer: once some threads are stopped, one of them may hold the
 * malloc lock, so nothing here allocates.  After everyone is in, the list
 * is read again: a thread started meanwhile is stopped too.
 *
 * A thread whose signal mask blocks the signal cannot be stopped.  If it
 * is asleep in the kernel it runs no user code: it is left alone, and its
 * context-switch counts prove afterwards that it stayed asleep (qemu-user
 * has such a thread of its own: it does wake now and then, so a wake-up is
 * only noted in stop_machine_error(), not treated as a failure).  The mask is read from /proc; under
 * qemu-user it is qemu's, not the program's, so a thread that was
 * signalled and stays asleep without running for STOP_MACHINE_ASLEEP_MS is
 * taken to block the signal too.  One that keeps running with the signal
 * blocked makes stop_machine() give up after STOP_MACHINE_TIMEOUT_MS with
 * -EBUSY and a one-line reason, having changed nothing.
 *
 * Cost to the stopped threads: a system call they were in is interrupted;
 * SA_RESTART restarts most, but those Linux never restarts (nanosleep,
 * poll, select, epoll_wait, ...) return EINTR, as they do for any signal
 * (a profiler's SIGPROF, say).
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <linux/futex.h>
#include <sys/syscall.h>
#include <limits.h>
#include <linux/stop_machine.h>

#define MAX_THREADS	4096
/* signalled, asleep and not run for this long: it does not take signals */
#define STOP_MACHINE_ASLEEP_MS	500

enum { T_SIGNALLED = 1, T_STOPPED, T_ASLEEP, T_GONE };

struct sm_thread {
	int		tid;
	int		state;		/* T_* */
	unsigned long	switches;	/* T_ASLEEP: context switches seen */
	unsigned long	asleep_since;	/* ms; 0: not seen asleep */
};

static struct sm_thread sm_threads[MAX_THREADS];
static int sm_nr;
static int sm_gen;			/* futex word: +1 at each end */
static int sm_active;			/* a stop_machine() is running */
static int sm_arrived;			/* futex word */
static char sm_error[256];
static int sm_installed;

const char *stop_machine_error(void)
{
	return sm_error;
}

static long sys_gettid(void)
{
	return syscall(SYS_gettid);
}

static void sm_handler(int sig, siginfo_t *si, void *uc)
{
	int saved = errno, i, tid = sys_gettid();
	int gen = __atomic_load_n(&sm_gen, __ATOMIC_ACQUIRE);

	/* a signal that arrives after its stop_machine() ended: ignore it */
	if (!__atomic_load_n(&sm_active, __ATOMIC_ACQUIRE))
		goto out;
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
out:
	errno = saved;
}

static int sm_install(void)
{
	struct sigaction sa, old;

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = sm_handler;
	sa.sa_flags = SA_SIGINFO | SA_RESTART;
	sigfillset(&sa.sa_mask);
	if (sigaction(STOP_MACHINE_SIGNAL, &sa, &old))
		return -errno;
	sm_installed = 1;
	return 0;
}

/* The program may have taken the signal for itself since. */
static int sm_still_ours(void)
{
	struct sigaction cur;

	return !sigaction(STOP_MACHINE_SIGNAL, NULL, &cur) &&
	       (cur.sa_flags & SA_SIGINFO) && cur.sa_sigaction == sm_handler;
}

/*
 * From /proc/self/task/<tid>/status: 1 if the thread blocks sig; its
 * state letter; voluntary + involuntary context switches.
 */
static int read_status(int tid, int sig, char *state, unsigned long *sw)
{
	char path[64], buf[2048], *p;
	unsigned long long blk = 0;
	int fd, n;

	snprintf(path, sizeof(path), "/proc/self/task/%d/status", tid);
	fd = open(path, O_RDONLY);
	if (fd < 0)
		return -1;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return -1;
	buf[n] = 0;
	*state = '?';
	*sw = 0;
	if ((p = strstr(buf, "\nState:")))
		sscanf(p + 7, " %c", state);
	if ((p = strstr(buf, "\nSigBlk:")))
		blk = strtoull(p + 8, NULL, 16);
	if ((p = strstr(buf, "\nvoluntary_ctxt_switches:")))
		*sw += strtoul(p + 25, NULL, 10);
	if ((p = strstr(buf, "\nnonvoluntary_ctxt_switches:")))
		*sw += strtoul(p + 28, NULL, 10);
	return (blk >> (sig - 1)) & 1;
}

/* Add the threads not known yet; returns how many were added. */
static int sm_scan(int self)
{
	char buf[4096];
	int fd, n, added = 0;

	fd = open("/proc/self/task", O_RDONLY | O_DIRECTORY);
	if (fd < 0)
		return -errno;
	while ((n = syscall(SYS_getdents64, fd, buf, sizeof(buf))) > 0) {
		int off = 0;

		while (off < n) {
			struct {
				unsigned long long ino;
				long long off;
				unsigned short reclen;
				unsigned char type;
				char name[];
			} *d = (void *)(buf + off);
			int tid = atoi(d->name), i;

			off += d->reclen;
			if (tid <= 0 || tid == self)
				continue;
			for (i = 0; i < sm_nr; i++)
				if (sm_threads[i].tid == tid)
					break;
			if (i < sm_nr)
				continue;
			if (sm_nr == MAX_THREADS) {
				close(fd);
				return -E2BIG;
			}
			sm_threads[sm_nr].tid = tid;
			sm_threads[sm_nr].state = 0;
			sm_threads[sm_nr].asleep_since = 0;
			sm_threads[sm_nr].switches = 0;
			__atomic_store_n(&sm_nr, sm_nr + 1, __ATOMIC_RELEASE);
			added++;
		}
	}
	close(fd);
	return added;
}

static unsigned long now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000UL + ts.tv_nsec / 1000000;
}

/* Signal or set aside every thread not handled yet; 1 when all are in. */
static int sm_round(int self, int pid, int *blocker)
{
	int i, done = 1;

	for (i = 0; i < sm_nr; i++) {
		struct sm_thread *t = &sm_threads[i];
		int state = __atomic_load_n(&t->state, __ATOMIC_ACQUIRE);
		unsigned long sw;
		int blk, asleep;
		char st;

		if (state == T_STOPPED || state == T_ASLEEP ||
		    state == T_GONE)
			continue;
		blk = read_status(t->tid, STOP_MACHINE_SIGNAL, &st, &sw);
		if (blk < 0) {
			t->state = T_GONE;	/* it has exited */
			continue;
		}
		asleep = st == 'S' || st == 'D';
		if (!state && blk && asleep) {
			t->switches = sw;
			t->state = T_ASLEEP;
			continue;
		}
		/* (the handler may mark it stopped meanwhile: that wins) */
		if (state == T_SIGNALLED && asleep && sw == t->switches &&
		    t->asleep_since &&
		    now_ms() - t->asleep_since >= STOP_MACHINE_ASLEEP_MS &&
		    __atomic_compare_exchange_n(&t->state, &state, T_ASLEEP, 0,
						__ATOMIC_ACQ_REL,
						__ATOMIC_ACQUIRE))
			continue;	/* signalled, not run since: blocked */
		if (!asleep)
			t->asleep_since = 0;
		else if (sw != t->switches || !t->asleep_since)
			t->asleep_since = now_ms();
		t->switches = sw;
		done = 0;
		if (blk || state == T_SIGNALLED) {
			*blocker = t->tid;
		} else {
			t->state = T_SIGNALLED;
			if (syscall(SYS_tgkill, pid, t->tid,
				    STOP_MACHINE_SIGNAL) && errno == ESRCH)
				t->state = T_GONE;
		}
	}
	return done;
}

/*
 * Sleep until a thread checks in or a few ms passed; return at once when
 * every thread is accounted for.
 */
static void sm_wait(void)
{
	struct timespec ts = { 0, 2000000 };
	int i, seen = __atomic_load_n(&sm_arrived, __ATOMIC_ACQUIRE);

	for (i = 0; i < sm_nr; i++) {
		int state = __atomic_load_n(&sm_threads[i].state,
					    __ATOMIC_ACQUIRE);

		if (state == T_SIGNALLED)
			break;
	}
	if (i == sm_nr)
		return;
	syscall(SYS_futex, &sm_arrived, FUTEX_WAIT_PRIVATE, seen, &ts, NULL,
		0);
}

/* Did the threads left asleep stay asleep the whole time? */
static int sm_sleepers_slept(void)
{
	int i;

	for (i = 0; i < sm_nr; i++) {
		struct sm_thread *t = &sm_threads[i];
		unsigned long sw;
		char st;

		if (t->state == T_ASLEEP &&
		    read_status(t->tid, STOP_MACHINE_SIGNAL, &st, &sw) >= 0 &&
		    sw != t->switches)
			return 0;
	}
	return 1;
}

int stop_machine(int (*fn)(void *data), void *data)
{
	int self = sys_gettid(), pid = getpid(), blocker = 0, ret;
	unsigned long start = now_ms();

	sm_error[0] = 0;
	if (!sm_installed && (ret = sm_install()))
		return ret;
	if (!sm_still_ours()) {
		snprintf(sm_error, sizeof(sm_error),
			 "stop_machine: the program handles signal %d itself",
			 STOP_MACHINE_SIGNAL);
		return -EBUSY;
	}
	sm_nr = 0;
	__atomic_store_n(&sm_active, 1, __ATOMIC_RELEASE);
	for (;;) {
		ret = sm_scan(self);
		if (ret < 0) {
			snprintf(sm_error, sizeof(sm_error),
				 "stop_machine: cannot list the threads: %s",
				 strerror(-ret));
			goto out;
		}
		if (sm_round(self, pid, &blocker) && sm_scan(self) == 0)
			break;
		sm_wait();
		if (now_ms() - start > STOP_MACHINE_TIMEOUT_MS) {
			snprintf(sm_error, sizeof(sm_error),
				 "stop_machine: thread %d did not stop within"
				 " %d ms (does it block signal %d?); code left"
				 " unchanged", blocker, STOP_MACHINE_TIMEOUT_MS,
				 STOP_MACHINE_SIGNAL);
			ret = -EBUSY;
			goto out;
		}
	}
	ret = fn(data);
	if (!sm_sleepers_slept())
		snprintf(sm_error, sizeof(sm_error),
			 "stop_machine: a thread that blocks signal %d woke"
			 " while code was being changed", STOP_MACHINE_SIGNAL);
out:
	__atomic_store_n(&sm_active, 0, __ATOMIC_RELEASE);
	__atomic_add_fetch(&sm_gen, 1, __ATOMIC_RELEASE);
	syscall(SYS_futex, &sm_gen, FUTEX_WAKE_PRIVATE, INT_MAX,
		NULL, NULL, 0);
	return ret;
}
