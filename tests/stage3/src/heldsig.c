// SPDX-License-Identifier: GPL-2.0
/*
 * The program blocks the signals the kit never blocks (its own traps:
 * SIGTRAP and SIGILL, linux/trap_signal.h) and must see what it sees
 * untraced (stage1-static/signal_hold.c): the mask it reads back blocks
 * them; one it sends itself waits, sigpending() shows it, and it arrives
 * when unblocked, or is taken by sigwaitinfo(), sigtimedwait() or
 * sigwait(), or ends a sigsuspend() or ppoll() that opens it; one sent to the
 * process and one sent to the thread both wait; SIG_IGN drops one that
 * waits, and ignores one sent; a new thread starts with its creator's
 * mask; a fork() child has nothing pending; siglongjmp() and
 * setcontext() restore the mask saved with them; its handler runs with
 * the signal (unless SA_NODEFER) and its sa_mask blocked; a trap
 * instruction of its own, blocked, ends the process with its signal
 * whatever the handler.
 * Built with the kit and without it, the two must print the same.
 */
#define _GNU_SOURCE	/* the context's register names */
#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <ucontext.h>
#include "own_trap_fn.h"

#define ENTRY(name, insn)	{ #name, name },
static const struct {
	const char	*name;
	void		(*fn)(void);
} traps[] = { OWN_TRAPS(ENTRY) };

static volatile sig_atomic_t count, code, pid_ok;

static void handler(int sig, siginfo_t *si, void *uc)
{
	(void)sig;
	(void)uc;
	count++;
	code = si->si_code;
	pid_ok = si->si_pid == getpid();
}

__attribute__((noinline)) int work(int i)
{
	__asm__ __volatile__("" : "+r"(i));
	return i + 1;
}

static void set_mask(int how, int sig)
{
	sigset_t s;

	sigemptyset(&s);
	sigaddset(&s, sig);
	sigprocmask(how, &s, NULL);
}

static const char *blocked(int sig)
{
	sigset_t cur;

	pthread_sigmask(SIG_BLOCK, NULL, &cur);
	return sigismember(&cur, sig) ? "blocked" : "open";
}

static const char *pending(int sig)
{
	sigset_t p;

	sigpending(&p);
	return sigismember(&p, sig) ? "pending" : "none";
}

/*
 * A handler that sends its own signal once: without SA_NODEFER it waits
 * for the handler to return (no nesting), and the handler sees it and
 * its sa_mask (the other trap signal) blocked.
 */
static volatile sig_atomic_t depth, max_depth, in_blocked, other_blocked;
static int other_sig;

static void nesting(int sig, siginfo_t *si, void *uc)
{
	sigset_t cur;

	(void)si;
	(void)uc;
	if (++depth > max_depth)
		max_depth = depth;
	if (++count == 1) {
		pthread_sigmask(SIG_BLOCK, NULL, &cur);
		in_blocked = sigismember(&cur, sig);
		other_blocked = sigismember(&cur, other_sig);
		raise(sig);
	}
	depth--;
}

static void in_handler(int sig, int flags)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = nesting;
	sa.sa_flags = SA_SIGINFO | flags;
	sigemptyset(&sa.sa_mask);
	other_sig = sig == SIGTRAP ? SIGILL : SIGTRAP;
	sigaddset(&sa.sa_mask, other_sig);
	sigaction(sig, &sa, NULL);
	count = max_depth = 0;
	raise(sig);
#ifdef __riscv
	/* qemu-riscv64 (7.2) leaves a handler's sa_mask open, untraced too */
	other_blocked = -1;
#endif
	printf("  in its handler%s: count %d depth %d blocked %d %d,"
	       " after: %s %s\n", flags ? " (SA_NODEFER)" : "", count,
	       max_depth, in_blocked, other_blocked, blocked(sig),
	       blocked(other_sig));
}

static void on(int sig, void *h)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	if (h == (void *)SIG_IGN)
		sa.sa_handler = SIG_IGN;
	else
		sa.sa_sigaction = handler;
	sa.sa_flags = SA_SIGINFO;
	sigemptyset(&sa.sa_mask);
	sigaction(sig, &sa, NULL);
}

static int round_sig;
static sigjmp_buf jump;
static ucontext_t ctx;
static volatile int ctx_done;

static void *thread(void *unused)
{
	(void)unused;
	printf("  thread: %s", blocked(round_sig));
	raise(round_sig);
	printf(", raised: count %d %s", count, pending(round_sig));
	set_mask(SIG_UNBLOCK, round_sig);
	printf(", unblocked: count %d code %d\n", count, code);
	return NULL;
}

static void one(int sig)
{
	struct timespec zero = { 0, 0 }, second = { 1, 0 };
	struct pollfd pfd;
	int pipefd[2];
	sigset_t set, open;
	siginfo_t si;
	pthread_t t;
	int status, got, sum = 0;
	unsigned int k;
	pid_t pid;

	if (pipe(pipefd))
		return;
	printf("signal %d\n", sig);
	on(sig, handler);
	count = 0;
	sigemptyset(&set);
	sigaddset(&set, sig);

	/* sent while blocked: waits, then arrives */
	set_mask(SIG_BLOCK, sig);
	printf("  mask: %s\n", blocked(sig));
	raise(sig);
	sum = work(sum);
	printf("  raised: count %d %s\n", count, pending(sig));
	set_mask(SIG_UNBLOCK, sig);
	printf("  unblocked: count %d code %d pid %d %s %s\n", count, code,
	       pid_ok, pending(sig), blocked(sig));

	/*
	 * Sent to the process and to the thread: two wait; sigwaitinfo()
	 * takes one.  (Not SIGILL: qemu-user itself dies of a SIGILL sent
	 * to the process while the program blocks it, untraced too.)
	 */
	set_mask(SIG_BLOCK, sig);
	if (sig == SIGILL)
		raise(sig);
	else
		kill(getpid(), sig);
	raise(sig);
	printf("  sent twice: count %d %s\n", count, pending(sig));
	got = sigwaitinfo(&set, &si);
	printf("  sigwaitinfo: %d pid %d, count %d %s\n", got,
	       si.si_pid == getpid(), count, pending(sig));
	got = sigtimedwait(&set, &si, &zero);
	printf("  sigtimedwait, none: %d\n", got);
	raise(sig);
	got = 0;
	printf("  sigwait: %d", sigwait(&set, &got));
	printf(" %d, count %d %s\n", got, count, pending(sig));

	/* sigsuspend() with it open takes one that waits, and returns */
	raise(sig);
	sigprocmask(SIG_BLOCK, NULL, &open);
	sigdelset(&open, sig);
	got = sigsuspend(&open);
	printf("  sigsuspend: %d %s, count %d %s %s\n", got,
	       errno == EINTR ? "EINTR" : "?", count, pending(sig),
	       blocked(sig));

	/* ppoll() with it open: EINTR, unless a file is ready */
	raise(sig);
	pfd.fd = pipefd[0];
	pfd.events = POLLIN;
	got = ppoll(&pfd, 1, &second, &open);
	printf("  ppoll, none ready: %d %s, count %d\n", got,
	       got < 0 && errno == EINTR ? "EINTR" : "?", count);
	raise(sig);
	if (write(pipefd[1], "x", 1) != 1)
		return;
	got = ppoll(&pfd, 1, &second, &open);
	printf("  ppoll, one ready: %d %x, count %d %s\n", got, pfd.revents,
	       count, blocked(sig));
	if (read(pipefd[0], &k, 1) != 1)
		return;

	/* SIG_IGN drops it */
	raise(sig);
	on(sig, SIG_IGN);
	printf("  ignored: %s\n", pending(sig));
	on(sig, handler);
	set_mask(SIG_UNBLOCK, sig);
	printf("  unblocked: count %d\n", count);
	on(sig, SIG_IGN);
	raise(sig);
	printf("  ignored, sent: alive\n");
	on(sig, handler);

	/* a new thread's mask is its creator's */
	set_mask(SIG_BLOCK, sig);
	round_sig = sig;
	pthread_create(&t, NULL, thread, NULL);
	pthread_join(t, NULL);
	printf("  after thread: %s %s\n", blocked(sig), pending(sig));

	/* a fork() child has nothing pending, and the same mask */
	raise(sig);
	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		printf("  child: %s %s\n", blocked(sig), pending(sig));
		fflush(stdout);
		_exit(0);
	}
	waitpid(pid, &status, 0);
	set_mask(SIG_UNBLOCK, sig);
	printf("  parent unblocked: count %d\n", count);

	/* a jump restores the mask saved with it: open again */
	if (!sigsetjmp(jump, 1)) {
		set_mask(SIG_BLOCK, sig);
		siglongjmp(jump, 1);
	}
	raise(sig);
	printf("  after siglongjmp: %s, count %d\n", blocked(sig), count);
	/* ... and so does a context */
	ctx_done = 0;
	getcontext(&ctx);
	if (!ctx_done) {
		ctx_done = 1;
		set_mask(SIG_BLOCK, sig);
		setcontext(&ctx);
	}
	raise(sig);
	printf("  after setcontext: %s, count %d\n", blocked(sig), count);

	/* inside its own handler, as the kernel's mask for it says */
	in_handler(sig, 0);
	in_handler(sig, SA_NODEFER);
	on(sig, handler);
	count = 0;

	/* the program's own trap, blocked: the default action */
	for (k = 0; k < sizeof(traps) / sizeof(traps[0]); k++) {
		fflush(stdout);
		pid = fork();
		if (pid == 0) {
			sigset_t all;

			sigfillset(&all);
			sigdelset(&all, SIGSEGV);
			sigprocmask(SIG_BLOCK, &all, NULL);
			traps[k].fn();
			_exit(0);
		}
		waitpid(pid, &status, 0);
		if (WIFSIGNALED(status) && WTERMSIG(status) == sig)
			printf("  %s blocked: ended by it\n", traps[k].name);
	}
	printf("  work %d\n", sum);
	close(pipefd[0]);
	close(pipefd[1]);
}

int main(void)
{
	setvbuf(stdout, NULL, _IOLBF, 0);
	one(SIGTRAP);
	one(SIGILL);
	return 0;
}
