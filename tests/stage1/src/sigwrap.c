// SPDX-License-Identifier: GPL-2.0
/*
 * Handlers installed with the old interfaces the C library still has
 * besides sigaction() and signal(): sigset() (System V, with SIG_HOLD),
 * sysv_signal() (one-shot, not blocked while it runs) and ssignal().
 * Prints what each call returned and what the handlers saw; the same
 * program built without the kit must print the same
 * (tests/stage1/test_signal_wrappers.sh), and traced, each handler runs
 * in a handler's context.
 */
#define _GNU_SOURCE	/* sighandler_t, sigset(), SIG_HOLD, sysv_signal() */
#include <signal.h>
#include <stdio.h>

#define noinline	__attribute__((noipa))

static volatile int hits_sigset, hits_sysv, hits_ssignal;

noinline void h_sigset(int sig)
{
	hits_sigset++;
}

noinline void h_sysv(int sig)
{
	hits_sysv++;
}

noinline void h_ssignal(int sig)
{
	hits_ssignal++;
}

static const char *name(sighandler_t h)
{
	if (h == SIG_DFL)
		return "DFL";
	if (h == SIG_IGN)
		return "IGN";
	if (h == SIG_HOLD)
		return "HOLD";
	if (h == SIG_ERR)
		return "ERR";
	if (h == h_sigset)
		return "h_sigset";
	if (h == h_sysv)
		return "h_sysv";
	if (h == h_ssignal)
		return "h_ssignal";
	return "other";
}

/* what sigaction() says is installed for sig */
static void query(const char *what, int sig)
{
	struct sigaction sa;

	if (sigaction(sig, NULL, &sa)) {
		printf("%s: sigaction failed\n", what);
		return;
	}
	printf("%s: %s, resethand %d, nodefer %d\n", what,
	       name(sa.sa_handler), !!(sa.sa_flags & SA_RESETHAND),
	       !!(sa.sa_flags & SA_NODEFER));
}

static int blocked(int sig)
{
	sigset_t cur;

	sigprocmask(SIG_BLOCK, NULL, &cur);
	return sigismember(&cur, sig);
}

int main(void)
{
	/* sigset(): install, hold, install again (which releases) */
	printf("sigset: old %s\n", name(sigset(SIGUSR1, h_sigset)));
	query("sigset", SIGUSR1);
	raise(SIGUSR1);
	printf("sigset: hits %d\n", hits_sigset);
	printf("hold: old %s\n", name(sigset(SIGUSR1, SIG_HOLD)));
	printf("hold: blocked %d\n", blocked(SIGUSR1));
	raise(SIGUSR1);		/* pending */
	printf("hold: hits %d\n", hits_sigset);
	printf("release: old %s\n", name(sigset(SIGUSR1, h_sigset)));
	printf("release: blocked %d, hits %d\n", blocked(SIGUSR1),
	       hits_sigset);
	printf("bad: %s\n", name(sigset(0, h_sigset)));

	/* sysv_signal(): one shot */
	printf("sysv: old %s\n", name(sysv_signal(SIGUSR2, h_sysv)));
	query("sysv", SIGUSR2);
	raise(SIGUSR2);
	printf("sysv: hits %d\n", hits_sysv);
	query("sysv after", SIGUSR2);
	printf("sysv again: old %s\n", name(sysv_signal(SIGUSR2, h_sysv)));
	raise(SIGUSR2);
	printf("sysv: hits %d\n", hits_sysv);
	printf("bad: %s\n", name(sysv_signal(-1, h_sysv)));

	/* ssignal(): the C library's other name for signal() */
	printf("ssignal: old %s\n", name(ssignal(SIGHUP, h_ssignal)));
	raise(SIGHUP);
	raise(SIGHUP);
	printf("ssignal: hits %d\n", hits_ssignal);
	printf("ssignal: old %s\n", name(ssignal(SIGHUP, SIG_DFL)));
	return 0;
}
