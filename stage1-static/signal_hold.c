// SPDX-License-Identifier: GPL-2.0
/*
 * The program's own mask of the never-blocked signals (linux/trap_signal.h):
 * the kit leaves them out of every real mask, and keeps here which of them
 * each thread believes it blocks ("held").  A held signal that is sent
 * (kill(), raise(), sigqueue(): si_code <= 0) waits here, as it would in
 * the kernel's queue, until the thread unblocks it (then it is sent again,
 * to the thread itself, with its siginfo) or takes it with sigwait(),
 * sigwaitinfo() or sigtimedwait(); sigpending() shows it, and SIG_IGN
 * drops it.  A held signal raised by an instruction (a fault: si_code > 0)
 * is what the kernel's force_sig_info_to_task() (kernel/signal.c, v6.12)
 * makes of a blocked trap: the default action, whatever the handler.
 *
 * Pending signals sent to the thread (tkill, tgkill: SI_TKILL) wait in
 * the thread's queue; the others in the process's, for the first thread
 * that unblocks or waits.  One of each kind a signal, as the kernel keeps
 * standard signals: a second one while the first waits merges with it.
 *
 * The held bits change with the program's mask calls (signal_mask.c):
 * sigprocmask(), pthread_sigmask(), the temporary masks of sigsuspend()
 * and its kin, a context's mask, the mask siglongjmp() restores (taken
 * as holding none of them: it was saved from the real one); a new thread
 * starts with its creator's (thread_start.c), a fork() child with none
 * pending.  What the kit does not follow: masks set by a raw system call
 * and a handler's sa_mask.
 */
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>
#include <sys/syscall.h>
#include <asm/raw_syscall.h>
#include <linux/hardirq.h>
#include <linux/init.h>
#include <linux/trap_signal.h>

#define HOLD_SLOTS	4	/* never-blocked signals, at most */

enum { SLOT_EMPTY, SLOT_BUSY, SLOT_FULL };

struct held_queue {
	unsigned int	state[HOLD_SLOTS];
	siginfo_t	info[HOLD_SLOTS];
};

/* the signal each slot is for, fixed once reserved */
static int hold_sigs[HOLD_SLOTS];
static struct held_queue process_queue;
static __thread struct held_queue thread_queue;
static __thread unsigned long held;	/* bit sig - 1 */
/* bumped by each signal kept: a wait that ended with EINTR for it */
static __thread unsigned int kept;

/*
 * Threads waiting in sigwaitinfo() and its kin, with the never-blocked
 * signals they wait for: a signal kept in the process's queue is sent on
 * to one of them, which the kernel then hands the signal directly.
 */
#define HOLD_WAITERS	16
static struct {
	int		tid;
	unsigned long	set;
} waiters[HOLD_WAITERS];

#define BIT(sig)	(1UL << ((sig) - 1))

/* (the kit's own call: raw, never a traced site nor an event) */
static int gettid_raw(void)
{
	return raw_syscall3(SYS_gettid, 0, 0, 0);
}

static int slot_of(int sig)
{
	int i;

	for (i = 0; i < HOLD_SLOTS; i++)
		if (__atomic_load_n(&hold_sigs[i], __ATOMIC_ACQUIRE) == sig)
			return i;
	return -1;
}

int trap_signal_hold_slot(int sig)
{
	int i, none = 0;

	if (slot_of(sig) >= 0)
		return 0;
	for (i = 0; i < HOLD_SLOTS; i++)
		if (__atomic_compare_exchange_n(&hold_sigs[i], &none, sig, 0,
						__ATOMIC_ACQ_REL,
						__ATOMIC_ACQUIRE))
			return 0;
		else
			none = 0;
	return -ENOSPC;
}

/* the never-blocked signals of set, as held bits */
static unsigned long held_of(const sigset_t *set)
{
	unsigned long bits = 0;
	int i, sig;

	for (i = 0; i < HOLD_SLOTS; i++) {
		sig = __atomic_load_n(&hold_sigs[i], __ATOMIC_ACQUIRE);
		if (sig && sigismember(set, sig) == 1)
			bits |= BIT(sig);
	}
	return bits;
}

unsigned long trap_signal_held(void)
{
	return held;
}

void trap_signal_hold_set(unsigned long bits)
{
	held = bits;
}

void trap_signal_hold_change(int how, const sigset_t *set)
{
	unsigned long bits;

	if (!set)
		return;
	bits = held_of(set);
	if (how == SIG_BLOCK)
		held |= bits;
	else if (how == SIG_UNBLOCK)
		held &= ~bits;
	else if (how == SIG_SETMASK)
		held = bits;
}

void trap_signal_hold_mask(sigset_t *mask, unsigned long bits)
{
	int i, sig;

	for (i = 0; i < HOLD_SLOTS; i++) {
		sig = __atomic_load_n(&hold_sigs[i], __ATOMIC_ACQUIRE);
		if (sig && (bits & BIT(sig)))
			sigaddset(mask, sig);
	}
}

/* Keep info in slot i of q, unless one waits there already (merged). */
static void queue_put(struct held_queue *q, int i, const siginfo_t *info)
{
	unsigned int empty = SLOT_EMPTY;

	if (!__atomic_compare_exchange_n(&q->state[i], &empty, SLOT_BUSY, 0,
					 __ATOMIC_ACQUIRE, __ATOMIC_RELAXED))
		return;
	q->info[i] = *info;
	__atomic_store_n(&q->state[i], SLOT_FULL, __ATOMIC_RELEASE);
}

/* Take what waits in slot i of q into info: 1, or 0 if nothing does. */
static int queue_take(struct held_queue *q, int i, siginfo_t *info)
{
	unsigned int full = SLOT_FULL;

	if (!__atomic_compare_exchange_n(&q->state[i], &full, SLOT_BUSY, 0,
					 __ATOMIC_ACQUIRE, __ATOMIC_RELAXED))
		return 0;
	*info = q->info[i];
	__atomic_store_n(&q->state[i], SLOT_EMPTY, __ATOMIC_RELEASE);
	return 1;
}

static int queue_has(struct held_queue *q, int i)
{
	return __atomic_load_n(&q->state[i], __ATOMIC_ACQUIRE) == SLOT_FULL;
}

/* slot i's signal waits, for the thread or the process */
static int waits(int i)
{
	return queue_has(&thread_queue, i) || queue_has(&process_queue, i);
}

/* ... taken, the thread's first (the kernel's order) */
static int take(int i, siginfo_t *info)
{
	return queue_take(&thread_queue, i, info) ||
	       queue_take(&process_queue, i, info);
}

/* The kit's own system call (no event shows it): sig with info, to tid. */
static void send_to(int tid, int sig, siginfo_t *info)
{
	int err = errno;

	kit_work_begin();
	syscall(SYS_rt_tgsigqueueinfo, raw_syscall3(SYS_getpid, 0, 0, 0), tid,
		sig, info);
	kit_work_end();
	errno = err;
}

static int waiter_for(int sig)
{
	int i, tid;

	for (i = 0; i < HOLD_WAITERS; i++) {
		tid = __atomic_load_n(&waiters[i].tid, __ATOMIC_ACQUIRE);
		if (tid && (__atomic_load_n(&waiters[i].set, __ATOMIC_ACQUIRE) &
			    BIT(sig)))
			return tid;
	}
	return 0;
}

int trap_signal_hold(int sig, siginfo_t *info)
{
	int i = slot_of(sig), tid;

	if (i < 0 || !(held & BIT(sig)))
		return 0;
	if (info->si_code > 0)
		return -1;	/* a fault: the kernel's forced default */
	kept++;
	if (info->si_code == SI_TKILL) {
		queue_put(&thread_queue, i, info);
		return 1;
	}
	tid = waiter_for(sig);
	if (tid && tid != gettid_raw())
		send_to(tid, sig, info);
	else
		queue_put(&process_queue, i, info);
	return 1;
}

/* What the thread unblocked is sent again, to itself: how many. */
int trap_signal_release(void)
{
	siginfo_t info;
	int i, sig, sent = 0;

	for (i = 0; i < HOLD_SLOTS; i++) {
		sig = __atomic_load_n(&hold_sigs[i], __ATOMIC_ACQUIRE);
		if (!sig || (held & BIT(sig)))
			continue;
		if (take(i, &info)) {
			send_to(gettid_raw(), sig, &info);
			sent++;
		}
	}
	return sent;
}

/*
 * The held set saved before a temporary change (a call's mask, a
 * context's, a handler's), again; what waited for that is sent on.
 * (With no never-blocked signal, held stays 0 and nothing waits.)
 */
void trap_signal_hold_restore(unsigned long bits)
{
	held = bits;
	trap_signal_release();
}

int trap_signal_would_open(const sigset_t *mask)
{
	unsigned long bits = held_of(mask);
	int i, sig;

	for (i = 0; i < HOLD_SLOTS; i++) {
		sig = __atomic_load_n(&hold_sigs[i], __ATOMIC_ACQUIRE);
		if (sig && !(bits & BIT(sig)) && waits(i))
			return 1;
	}
	return 0;
}

void trap_signal_pending(sigset_t *set)
{
	int i, sig;

	for (i = 0; i < HOLD_SLOTS; i++) {
		sig = __atomic_load_n(&hold_sigs[i], __ATOMIC_ACQUIRE);
		if (sig && waits(i))
			sigaddset(set, sig);
	}
}

void trap_signal_discard(int sig)
{
	siginfo_t info;
	int i = slot_of(sig);

	if (i < 0)
		return;
	while (take(i, &info))
		;
}

int trap_signal_take(const sigset_t *set, siginfo_t *info)
{
	int i, sig;

	for (i = 0; i < HOLD_SLOTS; i++) {
		sig = __atomic_load_n(&hold_sigs[i], __ATOMIC_ACQUIRE);
		if (!sig || sigismember(set, sig) != 1)
			continue;
		if (take(i, info))
			return sig;
	}
	return 0;
}

unsigned int trap_signal_kept(void)
{
	return kept;
}

int trap_signal_wait_begin(const sigset_t *set)
{
	int i, zero = 0, tid = gettid_raw();
	unsigned long bits = held_of(set);

	if (!bits)
		return -1;
	for (i = 0; i < HOLD_WAITERS; i++) {
		if (__atomic_compare_exchange_n(&waiters[i].tid, &zero, tid,
						0, __ATOMIC_ACQ_REL,
						__ATOMIC_RELAXED)) {
			__atomic_store_n(&waiters[i].set, bits,
					 __ATOMIC_RELEASE);
			return i;
		}
		zero = 0;
	}
	return -1;
}

void trap_signal_wait_end(int i)
{
	if (i < 0)
		return;
	__atomic_store_n(&waiters[i].set, 0, __ATOMIC_RELAXED);
	__atomic_store_n(&waiters[i].tid, 0, __ATOMIC_RELEASE);
}

/* A fork() child: the kernel starts its queues empty. */
static void hold_fork_child(void)
{
	memset(&thread_queue, 0, sizeof(thread_queue));
	memset(&process_queue, 0, sizeof(process_queue));
	memset(waiters, 0, sizeof(waiters));
}

static __init_core void hold_init(void)
{
	pthread_atfork(NULL, NULL, hold_fork_child);
}
